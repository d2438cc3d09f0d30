/**
 * Numbers inside messages follow the digits chosen for Arabic: the control room's window
 * labels, the jobs' time presets, a branch form hint and check, and a zone's range problem are
 * written with Arabic-Indic digits (٠-٩) when they are chosen, Latin ones otherwise, the
 * number of a zone's point among them; the coordinates a zone holds are shown as sent. The
 * English stays as it was.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale, i18n, LocaleProvider, type Digits } from '../../src/i18n';
import { WindowSwitch } from '../../src/features/control-room/WindowSwitch';
import { PRESETS } from '../../src/features/jobs/filters/time-range';
import { RenameDialog } from '../../src/features/branches/editor/RenameDialog';
import { inputMessageOf } from '../../src/features/branches/form/input-messages';
import { StatusFilter } from '../../src/features/jobs/filters/FilterFields';
import { ConfigContext, RuntimeConfig } from '../../src/config';
import { validatePolygon } from '../../src/geo';
import { issueText } from '../../src/map/geo-messages';
import { testStatuses } from './render';

afterEach(() => chooseLocale('en', 'latn', false));

const windowLabels = () => {
  const { unmount } = render(<WindowSwitch value="today" onChange={() => {}} />, { wrapper: LocaleProvider });
  const labels = within(screen.getByRole('group'))
    .getAllByRole('button')
    .map((b) => b.textContent);
  unmount();
  return labels;
};

const presetLabels = () => PRESETS.map((p) => i18n._(p.label));

const renameHint = () => {
  const { unmount } = render(
    <RenameDialog open currentId="LDN-01" originalId="LDN-01" onConfirm={() => {}} onCancel={() => {}} />,
    { wrapper: LocaleProvider },
  );
  const hint = screen.getByRole('textbox').getAttribute('aria-describedby');
  const text = hint
    ?.split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
  unmount();
  return text;
};

/** A zone whose second corner lies at latitude 95. */
const outOfRange = () =>
  validatePolygon([
    [
      [13.38, 52.52],
      [13.42, 95],
      [13.42, 52.545],
      [13.38, 52.52],
    ],
  ]).find((issue) => issue.code === 'out_of_range')!;

describe('digits inside messages', () => {
  it('English: as before', () => {
    expect(windowLabels()).toEqual(['Today', 'Last 24 h', '7 days', 'Custom']);
    expect(presetLabels()).toEqual(['Today', 'Last 24 h', 'Last 7 days']);
    expect(renameHint()).toContain('1-64 letters, digits, dots, dashes or underscores');
    expect(inputMessageOf('branchNameTooLong')).toBe('Name is at most 200 characters');
    expect(issueText(outOfRange())).toContain(
      "Point 2 of the zone's outline is out of range: latitude 95 is not between -90 and 90",
    );
  });

  it.each([
    [
      'latn',
      ['آخر 24 ساعة', '7 أيام'],
      ['آخر 24 ساعة', 'آخر 7 أيام'],
      'من 1 إلى 64 حرفًا',
      '200',
      '2',
      '-90 و90',
    ],
    [
      'arab',
      ['آخر ٢٤ ساعة', '٧ أيام'],
      ['آخر ٢٤ ساعة', 'آخر ٧ أيام'],
      'من ١ إلى ٦٤ حرفًا',
      '٢٠٠',
      '٢',
      '-٩٠ و٩٠',
    ],
  ] as const)('Arabic with %s digits', async (digits: Digits, windows, presets, hint, most, point, range) => {
    await chooseLocale('ar', digits, false);
    expect(windowLabels().slice(1, 3)).toEqual(windows);
    expect(presetLabels().slice(1)).toEqual(presets);
    expect(renameHint()).toContain(hint);
    expect(inputMessageOf('branchNameTooLong')).toBe(`لا يتجاوز الاسم ${most} حرف`);
    // The point's number and the bounds in the chosen digits; the latitude the zone holds as sent.
    expect(issueText(outOfRange())).toContain(
      `النقطة ${point} من حدود المنطقة خارج النطاق: خط العرض 95 ليس بين \u200e${range}`,
    );
  });

  it('the status code field: its example in Arabic-Indic digits, and a code typed in them is read', async () => {
    await chooseLocale('ar', 'arab', false);
    const config = RuntimeConfig.parse({ statuses: testStatuses });
    const chosen: (number | undefined)[] = [];
    const wrapper = ({ children }: { children: ReactNode }) => (
      <LocaleProvider>
        <ConfigContext value={config}>{children}</ConfigContext>
      </LocaleProvider>
    );
    render(<StatusFilter value={undefined} onChange={(code) => chosen.push(code)} />, { wrapper });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox'), 'other');
    const code = screen.getByPlaceholderText('مثل ١٢');
    await user.type(code, '٤٢{Enter}');
    expect(chosen).toEqual([42]);
    expect(code).not.toHaveAccessibleErrorMessage();
  });
});

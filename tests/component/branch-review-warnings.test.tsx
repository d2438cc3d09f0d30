/**
 * The findings of the review before a save, against the in-process server, named by zone as the
 * zone list beside the map shows them: a zone farther from the branch than the config allows
 * blocks the save; new warnings (an overlap with another branch's zone, the location outside
 * the zones) make Save say "Save with N warnings", which is the one confirmation; warnings
 * already there at the last save are listed apart and ask nothing. (Hours that end before they
 * start: branch-editor-save.test.tsx.)
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getBranch } from '../support/branches';
import { square } from '../support/geo';
import {
  zoneMapSuite,
  openEditor,
  putBranch,
  renderBranchApp,
  reviewAndSave,
  saveButton,
  zoneList,
} from './branch-support';

const suite = zoneMapSuite();

/** The items of one of the review's lists, as text: its new warnings by default. */
function reviewWarnings(review: HTMLElement, name: RegExp = /^\d+ warnings?$/): string[] {
  const list = within(review).queryByRole('list', { name });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '')
    : [];
}
const ALREADY_THERE = /^Already there \(\d+\)$/;
const BLOCKING = /^\d+ problems? blocks? the save$/;

describe('the review of a save with warnings', () => {
  it('lists a far zone and its overlap already there at the last save apart, and saves with one press', async () => {
    const user = userEvent.setup();
    // A London zone on the Manchester branch, over LDN-01's location (inside its "Central").
    const london = (await getBranch(suite(), 'LDN-01'))!.coordinates;
    const manchester = (await getBranch(suite(), 'MAN-01'))!;
    const own = manchester.delivery_zones!.features;
    await putBranch(suite(), 'MAN-01', {
      delivery_zones: {
        type: 'FeatureCollection',
        features: [
          ...own,
          {
            type: 'Feature',
            id: 'man-01-shoreditch',
            properties: { name: 'Shoreditch' },
            geometry: {
              type: 'Polygon',
              coordinates: [square(london.longitude - 0.005, london.latitude - 0.005, 0.01)],
            },
          },
        ],
      },
    });
    const number = own.length + 1;

    renderBranchApp({ server: suite(), path: '/branches/MAN-01' });
    await openEditor('Manchester');
    const list = await zoneList();
    // The editor warns (once the other branches' zones are in).
    await waitFor(() =>
      expect(within(list).getByRole('list', { name: 'Warnings of Shoreditch' })).toHaveTextContent(
        /overlaps zone "Central" of branch "LDN-01"/,
      ),
    );
    const editorCount = Number(
      /^(\d+) warnings?$/.exec(within(list).getByText(/^\d+ warnings?$/).textContent!)![1],
    );
    expect(editorCount).toBeGreaterThanOrEqual(2);

    // Any change to the zones sends them all: here a name. The zone keeps its warnings.
    await user.type(within(list).getByLabelText(`Name of zone ${number}`), ' (London)');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    const review = await screen.findByRole('dialog', { name: 'Review changes' });
    expect(reviewWarnings(review)).toEqual([]);
    expect(reviewWarnings(review, BLOCKING)).toEqual([]);
    const kept = reviewWarnings(review, ALREADY_THERE);
    expect(kept).toHaveLength(editorCount);
    const subject = `Zone ${number} (Shoreditch (London))`;
    expect(kept).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${escape(subject)}: Zone "Shoreditch \\(London\\)" overlaps zone "Central" of branch "LDN-01": `,
        ),
      ),
    );
    expect(kept).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${escape(subject)}: Zone "Shoreditch \\(London\\)" is 2\\d\\d km from the branch location`,
        ),
      ),
    );
    expect(review).toHaveAccessibleDescription(
      '1 change to branch MAN-01. Only the fields listed are sent; everything else stays as it is on the server.',
    );
    // Nothing new to confirm: the review's Save is the only press.
    await user.click(within(review).getByRole('button', { name: 'Save 1 change' }));
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((await getBranch(suite(), 'MAN-01'))!.delivery_zones!.features[number - 1]!.properties.name).toBe(
      'Shoreditch (London)',
    );
  }, 60_000); // the map's chunk, a review and a save

  it('blocks the save when the location moves away from the zones: each too far is an error', async () => {
    const user = userEvent.setup();
    const manchester = (await getBranch(suite(), 'MAN-01'))!;
    renderBranchApp({ server: suite(), path: '/branches/MAN-01' });
    await openEditor('Manchester');
    await zoneList();
    // The location 110 km north: every zone is now too far.
    const lat = screen.getByLabelText('Latitude');
    await user.clear(lat);
    await user.type(lat, String(manchester.coordinates.latitude + 1));
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    const review = await screen.findByRole('dialog', { name: 'Review changes' });
    const errors = reviewWarnings(review, BLOCKING);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    for (const error of errors)
      expect(error).toMatch(/is \d+ km from the branch location.*within 50 km\..*Saving is blocked/);
    expect(review).toHaveAccessibleDescription(
      new RegExp(`^1 change to branch MAN-01, with ${errors.length} problems? and \\d+ new warnings?\\.`),
    );
    const save = within(review).getByRole('button', { name: /^Save (1 change|with \d+ warnings?)$/ });
    expect(save).toBeDisabled();
    await user.click(within(review).getByRole('button', { name: 'Back to editing' }));
    expect((await getBranch(suite(), 'MAN-01'))!.coordinates.latitude).toBe(manchester.coordinates.latitude);
  });

  it('lists the branch location outside its zones when the location moves away from them', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server: suite(), path: '/branches/DXB-01' });
    await openEditor('Dubai');
    const list = await zoneList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1); // the seed's one zone
    const lat = screen.getByLabelText('Latitude');
    // About 17 km north: outside every zone, none of them far.
    const moved = (Number((lat as HTMLInputElement).value) + 0.15).toFixed(4);
    await user.clear(lat);
    await user.type(lat, moved);
    await waitFor(() =>
      expect(within(list).getByRole('list', { name: 'Warnings about the zones' })).toHaveTextContent(
        /^The branch location is outside/,
      ),
    );

    const review = await reviewAndSave(user, [], { warnings: 1 });
    expect(reviewWarnings(review)).toEqual([
      'Branch location: The branch location is outside its zone. Check the location, or draw a zone around it.',
    ]);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect((await getBranch(suite(), 'DXB-01'))!.coordinates.latitude).toBe(Number(moved));
  });
});

describe('the review of warnings already there', () => {
  it('lists the overlaps of zones the save does not touch apart, and saves a rename with one press', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server: suite(), path: '/branches/PAR-01' });
    await openEditor('Paris');
    const list = await zoneList();
    // The seed's zones of this branch overlap each other: the editor warns.
    await waitFor(() => expect(within(list).getByText('2 warnings')).toBeInTheDocument());
    const name = screen.getByLabelText('Name', { selector: 'input[name="name"]' });
    await user.clear(name);
    await user.type(name, 'Paris Bastille');

    await user.click(saveButton());
    const review = await screen.findByRole('dialog', { name: 'Review changes' });
    expect(reviewWarnings(review)).toEqual([]);
    expect(reviewWarnings(review, ALREADY_THERE)).toEqual([
      expect.stringMatching(/^Zone \d \(.+\): Zones ".+" and ".+" overlap: /),
      expect.stringMatching(/^Zone \d \(.+\): Zones ".+" and ".+" overlap: /),
    ]);
    await user.click(within(review).getByRole('button', { name: 'Save 1 change' }));
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect((await getBranch(suite(), 'PAR-01'))!.name).toBe('Paris Bastille');
  });

  it('is a plain "Save N changes" for a branch without warnings', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server: suite(), path: '/branches/MAD-01' });
    await openEditor('Madrid');
    const list = await zoneList();
    await waitFor(() => expect(within(list).getByText('All valid')).toBeInTheDocument());
    const name = screen.getByLabelText('Name', { selector: 'input[name="name"]' });
    await user.type(name, ' Marina');
    await user.click(saveButton());
    const review = await screen.findByRole('dialog', { name: 'Review changes' });
    expect(reviewWarnings(review)).toEqual([]);
    expect(within(review).queryByRole('button', { name: /warning/ })).toBeNull();
    await user.click(within(review).getByRole('button', { name: 'Save 1 change' }));
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

/** `text` as a regular expression that matches it literally. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

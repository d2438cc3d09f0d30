import { Fragment } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { sectionName, type PatchField } from '../form/fields';
import type { Change } from './review';
import shared from '../branches.module.css';
import s from './ChangeList.module.css';

const KIND_TEXT: Record<Change['kind'], MessageDescriptor> = {
  changed: msg`changed`,
  added: msg`added`,
  removed: msg`removed`,
  reordered: msg`reordered`,
  reshaped: msg`reshaped`,
  renamed: msg`renamed`,
};

/** Changes field by field, grouped by form section, with before and after. */
export function ChangeList({
  changes,
  flagged,
  flagText,
}: {
  changes: Change[];
  flagged?: ReadonlySet<PatchField>;
  flagText?: string;
}) {
  const { i18n } = useLingui();
  const sections = [...new Set(changes.map((c) => c.section))];
  return (
    <div>
      {sections.map((section) => (
        <Fragment key={section}>
          <h3 className={s.changeSection}>{sectionName(section)}</h3>
          <ul className={s.changeList}>
            {changes
              .filter((c) => c.section === section)
              .map((c) => (
                <li key={c.key} className={s.change}>
                  <div className={s.changeHead}>
                    <span className={s.changeLabel}>{c.label}</span>
                    <span className={shared.subtle}>{i18n._(KIND_TEXT[c.kind])}</span>
                    {flagged?.has(c.field) && flagText && (
                      <span className={shared.changedMark}>{flagText}</span>
                    )}
                  </div>
                  {(c.before !== undefined || c.after !== undefined) && (
                    <dl className={s.beforeAfter}>
                      {c.before !== undefined && (
                        <>
                          <dt>
                            <Trans>Before</Trans>
                          </dt>
                          <dd className={s.before}>{c.before}</dd>
                        </>
                      )}
                      {c.after !== undefined && (
                        <>
                          <dt>
                            <Trans>After</Trans>
                          </dt>
                          <dd>{c.after}</dd>
                        </>
                      )}
                    </dl>
                  )}
                  {c.details && c.details.length > 0 && (
                    <ul className={s.detailLines}>
                      {c.details.map((d) => (
                        <li key={d}>{d}</li>
                      ))}
                    </ul>
                  )}
                  {c.note && <div className={shared.note}>{c.note}</div>}
                </li>
              ))}
          </ul>
        </Fragment>
      ))}
    </div>
  );
}

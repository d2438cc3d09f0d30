/**
 * The editor's notice over the map (an import's or a clip's outcome): the answer first (the
 * title, then why), then the details a few at a time, the rest behind "and N more".
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Banner, Button } from '../ui';
import { formatCount } from '../lib/count';
import type { Notice } from './zone-file-flow';
import s from './ZoneEditor.module.css';

/** How many items a list shows before "and N more". */
const SHOWN = 3;

/** The first few items, the others behind an expandable "and N more". */
export function CappedList({ items, className }: { items: readonly string[]; className?: string }) {
  if (items.length === 0) return null;
  const first = items.slice(0, SHOWN);
  const rest = items.slice(SHOWN);
  const more = formatCount(rest.length);
  return (
    <div className={className}>
      <ul className={s.notes}>
        {first.map((item, i) => (
          <li key={`${i}:${item}`}>{item}</li>
        ))}
      </ul>
      {rest.length > 0 && (
        <details className={s.more}>
          <summary>
            <Trans>and {more} more</Trans>
          </summary>
          <ul className={s.notes}>
            {rest.map((item, i) => (
              <li key={`${i}:${item}`}>{item}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

export function EditorNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const { t } = useLingui();
  return (
    <div className={s.notice}>
      <Banner
        tone={notice.tone}
        role={notice.tone === 'danger' ? 'alert' : 'status'}
        actions={
          <Button size="sm" variant="ghost" onClick={onDismiss} aria-label={t`Dismiss`}>
            ✕
          </Button>
        }
      >
        <strong>{notice.title}</strong>
        {notice.message && <div>{notice.message}</div>}
        {notice.items && <CappedList items={notice.items} />}
        {notice.notes && <CappedList items={notice.notes} />}
      </Banner>
    </div>
  );
}

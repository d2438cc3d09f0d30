/**
 * The `list` param of the control room: which figure's jobs are listed, as text in the
 * URL (`completed`, `created:1732867200`, `branch:LDN-01`, `spells:6`), and its title in words.
 * Text the page cannot read lists nothing.
 */
import { msg } from '@lingui/core/macro';
import { i18n } from '../../i18n';
import type { FigurePick } from '../../rules/figure-jobs';

const PLAIN = ['jobs', 'completed', 'failed', 'cancelled', 'open', 'late', 'deliveries'] as const;

export function listParam(pick: FigurePick): string {
  switch (pick.kind) {
    case 'created':
    case 'delivered':
      return `${pick.kind}:${pick.at}`;
    case 'branch':
      return `branch:${pick.branch}`;
    case 'spells':
      return `spells:${pick.status}`;
    default:
      return pick.kind;
  }
}

export function parseListParam(text: string | undefined): FigurePick | null {
  if (text === undefined) return null;
  if ((PLAIN as readonly string[]).includes(text)) return { kind: text as (typeof PLAIN)[number] };
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  const kind = text.slice(0, colon);
  const value = text.slice(colon + 1);
  if (kind === 'branch') return { kind, branch: value };
  if (!/^\d{1,12}$/.test(value)) return null;
  if (kind === 'created' || kind === 'delivered') return { kind, at: Number(value) };
  if (kind === 'spells') return { kind, status: Number(value) };
  return null;
}

/** "Completed jobs", "Created in the hour from …", "Jobs of London", "Jobs with an ended spell in In transit". */
export function listTitle(
  pick: FigurePick,
  words: { bucket: (at: number) => string; branch: (id: string) => string; status: (code: number) => string },
): string {
  switch (pick.kind) {
    case 'created': {
      const when = words.bucket(pick.at);
      return i18n._(msg`Created ${when}`);
    }
    case 'delivered': {
      const when = words.bucket(pick.at);
      return i18n._(msg`Delivered ${when}`);
    }
    case 'branch': {
      const branch = words.branch(pick.branch);
      return i18n._(msg`Jobs of ${branch}`);
    }
    case 'spells': {
      const status = words.status(pick.status);
      return i18n._(msg`Jobs with an ended spell in ${status}`);
    }
    case 'jobs':
      return i18n._(msg`Jobs of the window`);
    case 'completed':
      return i18n._(msg`Completed jobs`);
    case 'failed':
      return i18n._(msg`Failed jobs`);
    case 'cancelled':
      return i18n._(msg`Cancelled jobs`);
    case 'open':
      return i18n._(msg`Open jobs`);
    case 'late':
      return i18n._(msg`Jobs late now`);
    case 'deliveries':
      return i18n._(msg`Jobs with completed deliveries`);
  }
}

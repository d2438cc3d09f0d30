/**
 * The `list` param of the control room (pure): which figure's jobs are listed, as text in the
 * URL (`completed`, `created:1732867200`, `branch:LDN-01`, `spells:6`), and its title in words.
 * Text the page cannot read lists nothing.
 */
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

const TITLES = {
  jobs: 'Jobs of the window',
  completed: 'Completed jobs',
  failed: 'Failed jobs',
  cancelled: 'Cancelled jobs',
  open: 'Open jobs',
  late: 'Jobs late now',
  deliveries: 'Jobs with completed deliveries',
} as const;

/** "Completed jobs", "Created 14:00–15:00", "Branch London", "Spells in In transit". */
export function listTitle(
  pick: FigurePick,
  words: { bucket: (at: number) => string; branch: (id: string) => string; status: (code: number) => string },
): string {
  switch (pick.kind) {
    case 'created':
      return `Created ${words.bucket(pick.at)}`;
    case 'delivered':
      return `Delivered ${words.bucket(pick.at)}`;
    case 'branch':
      return `Jobs of ${words.branch(pick.branch)}`;
    case 'spells':
      return `Jobs with an ended spell in ${words.status(pick.status)}`;
    default:
      return TITLES[pick.kind];
  }
}

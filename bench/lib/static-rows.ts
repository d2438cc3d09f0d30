/**
 * The physical limit of "first rows": the same jobs as a static HTML table (no script), with
 * the jobs table's columns, inside the same landmarks the probe looks for.
 */
import type { Job } from '../../src/contract';

const COLUMNS = [
  'Job',
  'Order',
  'Type',
  'Status',
  'Rider',
  'Branch',
  'Pickups',
  'Deliveries',
  'Earliest open slot',
  'Amount',
  'Created',
  'Updated',
];

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const time = (epochSeconds: number | null | undefined) =>
  typeof epochSeconds === 'number'
    ? new Date(epochSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')
    : '—';

function cells(job: Job): unknown[] {
  const slots = [
    ...job.pickups.filter((p) => !p.completed).map((p) => p.pickup_slot_from),
    ...job.deliveries.filter((d) => !d.completed).map((d) => d.delivery_slot_from),
  ].filter((v): v is number => typeof v === 'number');
  const amount = job.deliveries.reduce((sum, d) => sum + (typeof d.amount === 'number' ? d.amount : 0), 0);
  return [
    job.id,
    job.order_id,
    job.type,
    `Status ${job.status}`,
    job.rider?.name ?? 'Unassigned',
    job.pickups[0]?.branch?.name ?? '—',
    job.pickups.length,
    job.deliveries.length,
    slots.length ? time(Math.min(...slots)) : 'None open',
    amount.toFixed(2),
    time(job.created_at),
    time(job.updated_at),
  ];
}

export function staticRowsHtml(jobs: readonly Job[]): string {
  const head = COLUMNS.map((c) => `<th scope="col">${c}</th>`).join('');
  const body = jobs
    .map(
      (job) =>
        `<tr>${cells(job)
          .map((v) => `<td>${escapeHtml(v)}</td>`)
          .join('')}</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Jobs (static)</title>
<style>body{font:13px system-ui,sans-serif;margin:16px}table{border-collapse:collapse}td,th{padding:6px 8px;border-bottom:1px solid #ddd;text-align:left;white-space:nowrap}</style>
</head>
<body>
<main><h1>Jobs</h1>
<section aria-label="Jobs"><table><thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody></table></section>
</main>
</body>
</html>
`;
}

/**
 * The jobs screen painted by the entry script, before React has loaded: the layout, the
 * filters as the URL sets them, and the first page's rows, built as HTML text (one parse by the
 * browser costs much less than a DOM call per element in code that runs once, cold).
 *
 * Why: on a cold load the app's code takes longer to evaluate and render than the page of
 * jobs takes to arrive (README, Performance: ~300 ms to first rows against ~60 ms for the
 * same rows as static HTML; over 1 s at CPU 4x). The token lives in sessionStorage (DESIGN.md
 * decision 8), so the server cannot render the page; the entry script, which already sends
 * the request for the rows (src/app/early-start.ts), paints them as soon as they are in.
 *
 * The paint is inert (no focus, no input: nothing typed here could be lost) and React replaces
 * it whole in its first commit. It mirrors the markup of Layout, JobsPage, FiltersBar,
 * JobsTable and PaginationBar in their first render; the cells are the table's own
 * (./cells.ts). tests/e2e/first-paint.e2e.ts holds the two to the same text and geometry.
 * Anything out of the ordinary (no rows, an unknown status filter, an open drawer) is left
 * to the app: the function then paints nothing.
 */
import type { JobsResponse } from '../../contract';
import type { RuntimeConfig } from '../../app/config-read';
import shell from '../../app/shell.module.css';
import { viewerTimeZone } from '../../ui/time-format';
import { htmlMake as h, type Html, type ViewChild } from '../../ui/view';
import ui from '../../ui/ui.module.css';
import { JOB_COLUMNS, VIRTUALISE_ABOVE, cellView, firstScreenRows, type CellContext } from './cells';
import { formatCount, pageRange } from './derive';
import { hasFilters, type JobsSearch } from './search';
import { PRESETS, toLocalInput } from './time-range';
import s from './jobs.module.css';

/** Marks the painted screen until React replaces it (tests and the bench look for it). */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

export type FirstPaintInput = {
  config: RuntimeConfig;
  search: JobsSearch;
  data: JobsResponse;
  /** What the top bar shows when the config has no `apiBaseUrl` (the page's origin). */
  origin: string;
  autoRefresh: boolean;
  columnVisibility: Record<string, boolean>;
  viewportHeight: number;
  /**
   * `data.jobs` are only the page's first jobs, cut out of a body still arriving
   * (./first-jobs.ts); its totals are not known yet, so the pagination says it is loading.
   */
  partial?: boolean;
};

const button = (label: ViewChild<Html>[], props: Record<string, string | boolean | undefined> = {}, small = true) =>
  h('button', { type: 'button', className: small ? `${ui.button} ${ui.small}` : ui.button, ...props }, ...label);

function field(id: string, label: string, control: Html, className: string | undefined): Html {
  return h(
    'div',
    { className: className ? `${ui.field} ${className}` : ui.field },
    h('label', { htmlFor: id, className: ui.label }, label),
    control,
    h('span', { id: `${id}-error`, className: ui.error, 'aria-live': 'polite' }),
  );
}

function textInput(id: string, value: string | undefined, placeholder: string): Html {
  return h('input', {
    className: ui.input,
    placeholder,
    autoComplete: 'off',
    spellCheck: 'false',
    maxLength: 100,
    id,
    value: value ?? '',
  });
}

function filters(config: RuntimeConfig, search: JobsSearch): Html {
  const selected = search.status === undefined ? '' : String(search.status);
  const option = (value: string, label: string) => h('option', { value, selected: value === selected }, label);
  const select = h(
    'select',
    { className: ui.input, id: 'fp-status' },
    option('', 'Any status'),
    ...Object.entries(config.statuses)
      .map(([code, entry]) => ({ code: Number(code), label: entry.label }))
      .sort((a, b) => a.code - b.code)
      .map((e) => option(String(e.code), `${e.label} (${e.code})`)),
    option('other', 'Other code…'),
  );
  const time = (id: string, label: string, value: number | undefined) =>
    field(id, label, h('input', { className: ui.input, id, type: 'datetime-local', value: toLocalInput(value) }), s.filterTime);
  return h(
    'form',
    { className: s.filters, role: 'search', 'aria-label': 'Filter jobs' },
    field('fp-status', 'Status', select, s.filterStatus),
    field('fp-branch', 'Branch', textInput('fp-branch', search.branch_id, 'e.g. LDN-01'), s.filterBranch),
    field('fp-team', 'Team', textInput('fp-team', search.team_id, 'Team id'), s.filterTeam),
    h(
      'fieldset',
      { className: s.range, 'aria-describedby': 'fp-range-hint' },
      h('legend', { className: 'visually-hidden' }, 'Created between'),
      time('fp-from', 'Created from', search.timestamp_from),
      time('fp-to', 'Created to', search.timestamp_to),
      h(
        'div',
        { className: s.presets, role: 'group', 'aria-label': 'Created time presets' },
        ...PRESETS.map((p) => button([p.label])),
      ),
    ),
    h('div', { className: s.clearAll }, button(['Clear all'], { disabled: !hasFilters(search) })),
    h(
      'p',
      { id: 'fp-range-hint', className: s.rangeHint },
      'Created from / to filter on when the job was ',
      h('strong', null, 'created'),
      ' (',
      h('code', null, 'created_at'),
      `), both ends included. Times in ${viewerTimeZone()}. Press `,
      h('kbd', null, '/'),
      ' to come back here.',
    ),
  );
}

function table(input: FirstPaintInput): Html {
  const { data, search, config } = input;
  const columns = JOB_COLUMNS.filter((c) => c.alwaysShown || input.columnVisibility[c.id] !== false);
  const virtual = !input.partial && data.jobs.length > VIRTUALISE_ABOVE;
  const shown = virtual ? data.jobs.slice(0, firstScreenRows(input.viewportHeight)) : data.jobs;
  const ctx: CellContext = { statuses: config.statuses, now: Date.now() / 1000 };
  const numeric = (numeric: boolean | undefined) => (numeric ? s.numCell : undefined);
  const minWidth = columns.reduce((sum, c) => sum + c.width, 0);
  const el = h(
    'table',
    { className: s.table, 'aria-rowcount': virtual ? data.jobs.length + 1 : undefined, style: `min-width: ${minWidth}px;` },
    h('caption', { className: 'visually-hidden' }, `Jobs, page ${search.page}`),
    h('colgroup', null, ...columns.map((c) => h('col', { style: `width: ${c.width}px;` }))),
    h(
      'thead',
      null,
      h(
        'tr',
        { 'aria-rowindex': virtual ? 1 : undefined },
        ...columns.map((c) => h('th', { scope: 'col', className: numeric(c.numeric), title: c.label }, c.header)),
      ),
    ),
    h(
      'tbody',
      null,
      ...shown.map((job, index) =>
        h(
          'tr',
          {
            'data-index': index,
            'data-job-id': job.id,
            tabIndex: index === 0 ? 0 : -1,
            'aria-rowindex': virtual ? index + 2 : undefined,
            'aria-describedby': 'fp-row-hint',
            className: s.row,
          },
          ...columns.map((c) => h('td', { className: numeric(c.numeric) }, cellView(h, c.id, job, ctx))),
        ),
      ),
    ),
  );
  return h(
    'section',
    { className: s.tableRegion, 'aria-label': 'Jobs' },
    h(
      'div',
      { className: s.tableScroll },
      el,
      h('p', { id: 'fp-row-hint', hidden: true }, 'Enter opens the job. Arrow keys or J and K move between jobs.'),
    ),
  );
}

function pagination({ data, search, partial }: FirstPaintInput): Html {
  const { page } = search;
  const range = partial ? null : pageRange(page, data.jobs.length, data.total_records, data.total_pages);
  const num = (text: string) => h('span', { className: 'num' }, text);
  const pageInput = h('input', {
    className: s.pageInput,
    inputMode: 'numeric',
    min: 1,
    max: partial ? undefined : Math.max(data.total_pages, 1),
    type: 'number',
    value: page,
  });
  const narrow = (text: string) => h('span', { className: s.hideNarrow }, text);
  const pageButton = (label: string, content: ViewChild<Html>[], disabled: boolean) =>
    button(content, { disabled, 'aria-label': label, title: label });
  return h(
    'nav',
    { className: s.pagination, 'aria-label': 'Pages' },
    h(
      'p',
      { className: s.rangeText, 'aria-live': 'polite', 'aria-atomic': 'true' },
      ...(partial
        ? ['Loading the rest of the page…']
        : range
          ? [num(`${formatCount(range.first)}–${formatCount(range.last)}`), ' of ', num(formatCount(data.total_records)), ' jobs']
          : [num(formatCount(data.total_records)), ' jobs']),
    ),
    h('span', { className: s.orderNote }, "In the service's order (the interface offers no sorting)"),
    h(
      'div',
      { className: s.pageButtons },
      pageButton('First page', ['«', narrow(' First')], page <= 1),
      pageButton('Previous page', ['‹', narrow(' Previous')], page <= 1),
      h(
        'label',
        { className: s.pageField },
        h('span', null, 'Page'),
        pageInput,
        num(partial ? 'of …' : `of ${formatCount(Math.max(data.total_pages, 1))}`),
      ),
      pageButton('Next page', [narrow('Next '), '›'], partial || page >= data.total_pages),
      pageButton('Last page', [narrow('Last '), '»'], partial || data.total_pages === 0 || page === data.total_pages),
    ),
  );
}

/**
 * The markup of the screen React's first commit will show for these rows, or null when the app
 * should paint it itself (see the module's comment).
 */
export function firstPaintScreen(input: FirstPaintInput): string | null {
  const { config, search, data } = input;
  if (data.jobs.length === 0 || search.job !== undefined) return null;
  if (search.status !== undefined && config.statuses[String(search.status)] === undefined) return null;
  const hidden = JOB_COLUMNS.filter((c) => !c.alwaysShown && input.columnVisibility[c.id] === false).length;
  const autoRefresh = h('input', { type: 'checkbox', checked: input.autoRefresh });
  const kbd = (key: string) => h('kbd', null, key);
  const screen = h(
    'div',
    { className: shell.app, [FIRST_PAINT_ATTRIBUTE]: true, inert: true, 'aria-busy': 'true' },
    h('a', { href: '#main', className: shell.skip }, 'Skip to content'),
    h(
      'header',
      { className: shell.topbar },
      h(
        'a',
        { className: shell.brand, 'aria-label': 'Dispatch — home', href: '/jobs?page=1' },
        h('span', { className: shell.brandMark, 'aria-hidden': 'true' }),
        'Dispatch',
      ),
      h(
        'nav',
        { className: shell.nav, 'aria-label': 'Main' },
        h('a', { className: shell.navLink, href: '/jobs?page=1' }, 'Jobs'),
        h('a', { className: shell.navLink, href: '/branches' }, 'Branches'),
      ),
      h('span', { className: shell.spacer }),
      h('span', { className: shell.service, title: 'Service base URL (from config.json)' }, config.apiBaseUrl || input.origin),
      button(['Sign out']),
    ),
    h(
      'main',
      { id: 'main', className: shell.main },
      h(
        'div',
        { className: s.page },
        h(
          'header',
          { className: s.header },
          h('h1', { className: s.title }, 'Jobs'),
          h(
            'div',
            { className: s.refresh },
            h('span', { className: `${s.updated} num` }, 'Updated 0 s ago'),
            h('label', { className: s.toggle }, autoRefresh, `Auto-refresh every ${config.refreshSeconds} s`),
            button(['Refresh']),
          ),
          h(
            'div',
            { className: s.tools },
            button([hidden ? `Columns (${hidden} hidden)` : 'Columns'], { 'aria-haspopup': 'dialog', 'aria-expanded': 'false' }, false),
            button(['Export CSV'], { 'aria-haspopup': 'dialog', disabled: true }, false),
          ),
        ),
        filters(config, search),
        h('div', null),
        table(input),
        pagination(input),
        h(
          'p',
          { className: s.keys },
          kbd('/'),
          ' filter · ',
          kbd('↑'),
          kbd('↓'),
          ' or ',
          kbd('j'),
          kbd('k'),
          ' move · ',
          kbd('Enter'),
          ' open · ',
          kbd('Esc'),
          ' close',
        ),
      ),
    ),
  );
  return screen.html;
}

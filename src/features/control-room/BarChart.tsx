import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { formatCount } from '../../lib/count';
import type { ControlRoomSearch } from './control-room-search';
import s from './controlRoom.module.css';
import c from './chart.module.css';

export type ChartSeries = { key: string; label: string; color: string };
export type ChartRow = {
  /** Under the bar (may be '' to leave a gap between labels). */
  label: string;
  /** The row in full: the table's first cell and the bar's hover text. */
  title: string;
  values: Record<string, number>;
  /** Per series, the control room listing the jobs a value counts. */
  links?: Record<string, ControlRoomSearch>;
};

/** A bar's hover text: "14:00: Created 12, Delivered 9". */
function barTitle(row: ChartRow, series: ChartSeries[]): string {
  return `${row.title}: ${series.map((x) => `${x.label} ${formatCount(row.values[x.key] ?? 0)}`).join(', ')}`;
}

/**
 * Bars in plain HTML (no chart library: a bar is a box whose height is its share of the
 * largest), side by side per row or stacked, with the numbers on hover, the largest value on
 * the axis, and a table view of every number for keyboards and screen readers. Colours are
 * CSS variables, so it follows light and dark.
 */
export function BarChart({
  title,
  note,
  series,
  rows,
  stacked = false,
}: {
  title: string;
  /** What the chart rests on, in words. */
  note: string;
  series: ChartSeries[];
  rows: ChartRow[];
  stacked?: boolean;
}) {
  const { t } = useLingui();
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const totals = rows.map((row) => series.reduce((sum, x) => sum + (row.values[x.key] ?? 0), 0));
  const max = Math.max(
    1,
    ...(stacked ? totals : rows.flatMap((row) => series.map((x) => row.values[x.key] ?? 0))),
  );
  const empty = totals.every((t) => t === 0);
  return (
    <figure className={s.chart} aria-labelledby={`${id}-title`}>
      <div className={c.chartHead}>
        <figcaption id={`${id}-title`} className={s.chartTitle}>
          {title}
        </figcaption>
        <button
          type="button"
          className={s.linkButton}
          aria-pressed={asTable}
          onClick={() => setAsTable(!asTable)}
        >
          {asTable ? t`Show as chart` : t`Show as table`}
        </button>
      </div>
      <p className={s.note}>{note}</p>
      <ul className={c.legend} aria-label={t`Series`}>
        {series.map((x) => (
          <li key={x.key}>
            <span className={c.swatch} style={{ background: x.color }} aria-hidden="true" />
            {x.label}
          </li>
        ))}
      </ul>
      {asTable ? (
        <div className={s.tableBox} tabIndex={0} role="region" aria-label={t`${title}, as a table`}>
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>When</Trans>
                </th>
                {series.map((x) => (
                  <th key={x.key} scope="col" className="num">
                    {x.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.title}>
                  <th scope="row">{row.title}</th>
                  {series.map((x) => {
                    const to = row.links?.[x.key];
                    const value = row.values[x.key] ?? 0;
                    const series = x.label;
                    const when = row.title;
                    const shown = formatCount(value);
                    return (
                      <td key={x.key} className="num">
                        {to && value > 0 ? (
                          <Link
                            to="/overview"
                            search={to}
                            resetScroll={false}
                            aria-label={t`${series}, ${when}: ${shown}, see the jobs`}
                          >
                            {shown}
                          </Link>
                        ) : (
                          shown
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : empty ? (
        <p className={s.chartEmpty}>
          <Trans>Nothing to show in this window yet.</Trans>
        </p>
      ) : (
        <div className={c.plot} aria-hidden="true">
          <span className={c.axisMax}>{formatCount(max)}</span>
          <div className={c.bars}>
            {rows.map((row) => (
              <div key={row.title} className={c.barGroup} title={barTitle(row, series)}>
                <div className={stacked ? c.stack : c.side}>
                  {series.map((x) => (
                    <span
                      key={x.key}
                      className={c.bar}
                      style={{ height: `${((row.values[x.key] ?? 0) / max) * 100}%`, background: x.color }}
                    />
                  ))}
                </div>
                <span className={c.barLabel}>{row.label}</span>
              </div>
            ))}
          </div>
        </div>
      )}
    </figure>
  );
}

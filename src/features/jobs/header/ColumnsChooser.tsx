import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, PopoverButton } from '../../../ui';
import type { JobsReactTable } from '../table/JobsTable';
import s from './tools.module.css';

/**
 * "Columns": show or hide the table's columns (remembered in this browser). Columns set aside
 * while a job is open beside the table are greyed, not counted as hidden.
 */
export function ColumnsChooser({ table, setAside }: { table: JobsReactTable; setAside: readonly string[] }) {
  const { t, i18n } = useLingui();
  const columns = table.getAllLeafColumns().filter((c) => c.getCanHide());
  const hidden = columns.filter((c) => !c.getIsVisible() && !setAside.includes(c.id)).length;
  return (
    <PopoverButton
      label={hidden ? t`Columns (${plural(hidden, { other: '# hidden' })})` : t`Columns`}
      panelLabel={t`Show or hide columns`}
    >
      {() => (
        <fieldset className={s.columnsPanel}>
          <legend className={s.columnsLegend}>
            <Trans>Shown columns</Trans>
          </legend>
          {columns.map((column) => (
            <label key={column.id} className={s.checkRow}>
              <input
                type="checkbox"
                checked={column.getIsVisible()}
                disabled={setAside.includes(column.id)}
                onChange={(e) => column.toggleVisibility(e.target.checked)}
              />
              {column.columnDef.meta ? i18n._(column.columnDef.meta.label) : column.id}
            </label>
          ))}
          <p className={s.columnsNote}>
            <Trans>Job id and status are always shown. Remembered in this browser.</Trans>
            {setAside.length > 0 && (
              <>
                {' '}
                <Trans>While a job is open beside the table, the greyed columns are set aside.</Trans>
              </>
            )}
          </p>
          <Button size="sm" onClick={() => table.toggleAllColumnsVisible(true)} disabled={hidden === 0}>
            <Trans>Show all</Trans>
          </Button>
        </fieldset>
      )}
    </PopoverButton>
  );
}

import { Button, PopoverButton } from '../../../ui';
import type { JobsReactTable } from '../table/JobsTable';
import s from './tools.module.css';

/**
 * "Columns": show or hide the table's columns (remembered in this browser). Columns set aside
 * while a job is open beside the table are greyed, not counted as hidden.
 */
export function ColumnsChooser({ table, setAside }: { table: JobsReactTable; setAside: readonly string[] }) {
  const columns = table.getAllLeafColumns().filter((c) => c.getCanHide());
  const hidden = columns.filter((c) => !c.getIsVisible() && !setAside.includes(c.id)).length;
  return (
    <PopoverButton
      label={hidden ? `Columns (${hidden} hidden)` : 'Columns'}
      panelLabel="Show or hide columns"
    >
      {() => (
        <fieldset className={s.columnsPanel}>
          <legend className={s.columnsLegend}>Shown columns</legend>
          {columns.map((column) => (
            <label key={column.id} className={s.checkRow}>
              <input
                type="checkbox"
                checked={column.getIsVisible()}
                disabled={setAside.includes(column.id)}
                onChange={(e) => column.toggleVisibility(e.target.checked)}
              />
              {column.columnDef.meta?.label ?? column.id}
            </label>
          ))}
          <p className={s.columnsNote}>
            Job id and status are always shown. Remembered in this browser.
            {setAside.length > 0 &&
              ' While a job is open beside the table, the greyed columns are set aside.'}
          </p>
          <Button size="sm" onClick={() => table.toggleAllColumnsVisible(true)} disabled={hidden === 0}>
            Show all
          </Button>
        </fieldset>
      )}
    </PopoverButton>
  );
}

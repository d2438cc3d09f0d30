import type { ComponentProps, ReactNode } from 'react';
import type { JobRows } from '../rows/useJobRows';
import { TableSkeleton } from './JobsTable';
import { LoadFailed } from './LoadFailed';
import { NoRows } from './NoRows';

/**
 * The table's place: why there is no row to show, or the table, or why the first page failed
 * to load, or the table's skeleton while it loads.
 */
export function RowsPlace({
  rows,
  table,
  ...ways
}: { rows: JobRows; table: ReactNode } & Omit<ComponentProps<typeof NoRows>, 'reason'>) {
  const { query, data } = rows.page;
  if (rows.empty) return <NoRows reason={rows.empty} {...ways} />;
  if (rows.source !== 'page' || data) return table;
  if (query.isError)
    return (
      <LoadFailed
        error={query.error}
        retry={() => void query.refetch()}
        retrying={query.isFetching}
        lastPage={null}
      />
    );
  return <TableSkeleton />;
}

/**
 * The first and last row numbers of a page. The page size is not in the interface, so it
 * is inferred from the rows: a full page before the last one holds `rows` rows; on the last
 * page, the rows before it are spread over the earlier pages.
 */
export function pageRange(
  page: number,
  rows: number,
  totalRecords: number,
  totalPages: number,
): { first: number; last: number } | null {
  if (rows === 0) return null;
  let size = rows;
  if (page >= totalPages && totalPages > 1)
    size = Math.max(rows, Math.round((totalRecords - rows) / (totalPages - 1)));
  const first = Math.min((page - 1) * size + 1, Math.max(1, totalRecords - rows + 1));
  return { first, last: first + rows - 1 };
}

/**
 * Saves rows as a CSV file: papaparse loaded here, on the first export, not with the screen.
 * The BOM makes spreadsheet programs read the file as UTF-8 (names, addresses).
 */
import type { CsvCell } from '../../job-views';
import { downloadFile } from '../../ui';

export async function csvText(fields: readonly string[], rows: CsvCell[][]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse({ fields: [...fields], data: rows }, { newline: '\r\n', escapeFormulae: false });
}

export async function saveCsv(name: string, fields: readonly string[], rows: CsvCell[][]): Promise<void> {
  downloadFile(name, ['\ufeff', await csvText(fields, rows)], 'text/csv;charset=utf-8');
}

/** "control-room-exceptions-20261129-1014.csv" */
export function csvName(what: string, at = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `control-room-${what}-${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}.csv`;
}

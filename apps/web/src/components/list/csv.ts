// CSV files of a list, written with papaparse (quotes, separators inside values, line breaks).
// Danish Excel opens a file by double-click only when it is separated by semicolons and starts
// with a UTF-8 byte order mark (else æøå come out as Ã¦Ã¸Ã¥), so that is the 'excel' flavour;
// 'plain' is comma-separated UTF-8 for other programs.
import Papa from 'papaparse';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

export type CsvFlavour = 'excel' | 'plain';

const bom = '\uFEFF';

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[], flavour: CsvFlavour): string {
  const text = Papa.unparse(
    {
      fields: columns.map((c) => c.header),
      data: rows.map((row) => columns.map((c) => c.value(row) ?? '')),
    },
    { delimiter: flavour === 'excel' ? ';' : ',', newline: '\r\n', quotes: false, escapeFormulae: true },
  );
  return flavour === 'excel' ? bom + text : text;
}

/** Parses a file written by toCsv (or by Excel): the BOM is dropped, the separator detected. */
export function parseCsv(text: string): string[][] {
  const result = Papa.parse<string[]>(text.startsWith(bom) ? text.slice(1) : text, {
    delimitersToGuess: [';', ',', '\t'],
    skipEmptyLines: true,
  });
  return result.data;
}

/** Offers the text as a file download named `name`. */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(name, new Blob([text], { type }));
}

/** Offers the blob (a CSV, a PDF, a workbook) as a file download named `name`. */
export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

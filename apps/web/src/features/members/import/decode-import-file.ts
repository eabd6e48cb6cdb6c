// Turns the bytes of an uploaded member file into a grid of cells. CSV: UTF-8 when the bytes are
// valid UTF-8 (a byte order mark is dropped, so it never becomes part of the first column name),
// otherwise Windows-1252, which is what Danish Excel writes by default, so æ, ø and å survive;
// the separator (semicolon, comma or tab) is detected. Excel (.xlsx) is read with
// read-excel-file, loaded only when an Excel file is chosen.
import Papa from 'papaparse';

export const maxImportBytes = 10 * 1024 * 1024;

export type ImportFileProblem = 'too_large' | 'empty' | 'unreadable' | 'unsupported';

export class ImportFileError extends Error {
  constructor(readonly problem: ImportFileProblem) {
    super(problem);
  }
}

export interface ImportGrid {
  headers: string[];
  /** Data rows (cells as text); row i is line i + 2 of the file. */
  rows: string[][];
  encoding: 'utf-8' | 'windows-1252' | 'xlsx';
}

/** Decodes CSV bytes: UTF-8 if valid, else Windows-1252; the BOM is removed. */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

export function parseCsvText(text: string): string[][] {
  const result = Papa.parse<string[]>(text, {
    delimitersToGuess: [';', ',', '\t'],
    skipEmptyLines: 'greedy',
  });
  return result.data;
}

function toGrid(cells: string[][], encoding: ImportGrid['encoding']): ImportGrid {
  const [header, ...rows] = cells;
  if (!header || header.every((h) => h.trim() === '')) throw new ImportFileError('empty');
  return { headers: header.map((h) => h.trim()), rows, encoding };
}

function isExcel(name: string, bytes: Uint8Array): boolean {
  // An .xlsx file is a zip archive: it starts with "PK\x03\x04".
  return (
    /\.xlsx$/i.test(name) || (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4)
  );
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

export async function readImportFile(file: {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}) {
  if (file.size > maxImportBytes) throw new ImportFileError('too_large');
  if (file.size === 0) throw new ImportFileError('empty');
  if (/\.xls$/i.test(file.name)) throw new ImportFileError('unsupported');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (isExcel(file.name, bytes)) {
    try {
      const { readSheet } = await import('read-excel-file/browser');
      const sheet = await readSheet(bytes.buffer as ArrayBuffer);
      return toGrid(
        sheet.map((row) => row.map(cellText)),
        'xlsx',
      );
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      throw new ImportFileError('unreadable');
    }
  }
  const { text, encoding } = decodeCsvBytes(bytes);
  return toGrid(parseCsvText(text), encoding);
}

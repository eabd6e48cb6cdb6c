// Duplicates inside one import file: a row that is the same person as an earlier row of the
// file, found by the rules find_member_duplicates applies against the register (the same
// e-mail, phone, CPR number, or first name, last name and birth date). The file never reaches
// the register before the import, so the browser compares the rows itself, over the whole file
// rather than the database's batches.
import type { CheckedRow, ImportValues } from './validate-import-rows';

export interface FileDuplicate {
  /** The first row of the file that is the same person. */
  line: number;
  name: string;
  reasons: string[];
}

const trimmed = (value: string | undefined) => value?.trim().toLowerCase() || undefined;

/** The keys a row is matched by, with the database's normalisation of each. */
function keysOf(values: ImportValues): [reason: string, key: string][] {
  const keys: [string, string][] = [];
  const email = trimmed(values.email);
  if (email) keys.push(['email', email]);
  const phone = values.phone?.replace(/ /g, '');
  if (phone) keys.push(['phone', phone]);
  const cpr = values.cpr?.replace(/\D/g, '');
  if (cpr) keys.push(['cpr', cpr]);
  const first = trimmed(values.first_name);
  const last = trimmed(values.last_name);
  if (first && last && values.birth_date)
    keys.push(['name_birth_date', `${first}\u0000${last}\u0000${values.birth_date}`]);
  return keys;
}

/**
 * For each readable row that is the same person as an earlier readable row, that first row and
 * the rules by which they match. Rows that match a member of the register (`inRegister`) are
 * left out: their choice is made against that member.
 */
export function findFileDuplicates(
  rows: readonly CheckedRow[],
  inRegister: ReadonlySet<number> = new Set(),
): Map<number, FileDuplicate> {
  const firstSeen = new Map<string, CheckedRow>();
  const found = new Map<number, FileDuplicate>();
  for (const row of rows) {
    if (row.problems.length > 0) continue;
    const matches = new Map<number, { row: CheckedRow; reasons: string[] }>();
    for (const [reason, key] of keysOf(row.values)) {
      const earlier = firstSeen.get(`${reason}\u0000${key}`);
      if (earlier) {
        const match = matches.get(earlier.line) ?? { row: earlier, reasons: [] };
        match.reasons.push(reason);
        matches.set(earlier.line, match);
      } else {
        firstSeen.set(`${reason}\u0000${key}`, row);
      }
    }
    const first = [...matches.values()].sort((a, b) => a.row.line - b.row.line)[0];
    if (first && !inRegister.has(row.line)) {
      // A row matching a row that is itself a copy points at the first row of them all.
      const root = found.get(first.row.line)?.line ?? first.row.line;
      const rootRow = rows.find((r) => r.line === root)!;
      found.set(row.line, {
        line: root,
        name: [rootRow.values.first_name, rootRow.values.last_name].filter(Boolean).join(' '),
        reasons: first.reasons.sort(),
      });
    }
  }
  return found;
}

/**
 * Merges rows into the earlier rows of the file they were chosen to merge with, the way the
 * import merges a row into a member: each value the later row has replaces the earlier row's.
 * Answers the values to send for each line; a merged row itself is sent as skipped.
 */
export function mergeFileRows(
  rows: readonly CheckedRow[],
  mergeInto: ReadonlyMap<number, number>,
): Map<number, ImportValues> {
  const values = new Map(rows.map((r) => [r.line, { ...r.values }]));
  for (const row of rows) {
    const target = mergeInto.get(row.line);
    if (target === undefined) continue;
    const into = values.get(target);
    if (!into) continue;
    for (const [field, value] of Object.entries(row.values) as [keyof ImportValues, string | undefined][]) {
      if (value !== undefined && value.trim() !== '') into[field] = value;
    }
  }
  return values;
}

// The result report of an import job, one line per row of the file: what happened to it
// (created, merged, skipped, failed) and, for a failure, the field and the problem in the
// reader's words. Built from the job's rows on the server, so it is the same however often and
// from whichever tab it is downloaded.
import { toCsv } from '../../../components/list/csv';
import type { ImportRowOutcome } from './load-import-jobs';

export interface ReportLine {
  line: number;
  outcome: 'created' | 'merged' | 'skipped' | 'failed' | 'pending';
  memberId: string | null;
  field: string;
  problem: string;
}

/** Error codes and fields are comma-separated lists when the browser's checks found several. */
const words = (codes: string | null, word: (code: string) => string) =>
  codes
    ? codes
        .split(',')
        .filter((c) => c !== '')
        .map(word)
        .join(', ')
    : '';

export function buildReport(
  rows: readonly ImportRowOutcome[],
  names: { field: (f: string) => string; problem: (p: string) => string },
): ReportLine[] {
  return rows.map((r) => ({
    line: r.line,
    outcome: r.status,
    memberId: r.memberId,
    field: words(r.errorField, names.field),
    problem: words(r.errorCode, names.problem),
  }));
}

export function reportCsv(
  lines: readonly ReportLine[],
  headers: Record<keyof ReportLine, string>,
  outcome: (o: string) => string,
) {
  return toCsv(
    lines,
    [
      { header: headers.line, value: (l) => l.line },
      { header: headers.outcome, value: (l) => outcome(l.outcome) },
      { header: headers.memberId, value: (l) => l.memberId },
      { header: headers.field, value: (l) => l.field },
      { header: headers.problem, value: (l) => l.problem },
    ],
    'excel',
  );
}

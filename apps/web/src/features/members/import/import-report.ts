// The result report of an import, one line per row of the file: what happened to it (created,
// merged, skipped, failed) and, for a failure, the field and the problem in the user's words.
import { toCsv } from '../../../components/list/csv';
import type { ImportOutcome } from './run-member-import';
import type { CheckedRow } from './validate-import-rows';

export interface ReportLine {
  line: number;
  outcome: 'created' | 'merged' | 'skipped' | 'failed';
  memberId: string | null;
  field: string;
  problem: string;
}

export interface ImportSummary {
  created: number;
  merged: number;
  skipped: number;
  failed: number;
}

export function buildReport(
  invalid: readonly CheckedRow[],
  outcomes: readonly ImportOutcome[],
  words: { field: (f: string) => string; problem: (p: string) => string },
): { lines: ReportLine[]; summary: ImportSummary } {
  const lines: ReportLine[] = [
    ...invalid.map((row) => ({
      line: row.line,
      outcome: 'failed' as const,
      memberId: null,
      field: row.problems.map((p) => words.field(p.field)).join(', '),
      problem: row.problems.map((p) => words.problem(p.problem)).join(', '),
    })),
    ...outcomes.map((o) => ({
      line: o.line,
      outcome: o.outcome,
      memberId: o.memberId,
      field: o.errorField ? words.field(o.errorField) : '',
      problem: o.errorCode ? words.problem(o.errorCode) : '',
    })),
  ].sort((a, b) => a.line - b.line);
  const summary = { created: 0, merged: 0, skipped: 0, failed: 0 };
  for (const l of lines) summary[l.outcome]++;
  return { lines, summary };
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

// The statutory member counts as the screen, the CSV and the PDF show them (decision 0941):
// the rows report_member_counts answers (activity × age band × gender) folded into one row per
// activity and age band with a count per gender and a total, in the order the report reads.
export const reportGenders = ['female', 'male', 'other', 'unknown'] as const;
export type ReportGender = (typeof reportGenders)[number];
export const reportAgeBands = ['0-12', '13-18', '19-24', '25-59', '60+', 'unknown'] as const;

export interface MemberCountInput {
  activity: string;
  age_band: string;
  gender: string;
  members: number | string;
}

export interface MemberCountPivotRow {
  activity: string;
  ageBand: string;
  counts: Record<ReportGender, number>;
  total: number;
}

export function pivotMemberCounts(rows: readonly MemberCountInput[]): MemberCountPivotRow[] {
  const byKey = new Map<string, MemberCountPivotRow>();
  for (const row of rows) {
    const key = `${row.activity}\u0000${row.age_band}`;
    const entry = byKey.get(key) ?? {
      activity: row.activity,
      ageBand: row.age_band,
      counts: { female: 0, male: 0, other: 0, unknown: 0 },
      total: 0,
    };
    const gender = reportGenders.find((g) => g === row.gender) ?? 'unknown';
    entry.counts[gender] += Number(row.members);
    entry.total += Number(row.members);
    byKey.set(key, entry);
  }
  const band = (b: string) => (reportAgeBands as readonly string[]).indexOf(b);
  return [...byKey.values()].sort(
    (a, b) => a.activity.localeCompare(b.activity, 'da') || band(a.ageBand) - band(b.ageBand),
  );
}

// Totals for Content-Range: exact (count of the filtered set), planned (the planner's
// estimate) and estimated (exact up to db-max-rows, the estimate above it).
import type { Queryable } from '../../database/database';

export function exactCountSql(countQuery: string): string {
  return `(select count(*) from (${countQuery}) as pgrst_c)`;
}

export async function plannedCount(tx: Queryable, countQuery: string, params: string[]): Promise<number> {
  const result = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${countQuery}`, params);
  const first = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof first === 'string' ? JSON.parse(first) : first) as
    [{ Plan?: { 'Plan Rows'?: number } }] | undefined;
  return Math.max(0, Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

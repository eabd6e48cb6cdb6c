// The SQL test of one postgres_changes filter against a row aliased r.
import type { ColumnFilter } from './change-subscription';

const comparison: Record<Exclude<ColumnFilter['op'], 'in'>, string> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
};

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The SQL test of one filter against row alias r, reading its value from parameter $n. */
export function filterSql(filter: ColumnFilter, param: number): string {
  const column = `r.${quoteIdent(filter.column)}`;
  if (filter.op === 'in') return `coalesce(${column} = any($${param}), false)`;
  return `coalesce(${column} ${comparison[filter.op]} $${param}, false)`;
}

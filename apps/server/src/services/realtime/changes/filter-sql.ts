// The SQL test of one postgres_changes filter against a row aliased r.
import type { ColumnFilter } from './change-subscription';

const comparison = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
} as const;

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const patterns: Partial<Record<ColumnFilter['op'], string>> = {
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
};

/**
 * The SQL test of one condition against row alias r; a value it needs is appended to params
 * and read back as a parameter (the database casts it to the column's type). A condition on
 * a null column is false unless `is null` / `isdistinct` say otherwise, and `not.` negates it.
 */
export function filterSql(filter: ColumnFilter, params: unknown[]): string {
  const column = `r.${quoteIdent(filter.column)}`;
  const param = () => `$${params.push(filter.value)}`;
  let test: string;
  if (filter.op === 'is') test = `${column} is ${filter.value as string}`;
  else if (filter.op === 'in') test = `${column} = any(${param()})`;
  else if (filter.op === 'isdistinct') test = `${column} is distinct from ${param()}`;
  else if (filter.op in patterns) test = `${column}::text ${patterns[filter.op]} ${param()}::text`;
  else test = `${column} ${comparison[filter.op as keyof typeof comparison]} ${param()}`;
  return `coalesce(${filter.negated ? 'not ' : ''}(${test}), false)`;
}

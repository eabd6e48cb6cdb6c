// The one statement a request runs: its source rows in a CTE, then a single row with the
// total, the page size, the body rendered by Postgres, and the response GUCs read last.
import type { MediaChoice } from './api-request';

export type BodyKind = MediaChoice['kind'] | 'none' | 'scalar';

const csvCell = (v: string) =>
  `case when ${v} ~ '[,"\\n\\r]' then '"' || replace(${v}, '"', '""') || '"' else ${v} end`;
/**
 * A value as PostgREST writes it (Postgres' record output): quoted when empty or holding a
 * comma, quote, backslash, parenthesis or white space (a tsvector's 'cat' 'fat'), with quotes
 * and backslashes doubled.
 */
const csvValue = (v: string) =>
  `case when ${v} = '' or ${v} ~ '[",\\\\()[:space:]]' then '"' || replace(replace(${v}, '\\', '\\\\'), '"', '""') || '"' else ${v} end`;

/** The body expression over the CTE pgrst_source. */
export function bodySql(kind: BodyKind, stripNulls: boolean): string {
  const strip = (e: string) => (stripNulls ? `json_strip_nulls(${e})` : e);
  switch (kind) {
    case 'none':
      return 'null::text';
    case 'object':
      return `(select ${strip('row_to_json(pgrst_r)')}::text from pgrst_source as pgrst_r limit 1)`;
    case 'scalar':
      return `(select to_json(pgrst_r.pgrst_scalar)::text from pgrst_source as pgrst_r limit 1)`;
    case 'csv':
      return `(select string_agg(pgrst_line, E'\\n' order by pgrst_n) from (
        select 0::bigint as pgrst_n, (select string_agg(${csvCell('pgrst_k')}, ',') from json_object_keys((select row_to_json(pgrst_h) from pgrst_source as pgrst_h limit 1)) as pgrst_k) as pgrst_line
        union all
        select row_number() over (), (select string_agg(coalesce(${csvValue('pgrst_v.value')}, ''), ',') from json_each_text(row_to_json(pgrst_r)) as pgrst_v)
        from pgrst_source as pgrst_r
      ) as pgrst_lines where pgrst_line is not null)`;
    default:
      return `coalesce((select ${strip('json_agg(pgrst_r)')} from pgrst_source as pgrst_r), '[]')::text`;
  }
}

export interface StatementRow {
  total: string | null;
  page_total: string;
  inserted: string | null;
  body: string | null;
  response_headers: string | null;
  response_status: string | null;
}

/**
 * Assembles the statement. `ctes` are "name as (…)" entries ending with pgrst_source;
 * `total` is a SQL expression or null; `inserted` counts rows a write inserted.
 */
export function finalStatement(
  ctes: string[],
  body: string,
  total: string | null,
  inserted: string | null,
  pageTotal = '(select count(*) from pgrst_source)',
): string {
  return `with ${ctes.join(', ')}
select ${total ?? 'null'}::text as total, ${pageTotal}::text as page_total, ${inserted ?? 'null'}::text as inserted,
  ${body} as body,
  nullif(current_setting('response.headers', true), '') as response_headers,
  nullif(current_setting('response.status', true), '') as response_status`;
}

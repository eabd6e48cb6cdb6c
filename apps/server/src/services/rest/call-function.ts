// POST /rpc/{fn} with JSON arguments, GET/HEAD /rpc/{fn} with query arguments. Set- and
// row-returning functions get the full read grammar; scalars return their JSON value;
// void answers 204.
import { buildRootQuery } from './build-read-sql';
import { bodySql, finalStatement, type StatementRow } from './build-statement';
import { exactCountSql } from './count-rows';
import { explainStatement } from './explain-statement';
import { parseSelect } from './parse-select';
import { appliedPreferences } from './parse-prefer';
import { planRead } from './plan-read';
import { bodyType, formBody, isPlainObject } from './read-json-body';
import {
  applyGucs,
  contentRange,
  contentTypes,
  rangeStatus,
  respond,
  type RestAnswer,
} from './render-response';
import { resolveFunction } from './resolve-function';
import { restErrors } from './rest-error';
import { rootPaging, txOutcome, type RequestScope } from './request-scope';
import { RollbackWith, runAsCaller } from './run-statement';
import { findRelation, type FunctionInfo, type RelationInfo } from './schema-cache';
import { ident, qualified, SqlParams } from './sql-text';

/** Bodies that go whole into a single unnamed text or xml parameter rather than being parsed. */
const rawBodies = new Set(['text/plain', 'text/xml']);

async function readArgs(scope: RequestScope): Promise<{ raw: string; value: unknown; rawType?: string }> {
  if (scope.method !== 'POST') {
    const obj = Object.create(null) as Record<string, string | string[]>;
    for (const [k, v] of scope.params.rpcArgs) {
      const prev = obj[k];
      obj[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    return { raw: JSON.stringify(obj), value: obj };
  }
  const raw = await scope.req.text();
  const type = bodyType(scope);
  if (type === 'application/x-www-form-urlencoded') return formBody(raw);
  if (rawBodies.has(type)) return { raw, value: undefined, rawType: type };
  if (raw.trim() === '') return { raw: '{}', value: {} };
  try {
    return { raw, value: JSON.parse(raw) as unknown };
  } catch {
    throw restErrors.invalidBody('Empty or invalid json');
  }
}

/** "from … lateral fn(args) as alias" pieces. */
function callSql(
  fn: FunctionInfo,
  wholeBody: boolean,
  raw: string,
  params: SqlParams,
): { from: string; call: string } {
  const name = qualified(fn.schema, fn.name);
  if (wholeBody) return { from: '', call: `${name}(${params.add(raw)}::${fn.args[0]!.type})` };
  const value = JSON.parse(raw) as Record<string, unknown>;
  const unnamed = fn.args[0];
  if (fn.args.length === 1 && unnamed?.name === '') {
    // The single unnamed parameter, given as the key "": passed by position.
    if (!Object.hasOwn(value, '')) return { from: '', call: `${name}()` };
    const json = unnamed.type === 'json' || unnamed.type === 'jsonb';
    return {
      from: '',
      call: `${name}((${params.add(raw)}::json ${json ? '->' : '->>'} '')::${unnamed.type})`,
    };
  }
  const given = fn.args.filter((a) => Object.hasOwn(value, a.name));
  if (given.length === 0) return { from: '', call: `${name}()` };
  const arg = params.add(raw);
  const columns = given.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
  const call = `${name}(${given.map((a) => `${a.variadic ? 'variadic ' : ''}${ident(a.name)} := pgrst_args.${ident(a.name)}`).join(', ')})`;
  return { from: `json_to_record(${arg}::json) as pgrst_args(${columns})`, call };
}

/** A stand-in relation for functions returning anonymous records (OUT / TABLE columns). */
function resultRelation(scope: RequestScope, fn: FunctionInfo): RelationInfo {
  const named = fn.returnRelation
    ? findRelation(scope.cache, fn.returnRelation.schema, fn.returnRelation.name)
    : undefined;
  return (
    named ?? {
      schema: fn.schema,
      name: fn.name,
      kind: 'view',
      columns: [],
      primaryKey: [],
      uniqueKeys: [],
      insertable: false,
      updatable: false,
      deletable: false,
      description: null,
    }
  );
}

export async function callFunction(scope: RequestScope, name: string): Promise<RestAnswer> {
  const { prefs, media, deps } = scope;
  const args = await readArgs(scope);
  const keys = isPlainObject(args.value) ? Object.keys(args.value) : [];
  const shape = { isObject: isPlainObject(args.value), rawType: args.rawType };
  let resolved;
  try {
    resolved = resolveFunction(scope.cache, scope.schema, name, keys, shape);
  } catch (error) {
    scope.cache = await scope.holder.refreshIfStale();
    resolved = resolveFunction(scope.cache, scope.schema, name, keys, shape);
    void error;
  }
  const { fn, wholeBody } = resolved;
  const strict = prefs.handling === 'strict' && prefs.maxAffected !== undefined;
  if (strict && !fn.returnsSet) throw restErrors.maxAffectedRpc();

  const params = new SqlParams();
  const { from, call } = callSql(fn, wholeBody, args.raw, params);
  const read = scope.method !== 'POST';
  const relational = fn.returnsComposite || fn.returnRelation !== null;
  let source: string;
  let bodyKind: Parameters<typeof bodySql>[0];
  let countSql: string | null = null;
  let callCte: string | undefined;
  let offset = 0;
  if (fn.returnsVoid) {
    source = `select ${call} as pgrst_scalar${from ? ` from ${from}` : ''}`;
    bodyKind = 'none';
  } else if (!relational) {
    source = fn.returnsSet
      ? `select pgrst_scalar from ${from ? `${from} cross join lateral ` : ''}${call} as pgrst_scalar`
      : `select ${call} as pgrst_scalar${from ? ` from ${from}` : ''}`;
    bodyKind = 'scalar';
  } else {
    const relation = resultRelation(scope, fn);
    const ref = ident(fn.name);
    const items = parseSelect(scope.params.select ?? '*');
    const root = planRead(
      scope.cache,
      relation,
      ref,
      items,
      scope.params.nodes,
      deps.config.rest.aggregatesEnabled,
    );
    const paging = fn.returnsSet
      ? rootPaging(scope, root.mods.limit, root.mods.offset)
      : { limit: undefined, offset: 0 };
    offset = paging.offset;
    // The call runs once, materialized, however often the page and the count read it.
    callCte = `pgrst_call as materialized (select ${ref}.* from ${from ? `${from} cross join lateral ` : ''}${call} as ${ref})`;
    const q = buildRootQuery(root, `pgrst_call as ${ref}`, params, paging);
    source = q.select;
    countSql = q.count;
    bodyKind = fn.returnsSet ? media.kind : media.kind === 'csv' ? 'csv' : 'object';
  }
  const scalarSet = !fn.returnsVoid && !relational && fn.returnsSet;
  const body = scalarSet
    ? `coalesce((select json_agg(pgrst_r.pgrst_scalar) from pgrst_source as pgrst_r), '[]')::text`
    : bodySql(bodyKind, media.stripNulls);
  const total =
    prefs.count && countSql
      ? exactCountSql(countSql)
      : prefs.count
        ? '(select count(*) from pgrst_source)'
        : null;
  const sql = finalStatement(
    [...(callCte ? [callCte] : []), `pgrst_source as (${source})`],
    body,
    total,
    null,
  );
  const readOnly = read || fn.volatility !== 'v';
  if (media.plan) return explainStatement(scope, media.plan, sql, params.values, readOnly);
  const tx = txOutcome(scope);
  const row = await runAsCaller(
    deps,
    scope.req,
    { schema: scope.schema, readOnly, timezone: prefs.timezone },
    async (db) => {
      const result = (await db.query<StatementRow>(sql, params.values)).rows[0]!;
      const rows = Number(result.page_total);
      if (media.kind === 'object' && fn.returnsSet && rows !== 1) throw restErrors.singular(rows);
      if (strict && rows > (prefs.maxAffected ?? Infinity)) throw restErrors.maxAffected(rows);
      if (tx.rollback && !read) throw new RollbackWith(result);
      return result;
    },
  );
  const pageTotal = Number(row.page_total);
  const totalN = row.total === null ? undefined : Number(row.total);
  const headers: Record<string, string> = { ...scope.baseHeaders };
  let status: number;
  if (fn.returnsVoid) {
    status = 204;
  } else {
    headers['Content-Type'] = contentTypes[media.kind === 'csv' ? 'csv' : 'json'];
    headers['Content-Range'] = fn.returnsSet
      ? contentRange(offset, pageTotal, totalN)
      : contentRange(0, 1, totalN === undefined ? undefined : 1);
    status = fn.returnsSet ? rangeStatus(offset, pageTotal, totalN) : 200;
  }
  const applied = appliedPreferences({
    count: prefs.count,
    tx: tx.applied,
    handling: strict ? 'strict' : undefined,
    'max-affected': strict ? prefs.maxAffected : undefined,
  });
  if (applied) headers['Preference-Applied'] = applied;
  status = applyGucs(status, headers, row.response_headers, row.response_status);
  return respond(scope.method, status, row.body ?? (fn.returnsVoid ? null : 'null'), headers);
}

// GET /: a Swagger 2.0 description of the exposed tables, views and functions the caller
// may use (by privilege), for tools that read PostgREST's root.
import { respond, contentTypes, type RestAnswer } from './render-response';
import { restErrors } from './rest-error';
import type { RequestScope } from './request-scope';
import { runAsCaller } from './run-statement';

interface Privileged {
  name: string;
  kind: 'relation' | 'function';
}

const privilegesSql = `
select c.relname as name, 'relation' as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r','v','m','f','p') and ($2 or has_table_privilege(c.oid, 'select'))
union all
select p.proname, 'function' from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = $1 and p.prokind = 'f' and ($2 or has_function_privilege(p.oid, 'execute'))`;

function swaggerType(type: string): { type: string; format: string } {
  if (/^(integer|smallint|bigint)$/.test(type)) return { type: 'integer', format: type };
  if (/^(numeric|real|double precision)/.test(type)) return { type: 'number', format: type };
  if (type === 'boolean') return { type: 'boolean', format: type };
  if (type.endsWith('[]')) return { type: 'array', format: type };
  return { type: 'string', format: type };
}

export async function describeOpenApi(scope: RequestScope): Promise<RestAnswer> {
  const mode = scope.deps.config.rest.openApiMode;
  if (mode === 'disabled') throw restErrors.openApiDisabled();
  const visible = await runAsCaller(
    scope.deps,
    scope.req,
    { schema: scope.schema, readOnly: true, timezone: undefined },
    async (tx) =>
      (await tx.query<Privileged>(privilegesSql, [scope.schema, mode === 'ignore-privileges'])).rows,
  );
  const relations = new Set(visible.filter((v) => v.kind === 'relation').map((v) => v.name));
  const functions = new Set(visible.filter((v) => v.kind === 'function').map((v) => v.name));
  const paths: Record<string, unknown> = {
    '/': {
      get: {
        produces: ['application/openapi+json', 'application/json'],
        responses: { 200: { description: 'OK' } },
      },
    },
  };
  const definitions: Record<string, unknown> = {};
  for (const rel of scope.cache.relations.values()) {
    if (rel.schema !== scope.schema || !relations.has(rel.name)) continue;
    const ops: Record<string, unknown> = {
      get: {
        tags: [rel.name],
        responses: { 200: { description: 'OK' }, 206: { description: 'Partial Content' } },
      },
    };
    if (rel.insertable) ops.post = { tags: [rel.name], responses: { 201: { description: 'Created' } } };
    if (rel.updatable) ops.patch = { tags: [rel.name], responses: { 204: { description: 'No Content' } } };
    if (rel.deletable) ops.delete = { tags: [rel.name], responses: { 204: { description: 'No Content' } } };
    paths[`/${rel.name}`] = ops;
    definitions[rel.name] = {
      type: 'object',
      ...(rel.description ? { description: rel.description } : {}),
      required: rel.columns.filter((c) => !c.nullable && c.defaultSql === null).map((c) => c.name),
      properties: Object.fromEntries(
        rel.columns.map((c) => [
          c.name,
          {
            ...swaggerType(c.type),
            ...(c.description ? { description: c.description } : {}),
            ...(rel.primaryKey.includes(c.name)
              ? {
                  description: `${c.description ?? ''}${c.description ? '\n\n' : ''}Note:\nThis is a Primary Key.<pk/>`,
                }
              : {}),
          },
        ]),
      ),
    };
  }
  for (const [, overloads] of scope.cache.functions) {
    const fn = overloads[0];
    if (!fn || fn.schema !== scope.schema || !functions.has(fn.name)) continue;
    const ops: Record<string, unknown> = {
      post: { tags: ['(rpc) ' + fn.name], responses: { 200: { description: 'OK' } } },
    };
    if (fn.volatility !== 'v')
      ops.get = { tags: ['(rpc) ' + fn.name], responses: { 200: { description: 'OK' } } };
    paths[`/rpc/${fn.name}`] = ops;
  }
  const url = new URL(scope.req.url);
  const doc = {
    swagger: '2.0',
    info: { title: 'PostgREST API', description: 'Data API of the club platform', version: '12.2' },
    host: url.host,
    basePath: '/rest/v1',
    schemes: [url.protocol.replace(':', '')],
    consumes: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    produces: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    paths,
    definitions,
  };
  return respond(scope.method, 200, JSON.stringify(doc), {
    ...scope.baseHeaders,
    'Content-Type': contentTypes.openapi,
  });
}

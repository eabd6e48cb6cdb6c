// Property tests: random and hostile query strings, headers and bodies never produce a 500
// or a malformed answer, and no input reaches the SQL text except as a quoted name or a
// bind parameter.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRootQuery } from '../../src/services/rest/build-read-sql';
import { parseQueryParams } from '../../src/services/rest/parse-query-params';
import { parseSelect } from '../../src/services/rest/parse-select';
import { planRead } from '../../src/services/rest/plan-read';
import { RestError } from '../../src/services/rest/rest-error';
import type { RelationInfo, SchemaCache } from '../../src/services/rest/schema-cache';
import { InlineSqlParams, SqlParams } from '../../src/services/rest/sql-text';
import { startRestPlatform, type RestPlatform } from './rest-platform';

const hostile = fc.constantFrom(
  '__proto__',
  'toString',
  'constructor',
  `'; drop table rest_test.users; --`,
  `" or 1=1 --`,
  `a"b`,
  `x); delete from rest_test.users; --`,
  `$1`,
  `\\`,
  `(`,
  `)`,
  `,`,
  `{a,b}`,
  `"quoted,value"`,
  `->>`,
  `::text`,
  `*`,
  `not.`,
  `%00`,
  `ø`,
  ` `,
  `.`,
  `!inner`,
  `...`,
);
const token = fc.oneof(
  fc.string({ maxLength: 12 }),
  hostile,
  fc.constantFrom('username', 'status', 'data', 'messages', 'users', 'id'),
);
const op = fc.constantFrom(
  'eq',
  'neq',
  'gt',
  'like',
  'ilike',
  'in',
  'is',
  'cs',
  'fts',
  'match',
  'not.eq',
  'eq(any)',
  'nope',
  '',
);

const selectText = fc
  .array(
    fc.oneof(
      token,
      fc.constantFrom('*', 'messages(*)', 'users!inner(id)', 'data->a->>b', 'x:username::text', 'count()'),
    ),
    {
      maxLength: 4,
    },
  )
  .map((parts) => parts.join(','));
const filterPair = fc.tuple(token, op, token).map(([col, o, v]) => [col, `${o}.${v}`] as [string, string]);
const orTree = fc
  .array(
    fc.tuple(token, op, token).map(([c, o, v]) => `${c}.${o}.${v}`),
    { minLength: 1, maxLength: 3 },
  )
  .map((xs) => ['or', `(${xs.join(',')})`] as [string, string]);
const orderPair = fc
  .tuple(token, fc.constantFrom('', '.asc', '.desc.nullslast', '.x'))
  .map(([c, d]) => ['order', `${c}${d}`] as [string, string]);
const pagePair = fc.tuple(
  fc.constantFrom('limit', 'offset', 'messages.limit'),
  fc.oneof(fc.integer({ min: -5, max: 50 }).map(String), token),
);
const query = fc.tuple(
  selectText,
  fc.array(fc.oneof(filterPair, orTree, orderPair, pagePair), { maxLength: 4 }),
);

const headerValue = fc.oneof(
  token,
  fc.constantFrom(
    'count=exact',
    'return=representation',
    'handling=strict, x',
    'tx=rollback',
    'max-affected=1',
  ),
);
const accept = fc.constantFrom(
  undefined,
  'application/json',
  'text/csv',
  'application/vnd.pgrst.object+json',
  'x/y',
  '*/*;q=0',
  ';;',
);
const profile = fc.constantFrom('rest_test', 'personal', 'hidden', '"; drop', '');

function isWellFormed(status: number, text: string): boolean {
  if (status === 500 || status === 502) return false;
  if (status < 300 || (status === 300 && text.startsWith('{') === false)) return status < 300;
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (status === 401 && typeof body.message === 'string' && body.code === undefined) return true;
    return (
      typeof body.code === 'string' && typeof body.message === 'string' && 'details' in body && 'hint' in body
    );
  } catch {
    return false;
  }
}

describe('over HTTP', () => {
  let t: RestPlatform;
  beforeAll(async () => {
    t = await startRestPlatform();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('answers every generated read with a success or a well-formed error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('users', 'messages', 'channels', 'rpc/films_rated', 'nope', 'rpc/nope'),
        query,
        headerValue,
        accept,
        profile,
        async (path, [select, pairs], prefer, acceptValue, schema) => {
          const search = new URLSearchParams([['select', select], ...pairs]);
          const headers: Record<string, string> = { 'Accept-Profile': schema, Prefer: prefer };
          if (acceptValue) headers.Accept = acceptValue;
          const res = await t.rest(`/${path}?${search.toString()}`, { headers });
          const text = await res.text();
          expect(
            isWellFormed(res.status, text),
            `${res.status} ${text} for /${path}?${search.toString()}`,
          ).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers every generated write with a success or a well-formed error', async () => {
    const body = fc.oneof(
      fc.json(),
      fc.string({ maxLength: 20 }),
      fc.dictionary(token, fc.oneof(token, fc.integer(), fc.constant(null))).map((o) => JSON.stringify(o)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PATCH', 'DELETE'),
        fc.constantFrom('addresses', 'actors', 'rpc/echo', 'rpc/add_them', 'kinds'),
        fc.array(filterPair, { maxLength: 2 }),
        body,
        headerValue,
        async (method, path, pairs, payload, prefer) => {
          const search = new URLSearchParams(pairs);
          const res = await t.rest(`/${path}?${search.toString()}`, {
            method,
            headers: {
              'Content-Profile': 'rest_test',
              'Content-Type': 'application/json',
              Prefer: `${prefer}, tx=rollback`,
            },
            body: method === 'DELETE' ? undefined : payload,
          });
          const text = await res.text();
          expect(
            isWellFormed(res.status, text),
            `${method} ${res.status} ${text} for /${path}?${search.toString()} ${payload}`,
          ).toBe(true);
        },
      ),
      { numRuns: 120 },
    );
    const { data } = await t.client().from('users').select('username').order('username');
    expect(data).toHaveLength(5);
  });
});

describe('statement structure', () => {
  const relation: RelationInfo = {
    schema: 'rest_test',
    name: 'users',
    kind: 'table',
    columns: [],
    primaryKey: [],
    uniqueKeys: [],
    insertable: true,
    updatable: true,
    deletable: true,
    description: null,
  };
  const cache: SchemaCache = { relations: new Map(), foreignKeys: [], functions: new Map(), loadedAt: 0 };

  /** The SQL with every quoted identifier and value collapsed, so only its structure remains. */
  function skeleton(
    name: string,
    value: string,
    key: string,
    inline = false,
  ): { sql: string; params: string[] } {
    const search = new URLSearchParams([
      ['select', `alias:"${name.replace(/["\\]/g, '\\$&')}"->"${key.replace(/["\\]/g, '\\$&')}"`],
      ['or', `(id.eq."${value.replace(/["\\]/g, '\\$&')}",id.in.("${value.replace(/["\\]/g, '\\$&')}"))`],
      [`"${name.replace(/["\\]/g, '\\$&')}"`, `like.${value}`],
    ]);
    const q = parseQueryParams(search, false);
    const root = planRead(cache, relation, '"users"', parseSelect(q.select ?? '*'), q.nodes, false);
    const params = inline ? new InlineSqlParams() : new SqlParams();
    const built = buildRootQuery(root, '"rest_test"."users" as "users"', params, { limit: 10, offset: 0 });
    // Names and literals are collapsed in one left-to-right pass, as Postgres reads them;
    // bind parameters and literals then look alike.
    const sql = built.select.replace(/"(?:[^"]|"")*"|E?'(?:[^']|'')*'|\$\d+/g, (m) =>
      m.startsWith('"') ? '"ID"' : 'VALUE',
    );
    return { sql, params: params.values };
  }

  // Bind parameters, and the form that writes values in as literals (one round trip):
  // both must keep the structure, whatever the names and values contain.
  for (const inline of [false, true]) {
    const title = inline
      ? 'keeps the same structure when the values are written in as literals'
      : 'keeps names quoted and values as parameters, whatever they contain';
    it(title, () => {
      const reference = skeleton('username', 'plain', 'k');
      let checked = 0;
      fc.assert(
        fc.property(
          fc.oneof(fc.string({ minLength: 1 }), hostile),
          fc.oneof(fc.string(), hostile),
          fc.oneof(fc.string({ minLength: 1 }), hostile),
          (name, value, key) => {
            fc.pre(
              !name.includes('\u0000') &&
                !key.includes('\u0000') &&
                !name.includes('.') &&
                name.trim() !== '' &&
                key.trim() !== '',
            );
            let built;
            try {
              built = skeleton(name, value, key, inline);
            } catch (error) {
              // A refusal is fine; it must be the service's own error, or, for a NUL written
              // in as a literal, the one Postgres gives for a NUL parameter.
              const nulLiteral = inline && (error as { code?: string }).code === '22021';
              expect(error instanceof RestError || nulLiteral).toBe(true);
              return;
            }
            expect(built.sql).toBe(reference.sql);
            checked++;
            expect(built.params).toContain(value.replace(/\*/g, '%'));
            expect(built.params).toContain(key);
          },
        ),
        { numRuns: 500 },
      );
      expect(checked).toBeGreaterThan(inline ? 300 : 400);
    });
  }
});

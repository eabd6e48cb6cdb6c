// Accept: application/vnd.pgrst.plan+json|+text: instead of running a request's
// statement, answers with Postgres's EXPLAIN of exactly that statement, as the caller.
// A write explained with analyze really runs, so its transaction always rolls back.
import type { PlanMedia } from './api-request';
import type { RestAnswer } from './render-response';
import type { RequestScope } from './request-scope';
import { RollbackWith, runAsCaller } from './run-statement';

export async function explainStatement(
  scope: RequestScope,
  plan: PlanMedia,
  sql: string,
  values: string[],
  readOnly: boolean,
): Promise<RestAnswer> {
  // The options come from a fixed set (parse-accept.ts), never from request text.
  const options = [`format ${plan.format}`, ...plan.options].join(', ');
  const body = await runAsCaller(
    scope.deps,
    scope.req,
    { schema: scope.schema, readOnly, timezone: scope.prefs.timezone },
    async (tx) => {
      const result = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (${options}) ${sql}`, values);
      const lines = result.rows.map((r) => r['QUERY PLAN']);
      const text =
        plan.format === 'json'
          ? typeof lines[0] === 'string'
            ? lines[0]
            : JSON.stringify(lines[0])
          : lines.map(String).join('\n');
      if (!readOnly) throw new RollbackWith(text);
      return text;
    },
  );
  return {
    status: 200,
    headers: {
      ...scope.baseHeaders,
      'Content-Type': `application/vnd.pgrst.plan+${plan.format}; for="${plan.forType}"; charset=utf-8`,
    },
    body: scope.method === 'HEAD' ? null : body,
  };
}

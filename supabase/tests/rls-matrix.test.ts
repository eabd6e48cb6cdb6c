// The RLS matrix: (table or function × actor × operation) → allowed or denied, every cell
// run as that actor through withRequestContext, inside a transaction that is rolled back.
// "Allowed" means the statement succeeded and touched/returned at least one row of
// community A; "denied" means zero rows, or an RLS/privilege error (42501) or a business
// refusal (P0001). Any other error fails the cell, so a typo can never pass as "denied".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type Actor, type World } from './support/domain-world';
import { createMatrixRows } from './support/matrix-fixture';
import { knowledgeBaseAndFeeCells } from './support/matrix-cells-knowledge-and-fees';
import { everyActor, matrix as baseMatrix, type Cell, type Ids } from './support/rls-matrix-cells';

const matrix = [...baseMatrix, ...knowledgeBaseAndFeeCells];

class Rollback extends Error {
  constructor(readonly rows: number) {
    super('rollback');
  }
}

async function runCell(
  world: World,
  actor: Actor,
  cell: Cell,
  ids: Ids,
): Promise<'allowed' | 'denied' | string> {
  const { sql, params } = cell.sql(ids);
  try {
    await world.inRequest(actor, async (tx) => {
      const result = await tx.query(sql, params);
      throw new Rollback(result.rows.length > 0 ? result.rows.length : result.rowCount);
    });
  } catch (error) {
    if (error instanceof Rollback) return error.rows > 0 ? 'allowed' : 'denied';
    const code = (error as { code?: string }).code;
    if (code === '42501' || code === 'P0001') return 'denied';
    return `error ${code}: ${(error as Error).message}`;
  }
  return 'no result';
}

describe('RLS matrix', () => {
  let world: World;
  let ids: Ids;

  beforeAll(async () => {
    world = await createWorld();
    const rows = await createMatrixRows(world);
    ids = {
      ...rows,
      a: world.communityA,
      b: world.communityB,
      adminBUser: world.users.adminB,
      eventAdminUser: world.users.eventAdminA,
    };
  });
  afterAll(async () => {
    await world?.close();
  });

  const targets = [...new Set(matrix.map((c) => c.target))];
  it.each(targets)('%s', async (target) => {
    const mismatches: string[] = [];
    for (const cell of matrix.filter((c) => c.target === target)) {
      for (const actor of everyActor) {
        const expected = cell.allowed.includes(actor) ? 'allowed' : 'denied';
        const actual = await runCell(world, actor, cell, ids);
        if (actual !== expected)
          mismatches.push(`${cell.op} as ${actor}: expected ${expected}, got ${actual}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('gives an admin of B nothing of A beyond what an anonymous visitor sees, by any table or view', async () => {
    const relations = await world.db.query<{ table_name: string }>(
      `select table_name from information_schema.columns
       where table_schema = 'public' and column_name = 'community_id' group by table_name`,
    );
    expect(relations.rows.length).toBeGreaterThan(20);
    const count = (actor: 'adminB' | 'anon', relation: string) =>
      world
        .as<{ n: string }>(
          actor,
          `select count(*)::text as n from public.${relation} where community_id = $1`,
          [world.communityA],
        )
        .then((rows) => rows[0]!.n)
        .catch((error: { code?: string }) => (error.code === '42501' ? '0' : `error ${error.code}`));
    let publicRows = 0;
    for (const { table_name } of relations.rows) {
      const [asAdminB, asAnon] = [await count('adminB', table_name), await count('anon', table_name)];
      expect(`${table_name}: ${asAdminB}`).toBe(`${table_name}: ${asAnon}`);
      expect(asAdminB).toMatch(/^\d+$/);
      publicRows += Number(asAnon);
    }
    // The public event, the community row itself and the like: the comparison is not vacuous.
    expect(publicRows).toBeGreaterThan(0);
  });
});

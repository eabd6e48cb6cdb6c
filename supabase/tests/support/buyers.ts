// Many signed-up members of one community at once (users plus member rows), for tests of
// member-side calls under contention.
import type { Queryable } from '../../../apps/server/src/database/database';

export async function makeBuyers(db: Queryable, community: string, count: number): Promise<string[]> {
  const users = await db.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, created_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
            'buyer' || n || '.' || substr(md5(random()::text), 1, 6) || '@example.dk', '', now(), now()
     from generate_series(1, $1::int) n returning id`,
    [count],
  );
  const ids = users.rows.map((r) => r.id);
  await db.query(
    `insert into members (community_id, user_id, first_name, last_name, roles)
     select $1, u, 'Køber', 'Nr ' || ord, '{parent}' from unnest($2::uuid[]) with ordinality as t(u, ord)`,
    [community, ids],
  );
  return ids;
}

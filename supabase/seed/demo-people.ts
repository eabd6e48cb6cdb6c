// Demo people: user accounts that the auth service can sign in (GoTrue columns, bcrypt
// password, an e-mail identity), and the member register with Danish names and addresses.
import type { Queryable } from '../../apps/server/src/database/database';
import { femaleNames, lastNames, maleNames, streets, towns } from './demo-vocabulary';

/** A small deterministic PRNG (mulberry32), so the same seed gives the same club. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof createRandom>;

export async function hashPassword(tx: Queryable, password: string): Promise<string> {
  const result = await tx.query<{ h: string }>(
    `select extensions.crypt($1, extensions.gen_salt('bf', 10)) as h`,
    [password],
  );
  return result.rows[0]!.h;
}

export interface DemoUser {
  email: string;
  fullName: string;
}

/** Creates confirmed e-mail users sharing one password hash; returns their ids in order. */
export async function createUsers(tx: Queryable, users: DemoUser[], passwordHash: string): Promise<string[]> {
  if (users.length === 0) return [];
  const result = await tx.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', u.email, $3,
       now(), '{"provider":"email","providers":["email"]}', jsonb_build_object('full_name', u.full_name), now(), now(), null
     from unnest($1::text[], $2::text[]) with ordinality as u(email, full_name, ord)
     order by u.ord
     returning id, email`,
    [users.map((u) => u.email), users.map((u) => u.fullName), passwordHash],
  );
  const byEmail = new Map(result.rows.map((r) => [(r as unknown as { email: string }).email, r.id]));
  await tx.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at, last_sign_in_at)
     select gen_random_uuid(), u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', now(), now(), null
     from auth.users u where u.id = any($1::uuid[])`,
    [[...byEmail.values()]],
  );
  return users.map((u) => byEmail.get(u.email)!);
}

export interface MemberRow {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  gender: 'female' | 'male' | 'other';
  birthDate: string;
  street: string;
  postalCode: string;
  city: string;
  joinedOn: string;
  leftOn: string | null;
  status: 'active' | 'passive' | 'left';
  roles: string[];
  clubIndex: number;
  userId: string | null;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Builds n members: ages 5–80, joined over the last eight years, some left, some passive. */
export function buildMembers(random: Random, n: number, domain: string, today: Date): MemberRow[] {
  const rows: MemberRow[] = [];
  for (let i = 0; i < n; i++) {
    const gender = random.chance(0.01) ? 'other' : random.chance(0.5) ? 'female' : 'male';
    const firstName = random.pick(
      gender === 'female' ? femaleNames : gender === 'male' ? maleNames : [...femaleNames, ...maleNames],
    );
    const lastName = random.pick(lastNames);
    const age = random.chance(0.45) ? random.int(5, 17) : random.int(18, 80);
    const birth = new Date(today.getTime() - (age * 365.25 + random.int(0, 364)) * 86400000);
    const joined = new Date(today.getTime() - random.int(0, 8 * 365) * 86400000);
    const left = random.chance(0.08) ? new Date(joined.getTime() + random.int(30, 700) * 86400000) : null;
    const hasLeft = left !== null && left < today;
    const [postalCode, city] = random.pick(towns);
    const roles: string[] = [];
    if (age >= 18 && random.chance(0.04)) roles.push('træner');
    if (age >= 25 && random.chance(0.2)) roles.push('forælder');
    if (age >= 25 && random.chance(0.003)) roles.push('bestyrelse');
    const slug = `${firstName}.${lastName}`
      .toLowerCase()
      .replace(/æ/g, 'ae')
      .replace(/ø/g, 'oe')
      .replace(/å/g, 'aa');
    rows.push({
      firstName,
      lastName,
      email: `${slug}.${i + 1}@${domain}`,
      phone: `+45 ${random.int(20, 99)}${String(random.int(0, 999999)).padStart(6, '0')}`,
      gender,
      birthDate: isoDate(birth),
      street: `${random.pick(streets)} ${random.int(1, 120)}`,
      postalCode,
      city,
      joinedOn: isoDate(joined),
      leftOn: hasLeft ? isoDate(left) : null,
      status: hasLeft ? 'left' : random.chance(0.12) ? 'passive' : 'active',
      roles,
      clubIndex: random.int(0, 3),
      userId: null,
    });
  }
  return rows;
}

/** Inserts members in batches with unnest; returns their ids in order. */
export async function insertMembers(
  tx: Queryable,
  community: string,
  clubIds: string[],
  rows: MemberRow[],
): Promise<string[]> {
  const ids: string[] = [];
  // Member IDs are given here rather than drawn one by one from the counter, then the
  // counter is moved past them: the same numbers, far faster for ten thousand rows.
  const base = await tx.query<{ n: string }>(
    `select coalesce(max(mid), 0)::text as n from public.members where community_id = $1`,
    [community],
  );
  const firstMid = Number(base.rows[0]!.n) + 1;
  for (let start = 0; start < rows.length; start += 2000) {
    const batch = rows.slice(start, start + 2000);
    const col = <K extends keyof MemberRow>(key: K) => batch.map((r) => r[key]);
    const result = await tx.query<{ id: string }>(
      `insert into public.members (community_id, mid, club_id, user_id, first_name, last_name, email, phone, gender, birth_date,
         street, postal_code, city, joined_on, left_on, status, roles)
       select $1, $17::bigint + m.ord - 1, m.club, m.user_id, m.first_name, m.last_name, m.email, m.phone, m.gender::public.gender, m.birth_date,
         m.street, m.postal_code, m.city, m.joined_on, m.left_on, m.status::public.member_status,
         case when m.roles = '' then '{}'::text[] else string_to_array(m.roles, ',') end
       from unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::date[],
                   $10::text[], $11::text[], $12::text[], $13::date[], $14::date[], $15::text[], $16::text[])
         with ordinality as m(club, user_id, first_name, last_name, email, phone, gender, birth_date, street, postal_code,
                              city, joined_on, left_on, status, roles, ord)
       order by m.ord
       returning id`,
      [
        community,
        batch.map((r) => clubIds[r.clubIndex] ?? null),
        col('userId'),
        col('firstName'),
        col('lastName'),
        col('email'),
        col('phone'),
        col('gender'),
        col('birthDate'),
        col('street'),
        col('postalCode'),
        col('city'),
        col('joinedOn'),
        col('leftOn'),
        col('status'),
        batch.map((r) => r.roles.join(',')),
        firstMid + start,
      ],
    );
    ids.push(...result.rows.map((r) => r.id));
  }
  await tx.query(`select app_private.bump_counter($1, 'member', $2)`, [
    community,
    firstMid + rows.length - 1,
  ]);
  return ids;
}

// Two communities on a running test platform and signed-in supabase-js clients for people
// in them, made directly in the database (trusted): the callers the hardening probes of
// issue 23 act as. A caller's token carries only `sub`; the database decides everything else.
import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { signJwt } from '../../src/access/jwt';
import type { TestPlatform } from './test-platform';

export interface Caller {
  userId: string;
  /** The caller's member row, when they have one. */
  memberId: string | null;
  client: SupabaseClient;
}

export interface CallerOptions {
  areas?: string[];
  role?: 'member' | 'admin' | 'owner';
  /** Gives the caller a member row (with an account link) in the community. */
  member?: boolean;
}

export interface CommunityCallers {
  communityA: string;
  communityB: string;
  caller(community: string, name: string, options?: CallerOptions): Promise<Caller>;
}

export async function createCommunityCallers(platform: TestPlatform): Promise<CommunityCallers> {
  const { db } = platform;
  const slug = crypto.randomBytes(4).toString('hex');
  const communities = await db.query<{ id: string }>(
    `insert into public.communities (slug, name) values ($1, 'Alpha IF'), ($2, 'Beta BK') returning id`,
    [`alpha-${slug}`, `beta-${slug}`],
  );
  const [communityA, communityB] = communities.rows.map((r) => r.id) as [string, string];
  return {
    communityA,
    communityB,
    async caller(community, name, options = {}) {
      const userId = crypto.randomUUID();
      const email = `${name.toLowerCase()}.${crypto.randomBytes(3).toString('hex')}@example.dk`;
      await db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(),
           '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
        [userId, email],
      );
      let memberId: string | null = null;
      if (options.member) {
        const row = await db.query<{ id: string }>(
          `insert into public.members (community_id, user_id, first_name, last_name, email)
           values ($1, $2, $3, 'Jensen', $4) returning id`,
          [community, userId, name, email],
        );
        memberId = row.rows[0]!.id;
      }
      await db.query(
        `insert into public.memberships (community_id, user_id, role, areas)
         values ($1, $2, $3::public.membership_role, $4::text[]::public.admin_area[])
         on conflict (community_id, user_id) do update set role = excluded.role, areas = excluded.areas`,
        [
          community,
          userId,
          options.role ?? (options.areas?.length ? 'admin' : 'member'),
          options.areas ?? [],
        ],
      );
      const jwt = signJwt(
        platform.platform.keys,
        { sub: userId, role: 'authenticated', aud: 'authenticated' },
        3600,
      );
      const client = createClient(platform.url, platform.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        global: { headers: { Authorization: `Bearer ${await jwt}` } },
        realtime: { transport: WebSocket as never },
      });
      return { userId, memberId, client };
    },
  };
}

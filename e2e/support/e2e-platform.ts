// The server for an end-to-end test file: the whole platform in-process on a free port, with a
// fresh database, serving the built app from apps/web/dist, its public URL set to that port so
// the app and e-mail links point back at it.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestPlatform, type TestPlatform } from '../../apps/server/tests/support/test-platform';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startE2ePlatform(env: Record<string, string> = {}): Promise<TestPlatform> {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first (npm run test:e2e does)');
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return startTestPlatform(
    { PORT: String(port), PUBLIC_URL: url, SITE_URL: url, APP_NAME: 'Klubportalen', ...env },
    { webDir: path.join(repoRoot, 'apps/web/dist') },
  );
}

export interface Community {
  id: string;
  slug: string;
  name: string;
}

/** A community with the given user as a member holding the given admin areas. */
export async function addMembership(
  platform: TestPlatform,
  userId: string,
  community: { slug: string; name: string },
  membership: { role?: 'member' | 'owner'; areas?: string[]; manager?: boolean } = {},
): Promise<Community> {
  const existing = await platform.db.query<{ id: string }>(
    'select id::text from public.communities where slug = $1',
    [community.slug],
  );
  const id =
    existing.rows[0]?.id ??
    (
      await platform.db.query<{ id: string }>(
        'insert into public.communities (slug, name) values ($1, $2) returning id::text',
        [community.slug, community.name],
      )
    ).rows[0]!.id;
  await platform.db.query(
    `insert into public.memberships (community_id, user_id, role, areas, membership_manager)
     values ($1, $2, $3, $4::public.admin_area[], $5)`,
    [
      id,
      userId,
      membership.role ?? 'member',
      `{${(membership.areas ?? []).join(',')}}`,
      membership.manager ?? false,
    ],
  );
  return { id, ...community };
}

/** A confirmed user made through the admin API. */
export async function createUser(
  platform: TestPlatform,
  email: string,
  password: string,
  fullName = 'Ane Jensen',
): Promise<string> {
  const { data, error } = await platform.adminClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: fullName },
  });
  if (error || !data.user) throw new Error(`could not create ${email}: ${error?.message}`);
  return data.user.id;
}

export async function userIdByEmail(platform: TestPlatform, email: string): Promise<string> {
  const { rows } = await platform.db.query<{ id: string }>(
    'select id::text from auth.users where email = $1',
    [email.toLowerCase()],
  );
  if (!rows[0]) throw new Error(`no user ${email}`);
  return rows[0].id;
}

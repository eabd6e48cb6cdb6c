// What the events end-to-end tests share: an event admin signed in through the login page, and
// members who act through supabase-js and the member-side functions, as the member app does.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Locator, Page } from 'playwright-core';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { addMembership, createUser, type Community } from '../support/e2e-platform';

export async function signIn(
  page: Page,
  platform: TestPlatform,
  email: string,
  password: string,
  language: 'en' | 'da',
  returnTo: string,
) {
  await page.goto(`${platform.url}/${language}/login?redirect=${encodeURIComponent(returnTo)}`);
  await page.getByLabel(language === 'da' ? 'E-mail' : 'Email').fill(email);
  await page.getByLabel(language === 'da' ? 'Adgangskode' : 'Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: language === 'da' ? 'Log ind' : 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === returnTo);
}

/** A user who administers the given areas of the community. */
export async function createAdmin(
  platform: TestPlatform,
  email: string,
  community: { slug: string; name: string },
  areas: string[],
): Promise<Community> {
  const userId = await createUser(platform, email, 'arrangement-2027');
  return addMembership(platform, userId, community, { areas });
}

/** A member of the community (a member row linked to an account), signed in through supabase-js. */
export async function signedInMember(
  platform: TestPlatform,
  community: Community,
  email: string,
  first: string,
  last: string,
): Promise<SupabaseClient> {
  const userId = await createUser(platform, email, 'medlem-kode-2027', `${first} ${last}`);
  await platform.db.query(
    `insert into public.members (community_id, user_id, first_name, last_name, email) values ($1, $2, $3, $4, $5)`,
    [community.id, userId, first, last, email],
  );
  const client = platform.client();
  const { error } = await client.auth.signInWithPassword({ email, password: 'medlem-kode-2027' });
  if (error) throw new Error(`member sign-in failed: ${error.message}`);
  return client;
}

export const password = 'arrangement-2027';

/** Types a date and a time into one of the kit's date-time fields, as a user would (the
 * time box is labelled "<label>, klokkeslæt" / "<label>, time"), leaving both fields. */
export async function fillDateTime(
  scope: Page | Locator,
  label: string,
  date: string,
  time: string,
  language: 'da' | 'en' = 'da',
): Promise<void> {
  const dateBox = scope.getByLabel(label, { exact: true });
  await dateBox.fill(date);
  await dateBox.blur();
  const timeBox = scope.getByLabel(`${label}, ${language === 'da' ? 'klokkeslæt' : 'time'}`, { exact: true });
  await timeBox.fill(time);
  await timeBox.blur();
}

/** Types a date into one of the kit's date fields and leaves it. */
export async function fillDate(scope: Page | Locator, label: string, date: string): Promise<void> {
  const box = scope.getByLabel(label, { exact: true });
  await box.fill(date);
  await box.blur();
}

// Loaders of the member app (decision 1030): /m picks the language, /{lang}/m the community,
// /{lang}/m/{community} needs a session and a membership of any role in that community.
import type { MembershipClaim } from '@club/schemas';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { localePath, preferredLanguage } from '../lib/i18n';
import { findMembership, membershipsFromToken } from '../lib/memberships';
import { languageParam, requireSession } from './route-guards';

export interface MemberCommunityLoaderData {
  slug: string;
  membership: MembershipClaim;
}

/** The installed app's start address (the manifest's start_url) in the visitor's language. */
export function memberEntryLoader(): never {
  throw redirect(localePath(preferredLanguage(), 'm'));
}

/** The member app without a community: the only club, or the first by name; with none the
 * page says how to become a member. */
export async function memberIndexLoader(args: LoaderFunctionArgs): Promise<null> {
  const session = await requireSession(args);
  const entries = Object.entries(membershipsFromToken(session.access_token)).sort(([, a], [, b]) =>
    a.name.localeCompare(b.name),
  );
  const first = entries[0];
  if (first) throw redirect(localePath(languageParam(args.params), `m/${first[0]}`));
  return null;
}

export async function memberCommunityLoader(args: LoaderFunctionArgs): Promise<MemberCommunityLoaderData> {
  const session = await requireSession(args);
  const found = findMembership(membershipsFromToken(session.access_token), args.params.community ?? '');
  if (!found) throw redirect(localePath(languageParam(args.params), 'm'));
  return found;
}

// The member page (member_overview: the member and every section in one call), the member's
// history, the lookup box, and the Danish postcode table.
import { supabase } from '../../lib/supabase';
import type { Gender, MemberStatus, TagChip } from './load-member-register';

export interface MemberRecord {
  id: string;
  community_id: string;
  user_id: string | null;
  mid: number;
  membership_id: string | null;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  gender: Gender | null;
  birth_date: string | null;
  street: string | null;
  house_number: string | null;
  floor: string | null;
  door: string | null;
  postal_code: string | null;
  city: string | null;
  status: MemberStatus;
  joined_on: string;
  left_on: string | null;
  roles: string[];
  consent_note: string | null;
  erased_at: string | null;
  cpr_masked: string | null;
  age: number | null;
  updated_at: string;
}

export interface MemberOverview {
  member: MemberRecord;
  can_see_cpr: boolean;
  can_grant_access: boolean;
  access: { role: string; areas: string[]; membership_manager: boolean } | null;
  tags: TagChip[];
  groups: { id: string; title: string; role: string; joined_at: string; left_at: string | null }[];
  certificates: {
    id: string;
    kind: string;
    status: string;
    issued_on: string | null;
    expires_on: string | null;
  }[];
  relations: {
    id: string;
    kind: string;
    direction: 'to' | 'from';
    member_id: string;
    full_name: string;
    mid: number;
  }[];
  tickets: {
    id: string;
    event_id: string;
    event_title: string;
    starts_at: string;
    ticket: string;
    status: string;
  }[];
  volunteering: {
    id: string;
    job_title: string;
    event_title: string;
    starts_at: string;
    status: string;
    hours: number | null;
  }[];
  bookings: { id: string; product: string; starts_at: string; ends_at: string; status: string }[];
  orders: { id: string; product_name: string; status: string; amount_ore: number; created_at: string }[];
  invoices: {
    id: string;
    number: number | null;
    kind: 'invoice' | 'credit_note';
    status: string;
    due_on: string | null;
    total_ore: number;
    paid_ore: number;
    overdue: boolean;
  }[];
  balance_ore: number;
}

export interface HistoryEntry {
  id: number;
  at: string;
  action: string;
  changes: Record<string, [unknown, unknown]>;
  reason: string | null;
  actor_name: string | null;
}

/** Ids the address bar may carry: anything else is a 404 without asking the server. */
export const isMemberId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export async function loadMemberOverview(memberId: string): Promise<MemberOverview> {
  const { data, error } = await supabase().rpc('member_overview', { p_member_id: memberId });
  if (error) throw error;
  return data as unknown as MemberOverview;
}

export async function loadMemberHistory(memberId: string): Promise<HistoryEntry[]> {
  const { data, error } = await supabase().rpc('member_history_entries', { p_member_id: memberId });
  if (error) throw error;
  return (data ?? []) as unknown as HistoryEntry[];
}

export interface LookupHit {
  id: string;
  mid: number;
  full_name: string;
  email: string | null;
  phone: string | null;
  membership_id: string | null;
  status: MemberStatus;
}

export async function lookupMembers(communityId: string, text: string): Promise<LookupHit[]> {
  const { data, error } = await supabase()
    .rpc('lookup_members', { p_community_id: communityId, p_query: text, p_limit: 20 })
    .select('id, mid, full_name, email, phone, membership_id, status');
  if (error) throw error;
  return (data ?? []) as LookupHit[];
}

/** Membership managers only; each search is audited by the database. */
export async function lookupMembersByCpr(communityId: string, cpr: string): Promise<LookupHit[]> {
  const { data, error } = await supabase()
    .rpc('find_member_by_cpr', { p_community_id: communityId, p_cpr: cpr })
    .select('id, mid, full_name, email, phone, membership_id, status');
  if (error) throw error;
  return (data ?? []) as LookupHit[];
}

export { loadPostcodes } from '../../lib/queries/members/load-postcodes';

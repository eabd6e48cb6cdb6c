// Reads of the analytics area: members over time for a date range, and the statutory member
// counts (CFR and the municipal member grant) with the members behind them (decision 0941).
import { supabase } from '../../lib/supabase';

export const analyticsKeys = {
  all: (communityId: string) => ['analytics', communityId] as const,
  members: (communityId: string, from: string, to: string) =>
    ['analytics', communityId, 'members', from, to] as const,
  counts: (communityId: string, year: number, kind: ReportKind) =>
    ['analytics', communityId, 'counts', year, kind] as const,
};

export type ReportKind = 'cfr' | 'grant';

export async function loadMembersOverTime(communityId: string, from: string, to: string) {
  const { data, error } = await supabase().rpc('analytics_members_over_time', {
    p_community_id: communityId,
    p_from: from,
    p_to: to,
    p_bucket: 'month',
  });
  if (error) throw error;
  return data ?? [];
}

export async function loadMemberCounts(communityId: string, year: number, kind: ReportKind) {
  const { data, error } = await supabase().rpc('report_member_counts', {
    p_community_id: communityId,
    p_year: year,
    p_max_age: kind === 'grant' ? 24 : undefined,
  });
  if (error) throw error;
  return data ?? [];
}

export async function loadMemberCountDetail(communityId: string, year: number, kind: ReportKind) {
  const { data, error } = await supabase().rpc('report_member_counts_detail', {
    p_community_id: communityId,
    p_year: year,
  });
  if (error) throw error;
  return (data ?? []).filter((row) => kind === 'cfr' || (row.age !== null && row.age <= 24));
}

export type MemberCountRow = Awaited<ReturnType<typeof loadMemberCounts>>[number];
export type MemberCountDetailRow = Awaited<ReturnType<typeof loadMemberCountDetail>>[number];

// Reads of the analytics area (decisions 0941, 0942): the charts for a date range, the statutory
// member counts and the premises-grant hours for a year, each optionally for one club. Every
// rule (age limits, counting days, the club) is applied in the database; these only ask.
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase';

export type ReportKind = 'cfr' | 'grant';

/** The charts' shared filter: a date range in community days and an optional club. */
export interface AnalyticsFilter {
  communityId: string;
  from: string;
  to: string;
  clubId: string | null;
}

const club = (clubId: string | null) => clubId ?? undefined;

/** The rows of a read, or its error thrown for the query to show. */
async function rows<T>(request: PromiseLike<{ data: T[] | null; error: unknown }>): Promise<T[]> {
  const { data, error } = await request;
  if (error) throw error;
  return data ?? [];
}

export const analyticsKeys = {
  all: (communityId: string) => ['analytics', communityId] as const,
  clubs: (communityId: string) => ['analytics', communityId, 'clubs'] as const,
  chart: (name: string, f: AnalyticsFilter) =>
    ['analytics', f.communityId, name, f.from, f.to, f.clubId] as const,
  counts: (communityId: string, year: number, kind: ReportKind, clubId: string | null) =>
    ['analytics', communityId, 'counts', year, kind, clubId] as const,
  premises: (communityId: string, year: number, clubId: string | null) =>
    ['analytics', communityId, 'premises', year, clubId] as const,
};

export function loadClubs(communityId: string) {
  return rows(supabase().from('clubs').select('id, name').eq('community_id', communityId).order('name'));
}

export function loadMembersOverTime(f: AnalyticsFilter) {
  return rows(
    supabase().rpc('analytics_members_over_time', {
      p_community_id: f.communityId,
      p_from: f.from,
      p_to: f.to,
      p_bucket: 'month',
      p_club_id: club(f.clubId),
    }),
  );
}

/** The members at the end of the range by age band and gender. */
export function loadDemographics(f: AnalyticsFilter) {
  return rows(
    supabase().rpc('analytics_member_demographics', {
      p_community_id: f.communityId,
      p_on: f.to,
      p_club_id: club(f.clubId),
    }),
  );
}

export function loadEventAttendance(f: AnalyticsFilter) {
  return rows(
    supabase().rpc('analytics_event_attendance', {
      p_community_id: f.communityId,
      p_from: f.from,
      p_to: f.to,
      p_club_id: club(f.clubId),
    }),
  );
}

export function loadGroupGrowth(f: AnalyticsFilter) {
  return rows(
    supabase().rpc('analytics_group_growth', {
      p_community_id: f.communityId,
      p_from: f.from,
      p_to: f.to,
      p_bucket: 'month',
      p_club_id: club(f.clubId),
    }),
  );
}

export function loadBookingUtilisation(f: AnalyticsFilter) {
  return rows(
    supabase().rpc('analytics_booking_utilisation', {
      p_community_id: f.communityId,
      p_from: f.from,
      p_to: f.to,
      p_club_id: club(f.clubId),
    }),
  );
}

export function loadMemberCounts(communityId: string, year: number, kind: ReportKind, clubId: string | null) {
  return rows(
    supabase().rpc('report_member_counts', {
      p_community_id: communityId,
      p_year: year,
      p_max_age: kind === 'grant' ? 24 : undefined,
      p_club_id: club(clubId),
    }),
  );
}

export function loadMemberCountDetail(
  communityId: string,
  year: number,
  kind: ReportKind,
  clubId: string | null,
) {
  return rows(
    supabase().rpc('report_member_counts_detail', {
      p_community_id: communityId,
      p_year: year,
      p_max_age: kind === 'grant' ? 24 : undefined,
      p_club_id: club(clubId),
    }),
  );
}

export function loadPremisesHours(communityId: string, year: number, clubId: string | null) {
  return rows(
    supabase().rpc('report_premises_hours', {
      p_community_id: communityId,
      p_year: year,
      p_club_id: club(clubId),
    }),
  );
}

export function loadPremisesDetail(communityId: string, year: number, clubId: string | null) {
  return rows(
    supabase().rpc('report_premises_hours_detail', {
      p_community_id: communityId,
      p_year: year,
      p_club_id: club(clubId),
    }),
  );
}

/**
 * A yearly report as a PDF file, made by the report-pdf function from the same database reads
 * (decision 0943). A refusal is thrown in the shape the database's errors have (P0001 with the
 * code as message), so describeAnalyticsError words it like the screen's own errors.
 */
export async function loadReportPdf(
  communityId: string,
  report: ReportKind | 'premises',
  year: number,
  clubId: string | null,
  language: string,
): Promise<Blob> {
  const { data, error } = await supabase().functions.invoke<Blob>('report-pdf', {
    body: { report, community_id: communityId, year, club_id: clubId, language },
  });
  if (error instanceof FunctionsHttpError) {
    const payload = (await (error.context as Response).json().catch(() => ({}))) as { reason?: string };
    throw { code: 'P0001', message: payload.reason ?? 'report_failed' };
  }
  if (error) throw error;
  return data as Blob;
}

export type MemberCountRow = Awaited<ReturnType<typeof loadMemberCounts>>[number];
export type MemberCountDetailRow = Awaited<ReturnType<typeof loadMemberCountDetail>>[number];
export type PremisesRow = Awaited<ReturnType<typeof loadPremisesHours>>[number];

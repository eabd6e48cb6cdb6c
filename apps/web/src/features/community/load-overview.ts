// The overview's figures: one call (overview_figures, decision 0940) that holds a key per area
// the user administers here and none for the others.
import { supabase } from '../../lib/supabase';

export interface OverviewEvent {
  id: string;
  title: string;
  starts_at: string;
  status: string;
  sold: number;
  capacity: number | null;
}

export interface OverviewPost {
  id: string;
  title: string;
  status: 'published' | 'scheduled';
  release_at: string | null;
  published_at: string | null;
}

export interface Money {
  ore: number;
  count: number;
}

export interface OverviewFigures {
  today: string;
  time_zone: string;
  events?: { upcoming: OverviewEvent[]; open_volunteer_slots: number };
  news?: { recent: OverviewPost[]; scheduled_today: number };
  members?: {
    count: number;
    joined_this_month: number;
    left_this_month: number;
    certificates_expiring: number;
  };
  billing?: { currency: string; outstanding: Money; overdue: Money };
  booking?: { today: number };
  groups?: { join_requests: number };
}

export const overviewKey = (communityId: string) => ['overview', communityId] as const;

export async function loadOverview(communityId: string): Promise<OverviewFigures> {
  const { data, error } = await supabase().rpc('overview_figures', { p_community_id: communityId });
  if (error) throw error;
  return data as unknown as OverviewFigures;
}

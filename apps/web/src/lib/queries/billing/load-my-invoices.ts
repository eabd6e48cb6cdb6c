// The invoices of the member's own billing accounts (named explicitly: a billing
// administrator's policy reads every account), newest first; drafts are the club's
// work in progress and stay out.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../supabase';
import { loadMyMemberIds } from '../members/load-my-member-ids';
import { billingKeys } from './keys';

export async function loadMyInvoices(communityId: string) {
  const ids = await loadMyMemberIds(communityId);
  const { data, error } = await supabase()
    .from('invoices')
    .select(
      'id, number, status, issued_on, due_on, total_ore, paid_ore, currency, billing_accounts!inner(member_id)',
    )
    .eq('community_id', communityId)
    .in('billing_accounts.member_id', ids)
    .neq('status', 'draft')
    .order('issued_on', { ascending: false, nullsFirst: false })
    .order('id')
    .limit(200);
  if (error) throw error;
  return data;
}

export type MyInvoice = Awaited<ReturnType<typeof loadMyInvoices>>[number];

export function useMyInvoices(communityId: string) {
  return useQuery({
    queryKey: billingKeys.myInvoices(communityId),
    queryFn: () => loadMyInvoices(communityId),
  });
}

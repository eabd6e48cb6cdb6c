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
      'id, number, status, issued_on, due_on, total_ore, fees_ore, paid_ore, currency, billing_accounts!inner(member_id)',
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

/**
 * The member's invoices. With `awaiting` (an invoice the member has just paid online), the list
 * is read again every few seconds until the provider's notification has marked it paid, for at
 * most two minutes.
 */
export function useMyInvoices(communityId: string, awaiting?: string | null) {
  return useQuery({
    queryKey: billingKeys.myInvoices(communityId),
    queryFn: () => loadMyInvoices(communityId),
    refetchInterval: (query) => {
      if (!awaiting || query.state.dataUpdateCount > 40) return false;
      const invoice = query.state.data?.find((i) => i.id === awaiting);
      return invoice?.status === 'issued' ? 3_000 : false;
    },
  });
}

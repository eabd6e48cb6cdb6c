// Giving back one's own volunteer shift (cancel_volunteer_signup: until the shift starts).
import { memberShiftsMessages } from '@club/i18n/namespaces/member-shifts';
import { useT } from '../../i18n';
import { supabase } from '../../supabase';
import { useDataMutation } from '../use-data-mutation';
import { useDescribeShiftError } from './describe-shift-error';
import { eventKeys } from './keys';

export async function giveBackShift(signup: { id: string; job: string }): Promise<void> {
  const { error } = await supabase().rpc('cancel_volunteer_signup', { p_signup_id: signup.id });
  if (error) throw error;
}

export function useGiveBackShift(communityId: string) {
  const t = useT(memberShiftsMessages);
  return useDataMutation({
    mutationFn: giveBackShift,
    invalidates: () => [eventKeys.shifts(communityId)],
    staleAfterFailure: () => [eventKeys.shifts(communityId)],
    success: (signup) => t('cancelled', { job: signup.job }),
    describeError: useDescribeShiftError(),
  });
}

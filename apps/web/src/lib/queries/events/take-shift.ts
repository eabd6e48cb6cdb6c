// Taking a volunteer shift (sign_up_volunteer: every rule, and the last place, decided there).
// A refusal also makes the shifts stale, so a shift that filled up meanwhile shows as full.
import { memberShiftsMessages } from '@club/i18n/namespaces/member-shifts';
import { useT } from '../../i18n';
import { supabase } from '../../supabase';
import { useDataMutation } from '../use-data-mutation';
import { useDescribeShiftError } from './describe-shift-error';
import { eventKeys } from './keys';

export interface ShiftChoice {
  jobId: string;
  timeslotId: string | null;
  /** For the toast: the job's title and its time in words. */
  job: string;
  time: string;
}

export async function takeShift(shift: ShiftChoice): Promise<string> {
  const { data, error } = await supabase().rpc(
    'sign_up_volunteer',
    shift.timeslotId ? { p_job_id: shift.jobId, p_timeslot_id: shift.timeslotId } : { p_job_id: shift.jobId },
  );
  if (error) throw error;
  return data;
}

export function useTakeShift(communityId: string) {
  const t = useT(memberShiftsMessages);
  return useDataMutation({
    mutationFn: takeShift,
    invalidates: () => [eventKeys.shifts(communityId)],
    staleAfterFailure: () => [eventKeys.shifts(communityId)],
    success: (shift) => t('taken', { job: shift.job, time: shift.time }),
    describeError: useDescribeShiftError(),
  });
}

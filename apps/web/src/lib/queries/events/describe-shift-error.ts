// Words for the codes of sign_up_volunteer and cancel_volunteer_signup.
import { memberShiftsMessages } from '@club/i18n/namespaces/member-shifts';
import { useT } from '../../i18n';
import { useDescribeCommonError } from '../describe-common-error';

export const shiftErrorCodes = [
  'job_not_found',
  'timeslot_not_found',
  'timeslot_required',
  'event_cancelled',
  'not_a_member',
  'signup_closed',
  'role_required',
  'certificate_missing',
  'already_signed_up',
  'no_slots_left',
  'signup_not_found',
  'shift_started',
] as const;

export function useDescribeShiftError(): (code: string) => string {
  const t = useT(memberShiftsMessages);
  const common = useDescribeCommonError();
  return (code) =>
    (shiftErrorCodes as readonly string[]).includes(code)
      ? t(`errors.${code as (typeof shiftErrorCodes)[number]}`)
      : common(code);
}

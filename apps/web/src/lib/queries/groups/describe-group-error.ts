// Words for the codes of join_group, request_group_membership and leave_group.
import { memberGroupsMessages } from '@club/i18n/namespaces/member-groups';
import { useT } from '../../i18n';
import { useDescribeCommonError } from '../describe-common-error';

const businessCodes = [
  'group_not_found',
  'group_archived',
  'invitation_required',
  'approval_required',
  'approval_not_needed',
  'already_in_group',
  'not_in_group',
  'not_a_member',
] as const;

export function useDescribeGroupError(): (code: string) => string {
  const t = useT(memberGroupsMessages);
  const common = useDescribeCommonError();
  return (code) =>
    (businessCodes as readonly string[]).includes(code)
      ? t(`errors.${code as (typeof businessCodes)[number]}`)
      : common(code);
}

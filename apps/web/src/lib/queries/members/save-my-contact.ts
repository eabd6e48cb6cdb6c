// A member changes their own contact details and address from the member app. The database
// decides what they may change (guard_member_self_service: names, phone, address and the like,
// never status or the club's fields) and checks the postcode (check_member_address); the city
// comes from the postcode table.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import { useT } from '../../i18n';
import { supabase } from '../../supabase';
import { useDescribeCommonError } from '../describe-common-error';
import { useDataMutation } from '../use-data-mutation';
import { memberKeys } from './keys';

export interface MyContact {
  first_name: string;
  last_name: string;
  phone: string | null;
  street: string | null;
  house_number: string | null;
  floor: string | null;
  door: string | null;
  postal_code: string | null;
  city: string | null;
}

export async function saveMyContact(vars: { memberId: string; contact: MyContact }): Promise<void> {
  const { data, error } = await supabase()
    .from('members')
    .update(vars.contact)
    .eq('id', vars.memberId)
    .select('id');
  if (error) throw error;
  // RLS filters an update it does not allow down to no rows, without an error.
  if (data.length === 0) throw Object.assign(new Error('permission'), { code: '42501' });
}

const businessCodes = ['invalid_address', 'read_only_field'] as const;

export function useSaveMyContact(communityId: string) {
  const t = useT(memberAppMessages);
  const common = useDescribeCommonError();
  return useDataMutation({
    mutationFn: saveMyContact,
    invalidates: () => [memberKeys.me(communityId)],
    success: () => t('me.contactSaved'),
    describeError: (code) =>
      (businessCodes as readonly string[]).includes(code)
        ? t(`me.errors.${code as (typeof businessCodes)[number]}`)
        : common(code),
  });
}

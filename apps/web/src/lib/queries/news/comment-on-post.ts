// A member's comment, through comment_on_post (which holds the rules: members only, 1–4000
// characters, not when comments are off).
import { memberNewsMessages } from '@club/i18n/namespaces/member-news';
import { useT } from '../../i18n';
import { supabase } from '../../supabase';
import { useDescribeCommonError } from '../describe-common-error';
import { useDataMutation } from '../use-data-mutation';
import { newsKeys } from './keys';

const businessCodes = [
  'comments_closed',
  'post_not_found',
  'invalid_comment',
  'not_a_member',
  'not_signed_in',
] as const;

export async function commentOnPost({ postId, body }: { postId: string; body: string }): Promise<string> {
  const { data, error } = await supabase().rpc('comment_on_post', { p_post_id: postId, p_body: body });
  if (error) throw error;
  return data;
}

export function useCommentOnPost(communityId: string) {
  const t = useT(memberNewsMessages);
  const common = useDescribeCommonError();
  return useDataMutation({
    mutationFn: commentOnPost,
    invalidates: ({ postId }) => [newsKeys.comments(communityId, postId), newsKeys.post(communityId, postId)],
    success: () => t('sent'),
    describeError: (code) =>
      (businessCodes as readonly string[]).includes(code)
        ? t(`errors.${code as (typeof businessCodes)[number]}`)
        : common(code),
  });
}

-- Inviting a member to sign in (issue 16): the invite-member function asks, with the admin's
-- own token, whom to invite (member_invite_target checks the member area), has the auth
-- service invite that e-mail, and links the member row to the invited (or already existing)
-- account with the service role (link_member_account). docs/decisions/0855.

create or replace function public.member_invite_target(p_member_id uuid)
returns table (email text, full_name text, community_name text)
language plpgsql stable security definer set search_path = '' as $$
declare v_member public.members;
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null or not app_private.can_manage_members(v_member.community_id) then
    perform app_private.fail('member_not_found', 'No such member in your communities');
  end if;
  if v_member.user_id is not null then
    perform app_private.fail('member_has_account', 'The member already signs in');
  end if;
  if v_member.email is null then
    perform app_private.fail('member_has_no_email', 'The member has no e-mail address');
  end if;
  return query select v_member.email, v_member.full_name, c.name
    from public.communities c where c.id = v_member.community_id;
end
$$;
revoke execute on function public.member_invite_target(uuid) from public, anon;
grant execute on function public.member_invite_target(uuid) to authenticated, service_role;

-- Service role only: links the member to the account with the member's e-mail address.
create or replace function public.link_member_account(p_member_id uuid) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_member public.members;
  v_user uuid;
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null then
    perform app_private.fail('member_not_found', 'No such member');
  end if;
  if v_member.user_id is not null then
    return v_member.user_id;
  end if;
  select u.id into v_user from auth.users u where lower(u.email) = lower(v_member.email);
  if v_user is null then
    perform app_private.fail('user_not_found', 'No account has the member''s e-mail address');
  end if;
  if exists (select 1 from public.members m where m.community_id = v_member.community_id and m.user_id = v_user) then
    perform app_private.fail('account_already_linked', 'That account already belongs to another member here');
  end if;
  update public.members set user_id = v_user where id = p_member_id;
  return v_user;
end
$$;
revoke execute on function public.link_member_account(uuid) from public, anon, authenticated;
grant execute on function public.link_member_account(uuid) to service_role;

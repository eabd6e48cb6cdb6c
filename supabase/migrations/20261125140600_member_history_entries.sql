-- The member page's history with the name of whoever made each change (their member name in
-- the community, else the name on their account), newest first, at most 100 entries. Member
-- admins, owners and managers only; a member of another community is not found.
create or replace function public.member_history_entries(p_member_id uuid)
returns table (id bigint, at timestamptz, action text, changes jsonb, reason text, actor_name text)
language plpgsql stable security definer set search_path = '' as $$
declare v_community uuid;
begin
  select m.community_id into v_community from public.members m where m.id = p_member_id;
  if v_community is null or not app_private.can_manage_members(v_community) then
    perform app_private.fail('member_not_found', 'No such member in your communities');
  end if;
  return query
  select h.id, h.at, h.action, h.changes, h.reason,
         coalesce((select a.full_name from public.members a
                    where a.community_id = v_community and a.user_id = h.actor_user_id limit 1),
                  (select nullif(u.raw_user_meta_data ->> 'full_name', '') from auth.users u where u.id = h.actor_user_id),
                  (select u.email from auth.users u where u.id = h.actor_user_id))
    from public.member_history h
   where h.member_id = p_member_id
   order by h.id desc
   limit 100;
end
$$;
revoke execute on function public.member_history_entries(uuid) from public, anon;
grant execute on function public.member_history_entries(uuid) to authenticated, service_role;

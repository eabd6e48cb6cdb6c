-- What the send-welcome-email function needs: the welcome text of a group and the member's
-- address, for group admins only, and a mark that the e-mail went out.

create or replace function public.group_welcome_email(p_group_id uuid, p_member_id uuid)
returns table (email text, full_name text, group_title text, welcome_email text, community_name text)
language plpgsql stable security definer set search_path = '' as $$
declare v_community uuid;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not app_private.has_area(v_community, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  if not exists (select 1 from public.group_members gm
                 where gm.group_id = p_group_id and gm.member_id = p_member_id and gm.left_at is null) then
    perform app_private.fail('not_in_group', 'The member is not in this group');
  end if;
  return query
  select m.email, m.full_name, g.title, coalesce(g.welcome_email, ''), c.name
  from public.members m join public.groups g on g.id = p_group_id join public.communities c on c.id = g.community_id
  where m.id = p_member_id;
end
$$;

create or replace function public.mark_welcome_sent(p_group_id uuid, p_member_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare v_community uuid;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not app_private.has_area(v_community, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  update public.group_members set welcome_sent_at = now()
  where group_id = p_group_id and member_id = p_member_id and left_at is null;
end
$$;
revoke execute on function public.group_welcome_email(uuid, uuid), public.mark_welcome_sent(uuid, uuid) from public, anon;

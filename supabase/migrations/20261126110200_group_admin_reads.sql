-- What the groups screens read: one row per group for the list (owner, counts, tags), one
-- row per current member of a group for the group page (name, e-mail, role, fee status),
-- the welcome e-mail as it goes out, and the group tables in the realtime publication so the
-- group page follows joins, leaves and requests live.

create or replace view public.group_admin_summaries with (security_invoker = true) as
select
  g.id,
  g.community_id,
  g.title,
  g.visibility,
  g.archived,
  g.archived_at,
  g.payment_frequency,
  g.price_ore,
  g.currency,
  g.payment_frequency is not null as paid,
  g.requires_approval,
  g.cover_image_path,
  g.owner_member_id,
  (select d.full_name from public.member_directory d where d.id = g.owner_member_id) as owner_name,
  (select count(*) from public.group_members gm where gm.group_id = g.id and gm.left_at is null)::integer
    as member_count,
  (select count(*) from public.group_join_requests r where r.group_id = g.id and r.status = 'pending')::integer
    as pending_requests,
  coalesce((select array_agg(t.tag_id order by t.tag_id) from public.group_tags t where t.group_id = g.id),
           '{}')::uuid[] as tag_ids,
  -- Whether the group ever had a member: only a group that never had one can be deleted.
  exists (select 1 from public.group_members gm where gm.group_id = g.id) as ever_had_members,
  g.created_at
from public.groups g;

create or replace view public.group_member_roster with (security_invoker = true) as
select
  gm.id,
  gm.community_id,
  gm.group_id,
  gm.member_id,
  gm.role,
  gm.joined_at,
  gm.payment_status,
  gm.welcome_sent_at,
  d.mid,
  d.full_name,
  d.email,
  (select max(c.period_start) from public.group_fee_charges c where c.group_member_id = gm.id) as last_charged_period
from public.group_members gm
join public.member_directory d on d.id = gm.member_id
where gm.left_at is null;

create or replace view public.group_join_request_list with (security_invoker = true) as
select r.id, r.community_id, r.group_id, r.member_id, r.message, r.created_at, d.full_name, d.email
from public.group_join_requests r
join public.member_directory d on d.id = r.member_id
where r.status = 'pending';

-- Read-only: writes go to the tables (under their policies) or through the functions.
revoke all on public.group_admin_summaries, public.group_member_roster, public.group_join_request_list
  from public, anon, authenticated;
grant select on public.group_admin_summaries, public.group_member_roster, public.group_join_request_list
  to authenticated, service_role;

-- The welcome e-mail of a group for one of its members, in the community's language (the
-- other language's text when that one is empty, a plain greeting when both are), with
-- {name} and {group} filled in. Group admins only.
create or replace function public.group_welcome_message(p_group_id uuid, p_member_id uuid)
returns table (email text, full_name text, language text, subject text, body text, community_name text)
language plpgsql stable security definer set search_path = '' as $$
declare
  g public.groups;
  v_lang text;
  v_community text;
  v_subject text;
  v_body text;
  v_name text;
  v_email text;
begin
  select * into g from public.groups where id = p_group_id;
  if g.id is null or not app_private.has_area(g.community_id, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  if not exists (select 1 from public.group_members gm
                 where gm.group_id = p_group_id and gm.member_id = p_member_id and gm.left_at is null) then
    perform app_private.fail('not_in_group', 'The member is not in this group');
  end if;
  select c.default_language, c.name into v_lang, v_community from public.communities c where c.id = g.community_id;
  select m.full_name, m.email into v_name, v_email from public.members m where m.id = p_member_id;
  if v_lang = 'en' then
    v_subject := coalesce(nullif(trim(g.welcome_subject_en), ''), nullif(trim(g.welcome_subject_da), ''), 'Welcome to {group}');
    v_body := coalesce(nullif(trim(g.welcome_body_en), ''), nullif(trim(g.welcome_body_da), ''),
                       nullif(trim(g.welcome_email), ''), 'Welcome to {group}, {name}!');
  else
    v_subject := coalesce(nullif(trim(g.welcome_subject_da), ''), nullif(trim(g.welcome_subject_en), ''), 'Velkommen til {group}');
    v_body := coalesce(nullif(trim(g.welcome_body_da), ''), nullif(trim(g.welcome_email), ''),
                       nullif(trim(g.welcome_body_en), ''), 'Velkommen til {group}, {name}!');
  end if;
  return query select v_email, v_name, v_lang,
    replace(replace(v_subject, '{name}', coalesce(v_name, '')), '{group}', g.title),
    replace(replace(v_body, '{name}', coalesce(v_name, '')), '{group}', g.title),
    v_community;
end
$$;
revoke execute on function public.group_welcome_message(uuid, uuid) from public, anon;
grant execute on function public.group_welcome_message(uuid, uuid) to authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  alter publication supabase_realtime add table public.group_members, public.group_join_requests;
end
$$;

-- Tags and clubs administration (issue 24, docs/decisions/0873): tag names unique without
-- regard to case, Danish letters included; tags with their usage counts; merging two tags;
-- assigning and removing a tag in bulk; clubs with contact details and member counts; moving
-- members and groups between clubs.

-- lower() follows the database's character type, which is C on some installations and then
-- leaves Æ, Ø and Å alone. Folding them first makes "Ære" and "ære" the same name everywhere.
create or replace function app_private.fold_name(p_name text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select lower(translate(trim(p_name), 'ÆØÅÄÖÜÉÈÁÀ', 'æøåäöüéèáà'))
$$;

drop index public.tags_community_name_key;
create unique index tags_community_name_key on public.tags (community_id, app_private.fold_name(name));

create or replace function app_private.before_tag_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare v_existing text;
begin
  new.name := regexp_replace(trim(new.name), '\s+', ' ', 'g');
  select t.name into v_existing from public.tags t
   where t.community_id = new.community_id and app_private.fold_name(t.name) = app_private.fold_name(new.name)
     and t.id <> new.id;
  if v_existing is not null then
    perform app_private.fail('tag_name_taken', format('A tag named "%s" already exists', v_existing));
  end if;
  return new;
end
$$;
create trigger tags_before_write before insert or update of name on public.tags
  for each row execute function app_private.before_tag_write();

create index if not exists group_tags_tag_idx on public.group_tags (tag_id);
create index if not exists event_tags_tag_idx on public.event_tags (tag_id);

-- Tags with how many members, groups and events carry each, for the community's admins.
-- The view reads the link tables itself (no per-row policies on them) and keeps to the
-- caller's admin communities.
create view public.tags_with_usage as
select t.id, t.community_id, t.name, t.color, t.created_at,
       (select count(*) from public.member_tags mt where mt.tag_id = t.id)::integer as member_count,
       (select count(*) from public.group_tags gt where gt.tag_id = t.id)::integer as group_count,
       (select count(*) from public.event_tags et where et.tag_id = t.id)::integer as event_count
  from public.tags t
 where t.community_id = any ((select app_private.admin_communities())::uuid[]) or app_private.is_trusted();
grant select on public.tags_with_usage to authenticated, service_role;
revoke all on public.tags_with_usage from anon;

-- Merges one tag into another: everything that carried the source tag carries the target
-- (once), and the source tag is gone. Both tags are locked first, in id order, so links
-- added or removed meanwhile either land before the merge (and move) or wait for it and then
-- find the source tag gone.
create or replace function public.merge_tags(p_source_id uuid, p_target_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_community uuid;
  v_members integer;
  v_groups integer;
  v_events integer;
begin
  if p_source_id = p_target_id then
    perform app_private.fail('merge_into_itself', 'A tag cannot be merged into itself');
  end if;
  perform 1 from public.tags where id in (p_source_id, p_target_id) order by id for update;
  select community_id into v_community from public.tags where id = p_source_id;
  if v_community is null or not (v_community = any (app_private.admin_communities()) or app_private.is_trusted()) then
    perform app_private.fail('tag_not_found', 'No such tag in your communities');
  end if;
  if not exists (select 1 from public.tags where id = p_target_id and community_id = v_community) then
    perform app_private.fail('tag_not_found', 'The tag to merge into is not in the same community');
  end if;
  insert into public.member_tags (community_id, member_id, tag_id)
  select community_id, member_id, p_target_id from public.member_tags where tag_id = p_source_id
  on conflict do nothing;
  get diagnostics v_members = row_count;
  insert into public.group_tags (community_id, group_id, tag_id)
  select community_id, group_id, p_target_id from public.group_tags where tag_id = p_source_id
  on conflict do nothing;
  get diagnostics v_groups = row_count;
  insert into public.event_tags (community_id, event_id, tag_id)
  select community_id, event_id, p_target_id from public.event_tags where tag_id = p_source_id
  on conflict do nothing;
  get diagnostics v_events = row_count;
  delete from public.tags where id = p_source_id;
  return jsonb_build_object('members_added', v_members, 'groups_added', v_groups, 'events_added', v_events);
end
$$;
revoke execute on function public.merge_tags(uuid, uuid) from public, anon;
grant execute on function public.merge_tags(uuid, uuid) to authenticated, service_role;

-- Bulk tagging from the member list: adds or removes one tag on many members at once. Runs
-- with the caller's rights, so the member area's policies decide.
create or replace function public.set_member_tag(p_tag_id uuid, p_member_ids uuid[], p_on boolean default true)
returns integer
language plpgsql volatile set search_path = '' as $$
declare v_changed integer;
begin
  if cardinality(coalesce(p_member_ids, '{}')) > 10000 then
    perform app_private.fail('too_many_members', 'Tag at most 10,000 members at a time');
  end if;
  if p_on then
    insert into public.member_tags (community_id, member_id, tag_id)
    select m.community_id, m.id, t.id from public.members m join public.tags t on t.community_id = m.community_id
     where t.id = p_tag_id and m.id = any (p_member_ids)
    on conflict do nothing;
  else
    delete from public.member_tags where tag_id = p_tag_id and member_id = any (p_member_ids);
  end if;
  get diagnostics v_changed = row_count;
  return v_changed;
end
$$;
revoke execute on function public.set_member_tag(uuid, uuid[], boolean) from public, anon;
grant execute on function public.set_member_tag(uuid, uuid[], boolean) to authenticated, service_role;

-- Clubs: contact details, and counts of active members and open groups.
alter table public.clubs
  add column contact_name text check (contact_name is null or length(contact_name) <= 120),
  add column contact_email text check (contact_email is null or contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  add column contact_phone text check (contact_phone is null or contact_phone ~ '^\+?[0-9 ]{6,20}$');

create index if not exists members_club_idx on public.members (club_id) where club_id is not null;
create index if not exists groups_club_idx on public.groups (club_id) where club_id is not null;

create view public.clubs_with_counts as
select c.id, c.community_id, c.name, c.description, c.cvr, c.logo_path, c.contact_name, c.contact_email,
       c.contact_phone, c.created_at,
       (select count(*) from public.members m where m.club_id = c.id and m.status <> 'left')::integer as member_count,
       (select count(*) from public.groups g where g.club_id = c.id and not g.archived)::integer as group_count
  from public.clubs c
 where c.community_id = any ((select app_private.member_communities())::uuid[]) or app_private.is_trusted();
grant select on public.clubs_with_counts to authenticated, service_role;
revoke all on public.clubs_with_counts from anon;

-- Moves members and groups into a club (or out of any club with null). Runs with the
-- caller's rights: member admins move members, group admins move groups; the club must be
-- of the same community (the foreign key says so).
create or replace function public.move_to_club(p_club_id uuid, p_member_ids uuid[] default '{}', p_group_ids uuid[] default '{}')
returns jsonb
language plpgsql volatile set search_path = '' as $$
declare
  v_members integer;
  v_groups integer;
begin
  update public.members set club_id = p_club_id where id = any (coalesce(p_member_ids, '{}'))
    and club_id is distinct from p_club_id;
  get diagnostics v_members = row_count;
  update public.groups set club_id = p_club_id where id = any (coalesce(p_group_ids, '{}'))
    and club_id is distinct from p_club_id;
  get diagnostics v_groups = row_count;
  return jsonb_build_object('members_moved', v_members, 'groups_moved', v_groups);
exception when foreign_key_violation then
  perform app_private.fail('club_not_in_community', 'The club belongs to another community');
  return null;
end
$$;
revoke execute on function public.move_to_club(uuid, uuid[], uuid[]) from public, anon;
grant execute on function public.move_to_club(uuid, uuid[], uuid[]) to authenticated, service_role;

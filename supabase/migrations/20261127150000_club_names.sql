-- Club names are unique in a community without regard to case, spacing or Danish capitals, like
-- tag names (decision 0873): "Fodbold" and " fodbold " are the same club, and so are "Ældre"
-- and "ældre" on a database whose lower() leaves Æ alone. A duplicate is refused with a code
-- the clubs screen shows under the name field (club_name_taken), not as a bare unique violation.

drop index public.clubs_community_name_key;
create unique index clubs_community_name_key on public.clubs (community_id, app_private.fold_name(name));

create or replace function app_private.before_club_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare v_existing text;
begin
  new.name := regexp_replace(trim(new.name), '\s+', ' ', 'g');
  select c.name into v_existing from public.clubs c
   where c.community_id = new.community_id and app_private.fold_name(c.name) = app_private.fold_name(new.name)
     and c.id <> new.id;
  if v_existing is not null then
    perform app_private.fail('club_name_taken', format('A club named "%s" already exists', v_existing));
  end if;
  return new;
end
$$;
create trigger clubs_before_write before insert or update of name on public.clubs
  for each row execute function app_private.before_club_write();

-- A member editing their own row (issue 23, docs/decisions/0821).
--
-- The guard in app_private.before_member_write listed the columns a member may NOT change,
-- and `roles` (added later) was missing from it: a member could give themselves the coach
-- role and sign up for coach-only volunteer jobs. This guard lists the columns a member MAY
-- change instead, so every column added later is refused to members until someone adds it
-- here. supabase/tests/member-writable-columns.test.ts tries every column of every table a
-- member can write, read from the catalogue, against the allow-list it keeps in step with this.
--
-- Column privileges were considered and not used: admins and members are the same database
-- role (authenticated), so a column grant cannot let the member area change `roles` while
-- refusing it to the member themself.

create or replace function app_private.guard_member_self_service() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  -- Contact details and the person's own facts; everything else is the club's to change.
  allowed constant text[] := array[
    'first_name', 'last_name', 'email', 'phone', 'gender', 'birth_date',
    'street', 'house_number', 'floor', 'door', 'postal_code', 'city', 'country'];
  -- Kept by the server itself (earlier triggers, generated columns).
  managed constant text[] := array['updated_at', 'full_name'];
  changed text[];
begin
  if old.user_id is distinct from auth.uid() or auth.uid() is null or app_private.is_trusted()
     or old.community_id = any (app_private.register_communities()) then
    return new;
  end if;
  select coalesce(array_agg(n.key order by n.key), '{}') into changed
  from jsonb_each(to_jsonb(new)) n
  where not (n.key = any (allowed) or n.key = any (managed))
    and n.value is distinct from (to_jsonb(old) -> n.key);
  if cardinality(changed) > 0 then
    perform app_private.fail('read_only_field',
      format('Members may change only their own contact details, not %s', array_to_string(changed, ', ')));
  end if;
  return new;
end
$$;

-- Named to run after members_before_write and members_check_address (triggers of one event
-- fire in name order), so it sees the row as those leave it.
create trigger members_self_service_guard before update on public.members
  for each row execute function app_private.guard_member_self_service();

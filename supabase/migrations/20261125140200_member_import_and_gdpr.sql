-- The members area, part 3: import (duplicate detection and the batch import itself) and the
-- GDPR rights: access (everything held about one member) and erasure of a member who has left,
-- keeping what the bookkeeping law requires (docs/decisions/0852).

alter table public.cpr_audit drop constraint cpr_audit_action_check;
alter table public.cpr_audit add constraint cpr_audit_action_check
  check (action in ('set', 'reveal', 'lookup', 'export', 'clear', 'import'));

-- Duplicates of import rows in the register: the same e-mail, phone number, CPR number (for
-- membership managers only; each match is audited) or first name + last name + birth date.
-- p_rows: [{row, email, phone, cpr, first_name, last_name, birth_date}], at most 1,000.
create or replace function public.find_member_duplicates(p_community_id uuid, p_rows jsonb)
returns table (row_no int, member_id uuid, mid bigint, full_name text, reason text)
language plpgsql volatile security definer set search_path = '' as $$
declare v_manager boolean;
begin
  perform app_private.require_member_admin(p_community_id);
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) > 1000 then
    perform app_private.fail('invalid_rows', 'Send the rows as a list of at most 1,000');
  end if;
  v_manager := app_private.is_manager(p_community_id) or app_private.is_trusted();
  create temporary table if not exists pg_temp.import_keys (
    row_no int, email text, phone text, cpr_hash text, first_name text, last_name text, birth_date date
  ) on commit drop;
  delete from pg_temp.import_keys;
  begin
    insert into pg_temp.import_keys
    select r.row_no, lower(nullif(trim(r.email), '')), nullif(replace(r.phone, ' ', ''), ''),
           case when v_manager and nullif(trim(r.cpr), '') is not null then
             encode(extensions.hmac(app_private.normalise_cpr(r.cpr), app_private.cpr_key(), 'sha256'), 'hex') end,
           lower(nullif(trim(r.first_name), '')), lower(nullif(trim(r.last_name), '')), r.birth_date
      from jsonb_to_recordset(p_rows) as r(row_no int, email text, phone text, cpr text, first_name text,
                                            last_name text, birth_date date);
  exception when sqlstate 'P0001' then
    raise;
  when others then
    perform app_private.fail('invalid_rows', 'An import row has a value of the wrong kind (a date, a number)');
  end;
  create temporary table if not exists pg_temp.import_matches (
    row_no int, member_id uuid, reason text
  ) on commit drop;
  delete from pg_temp.import_matches;
  insert into pg_temp.import_matches
  select k.row_no, m.id, 'email' from pg_temp.import_keys k
    join public.members m on m.community_id = p_community_id and lower(m.email) = k.email
  union all
  select k.row_no, m.id, 'phone' from pg_temp.import_keys k
    join public.members m on m.community_id = p_community_id and m.phone is not null
                          and replace(m.phone, ' ', '') = k.phone
  union all
  select k.row_no, c.member_id, 'cpr' from pg_temp.import_keys k
    join public.member_cpr c on c.community_id = p_community_id and c.cpr_hash = k.cpr_hash
  union all
  select k.row_no, m.id, 'name_birth_date' from pg_temp.import_keys k
    join public.members m on m.community_id = p_community_id and m.birth_date = k.birth_date
                          and lower(m.first_name) = k.first_name and lower(m.last_name) = k.last_name;
  insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
  select distinct p_community_id, x.member_id, auth.uid(), 'import'::text
    from pg_temp.import_matches x where x.reason = 'cpr';
  return query
  select x.row_no, m.id, m.mid, m.full_name, string_agg(distinct x.reason, ',' order by x.reason)
    from pg_temp.import_matches x join public.members m on m.id = x.member_id
   group by x.row_no, m.id, m.mid, m.full_name
   order by x.row_no, m.mid;
end
$$;
revoke execute on function public.find_member_duplicates(uuid, jsonb) from public, anon;
grant execute on function public.find_member_duplicates(uuid, jsonb) to authenticated, service_role;

-- One batch of an import (the app sends batches of up to 1,000 and shows progress). Each row
-- says what to do: create a member, merge into member_id (given fields overwrite), or skip.
-- Rows run one by one; a row that fails is reported with its error code and field and leaves
-- nothing behind, the others go in.
create or replace function public.import_members(p_community_id uuid, p_rows jsonb)
returns table (row_no int, outcome text, member_id uuid, error_code text, error_field text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  r record;
  v_id uuid;
  v_code text;
  v_field text;
  v_constraint text;
  v_manager boolean;
begin
  perform app_private.require_member_admin(p_community_id);
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) > 1000 then
    perform app_private.fail('invalid_rows', 'Send the rows as a list of at most 1,000');
  end if;
  v_manager := app_private.is_manager(p_community_id) or app_private.is_trusted();
  for r in select * from jsonb_to_recordset(p_rows) as x(
             row_no int, action text, member_id uuid, first_name text, last_name text, email text, phone text,
             gender text, birth_date text, street text, house_number text, floor text, door text,
             postal_code text, city text, membership_id text, status text, joined_on text, cpr text)
  loop
    v_id := null; v_code := null; v_field := null;
    if r.action = 'skip' then
      row_no := r.row_no; outcome := 'skipped'; member_id := r.member_id; error_code := null; error_field := null;
      return next;
      continue;
    end if;
    begin
      if nullif(trim(r.cpr), '') is not null and not v_manager then
        v_field := 'cpr';
        perform app_private.fail('not_membership_manager', 'Only membership managers may import CPR numbers');
      end if;
      if r.action = 'merge' then
        update public.members m set
          first_name = coalesce(nullif(trim(r.first_name), ''), m.first_name),
          last_name = coalesce(nullif(trim(r.last_name), ''), m.last_name),
          email = case when m.user_id is null then coalesce(nullif(lower(trim(r.email)), ''), m.email) else m.email end,
          phone = coalesce(nullif(trim(r.phone), ''), m.phone),
          gender = coalesce(nullif(r.gender, '')::public.gender, m.gender),
          birth_date = coalesce(nullif(r.birth_date, '')::date, m.birth_date),
          street = coalesce(nullif(trim(r.street), ''), m.street),
          house_number = coalesce(nullif(trim(r.house_number), ''), m.house_number),
          floor = coalesce(nullif(trim(r.floor), ''), m.floor),
          door = coalesce(nullif(trim(r.door), ''), m.door),
          postal_code = coalesce(nullif(trim(r.postal_code), ''), m.postal_code),
          city = case when nullif(trim(r.postal_code), '') is not null then nullif(trim(r.city), '') else m.city end,
          membership_id = coalesce(nullif(trim(r.membership_id), ''), m.membership_id),
          status = coalesce(nullif(r.status, '')::public.member_status, m.status),
          joined_on = coalesce(nullif(r.joined_on, '')::date, m.joined_on)
        where m.id = r.member_id and m.community_id = p_community_id
        returning m.id into v_id;
        if v_id is null then
          v_field := 'member_id';
          perform app_private.fail('member_not_found', 'The member to merge into is not in this community');
        end if;
        perform app_private.record_member_history(p_community_id, v_id, 'merged', jsonb_build_object('row', r.row_no));
      elsif r.action = 'create' then
        insert into public.members (community_id, first_name, last_name, email, phone, gender, birth_date, street,
                                    house_number, floor, door, postal_code, city, membership_id, status, joined_on)
        values (p_community_id, trim(coalesce(r.first_name, '')), trim(coalesce(r.last_name, '')),
                nullif(lower(trim(r.email)), ''), nullif(trim(r.phone), ''), nullif(r.gender, '')::public.gender,
                nullif(r.birth_date, '')::date, nullif(trim(r.street), ''), nullif(trim(r.house_number), ''),
                nullif(trim(r.floor), ''), nullif(trim(r.door), ''), nullif(trim(r.postal_code), ''),
                nullif(trim(r.city), ''), nullif(trim(r.membership_id), ''),
                coalesce(nullif(r.status, '')::public.member_status, 'active'),
                coalesce(nullif(r.joined_on, '')::date, current_date))
        returning id into v_id;
      else
        v_field := 'action';
        perform app_private.fail('invalid_action', 'Each import row is create, merge or skip');
      end if;
      if nullif(trim(r.cpr), '') is not null then
        v_field := 'cpr';
        perform public.set_member_cpr(v_id, r.cpr, 'consent');
      end if;
      row_no := r.row_no; outcome := case when r.action = 'merge' then 'merged' else 'created' end;
      member_id := v_id; error_code := null; error_field := null;
      return next;
    exception when others then
      get stacked diagnostics v_constraint = constraint_name;
      row_no := r.row_no; outcome := 'failed'; member_id := null;
      error_code := case when sqlstate = 'P0001' then sqlerrm
                         when sqlstate = '23505' then 'duplicate'
                         when sqlstate in ('22007', '22008') then 'invalid_date'
                         when sqlstate = '22P02' then 'invalid_value'
                         else 'invalid_row' end;
      error_field := coalesce(v_field,
        case when v_constraint ~ 'email' then 'email' when v_constraint ~ 'phone' then 'phone'
             when v_constraint ~ 'first_name' then 'first_name' when v_constraint ~ 'left_on' then 'joined_on'
             when sqlerrm ~ 'gender' then 'gender' when sqlerrm ~ 'member_status' then 'status'
             when sqlerrm ~ 'invalid_address' then 'postal_code' end);
      return next;
    end;
  end loop;
end
$$;
revoke execute on function public.import_members(uuid, jsonb) from public, anon;
grant execute on function public.import_members(uuid, jsonb) to authenticated, service_role;

-- The right of access: everything held about one member as one JSON document (the CPR number
-- masked). Member admins download it for the member; the export is in the member's history.
create or replace function public.member_personal_data(p_member_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_member public.members;
  v_result jsonb;
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null or not app_private.can_manage_members(v_member.community_id) then
    perform app_private.fail('member_not_found', 'No such member in your communities');
  end if;
  perform app_private.record_member_history(v_member.community_id, p_member_id, 'exported');
  select jsonb_build_object(
    'exported_at', now(),
    'member', to_jsonb(v_member),
    'cpr', (select jsonb_build_object('masked', c.cpr_masked, 'legal_basis', c.legal_basis, 'recorded_at', c.recorded_at)
              from public.member_cpr c where c.member_id = p_member_id),
    'tags', coalesce((select jsonb_agg(t.name order by t.name) from public.member_tags mt
                        join public.tags t on t.id = mt.tag_id where mt.member_id = p_member_id), '[]'),
    'groups', coalesce((select jsonb_agg(to_jsonb(gm) - 'community_id' || jsonb_build_object('group', g.title))
                          from public.group_members gm join public.groups g on g.id = gm.group_id
                         where gm.member_id = p_member_id), '[]'),
    'certificates', coalesce((select jsonb_agg(to_jsonb(c) - 'community_id') from public.member_certificates c
                               where c.member_id = p_member_id), '[]'),
    'relations', coalesce((select jsonb_agg(to_jsonb(r) - 'community_id') from public.member_relations r
                            where r.member_id = p_member_id or r.related_member_id = p_member_id), '[]'),
    'tickets', coalesce((select jsonb_agg(to_jsonb(x) - 'community_id') from public.ticket_purchases x
                          where x.member_id = p_member_id), '[]'),
    'volunteering', coalesce((select jsonb_agg(to_jsonb(x) - 'community_id') from public.volunteer_signups x
                               where x.member_id = p_member_id), '[]'),
    'bookings', coalesce((select jsonb_agg(to_jsonb(x) - 'community_id') from public.bookings x
                           where x.member_id = p_member_id), '[]'),
    'orders', coalesce((select jsonb_agg(to_jsonb(x) - 'community_id') from public.orders x
                         where x.member_id = p_member_id), '[]'),
    'comments', coalesce((select jsonb_agg(to_jsonb(x) - 'community_id') from public.news_comments x
                           where x.member_id = p_member_id), '[]'),
    'billing_accounts', coalesce((select jsonb_agg(to_jsonb(a) - 'community_id') from public.billing_accounts a
                                   where a.member_id = p_member_id), '[]'),
    'invoices', coalesce((select jsonb_agg(to_jsonb(i) - 'community_id') from public.invoices i
                           join public.billing_accounts a on a.id = i.account_id where a.member_id = p_member_id), '[]'),
    'history', coalesce((select jsonb_agg(jsonb_build_object('at', h.at, 'action', h.action, 'changes', h.changes,
                                  'reason', h.reason) order by h.id)
                          from public.member_history h where h.member_id = p_member_id), '[]'))
    into v_result;
  return v_result;
end
$$;
revoke execute on function public.member_personal_data(uuid) from public, anon;
grant execute on function public.member_personal_data(uuid) to authenticated, service_role;

-- Erasure of a member who has left (owners and membership managers): the person's data goes
-- (name, contact, address, birth date, CPR, tags, certificates, relations, the values in their
-- history) and the member row stays as "Slettet medlem" so invoices, payments, orders and
-- billing accounts (kept five years under the bookkeeping law) still add up.
create or replace function public.erase_member(p_member_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare v_member public.members;
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null or not app_private.can_manage_members(v_member.community_id) then
    perform app_private.fail('member_not_found', 'No such member in your communities');
  end if;
  if not app_private.can_grant_access(v_member.community_id) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers erase members');
  end if;
  if v_member.status <> 'left' then
    perform app_private.fail('member_not_left', 'Only a member who has left can be erased');
  end if;
  if v_member.erased_at is not null then
    return;
  end if;
  delete from public.member_cpr where member_id = p_member_id;
  delete from public.member_tags where member_id = p_member_id;
  delete from public.member_certificates where member_id = p_member_id;
  delete from public.member_relations where member_id = p_member_id or related_member_id = p_member_id;
  update public.news_comments set author_name = 'Slettet medlem' where member_id = p_member_id;
  -- Unlink the account first: the e-mail of a member with an account is the member's own.
  update public.members set user_id = null where id = p_member_id;
  update public.members set first_name = 'Slettet', last_name = 'medlem', email = null, phone = null,
    gender = null, birth_date = null, street = null, house_number = null, floor = null, door = null,
    postal_code = null, city = null, membership_id = null, roles = '{}', permissions = '{}', consent_note = null,
    erased_at = now()
  where id = p_member_id;
  -- The history keeps what happened and when, not the old values.
  update public.member_history h set
    changes = coalesce((select jsonb_object_agg(k, null) from jsonb_object_keys(h.changes) k), '{}'),
    reason = null
  where h.member_id = p_member_id;
  perform app_private.record_member_history(v_member.community_id, p_member_id, 'erased');
end
$$;
revoke execute on function public.erase_member(uuid) from public, anon;
grant execute on function public.erase_member(uuid) to authenticated, service_role;

-- Members (register, CPR, history, relations, certificates, import, GDPR): functions and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE FUNCTION app_private.after_member_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_changes jsonb;
begin
  select coalesce(jsonb_object_agg(n.key, jsonb_build_array(o.value, n.value)), '{}')
    into v_changes
    from jsonb_each(to_jsonb(new)) n join jsonb_each(to_jsonb(old)) o using (key)
   where n.value is distinct from o.value
     and n.key not in ('cpr_masked', 'updated_at', 'created_at', 'full_name', 'erased_at');
  if v_changes <> '{}' then
    perform app_private.record_member_history(new.community_id, new.id, 'updated', v_changes);
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_member_change() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.after_member_linked() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.user_id is not null then
    insert into public.memberships (community_id, user_id) values (new.community_id, new.user_id)
    on conflict (community_id, user_id) do nothing;
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_member_linked() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.after_member_linked() TO anon;
GRANT ALL ON FUNCTION app_private.after_member_linked() TO authenticated;
GRANT ALL ON FUNCTION app_private.after_member_linked() TO service_role;

CREATE FUNCTION app_private.after_members_created() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.member_history (community_id, member_id, actor_user_id, action)
  select n.community_id, n.id, auth.uid(), 'created' from new_members n;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_members_created() FROM anon, authenticated, service_role;

CREATE FUNCTION public.append_member_import_rows(p_job_id uuid, p_rows jsonb) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  j public.member_import_jobs;
  v_failed int;
  v_skipped int;
  v_count int;
begin
  j := app_private.uploading_import(p_job_id);
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) > 1000 then
    perform app_private.fail('invalid_rows', 'Send the rows as a list of at most 1,000');
  end if;
  create temporary table if not exists pg_temp.import_upload (
    line int, choice text, member_id uuid, fields jsonb, cpr text, problems jsonb
  ) on commit drop;
  delete from pg_temp.import_upload;
  begin
    insert into pg_temp.import_upload
    select (e ->> 'row_no')::int, nullif(e ->> 'action', ''), nullif(e ->> 'member_id', '')::uuid,
           e - array['row_no', 'action', 'member_id', 'cpr', 'problems'],
           nullif(trim(e ->> 'cpr'), ''),
           case when jsonb_typeof(e -> 'problems') = 'array' and jsonb_array_length(e -> 'problems') > 0
                then e -> 'problems' end
      from jsonb_array_elements(p_rows) e;
  exception when others then
    perform app_private.fail('invalid_rows', 'An import row has a value of the wrong kind (a row number, a member)');
  end;
  if exists (select 1 from pg_temp.import_upload u
              where u.line is null or u.line < 1 or jsonb_typeof(u.fields) <> 'object'
                 or (u.problems is null and u.choice is distinct from 'create' and u.choice is distinct from 'merge'
                     and u.choice is distinct from 'skip')) then
    perform app_private.fail('invalid_rows', 'Each import row has a row number and says create, merge or skip');
  end if;
  begin
    insert into public.member_import_rows (job_id, line, choice, member_id, fields, cpr_encrypted, status,
                                           error_code, error_field)
    select p_job_id, u.line, case when u.problems is null then u.choice end, u.member_id,
           -- A row skipped at upload is done: it keeps no personal fields.
           case when u.problems is null and u.choice = 'skip' then '{}'::jsonb else u.fields end,
           case when u.problems is null and u.choice <> 'skip' and u.cpr is not null and j.manager
                then extensions.pgp_sym_encrypt(u.cpr, app_private.cpr_key()) end,
           case when u.problems is not null then 'failed'
                when u.choice = 'skip' then 'skipped'
                when u.cpr is not null and not j.manager then 'failed'
                else 'pending' end,
           case when u.problems is not null
                  then (select string_agg(p ->> 'problem', ',' order by o) from jsonb_array_elements(u.problems)
                          with ordinality as x(p, o))
                when u.choice <> 'skip' and u.cpr is not null and not j.manager then 'not_membership_manager' end,
           case when u.problems is not null
                  then (select string_agg(p ->> 'field', ',' order by o) from jsonb_array_elements(u.problems)
                          with ordinality as x(p, o))
                when u.choice <> 'skip' and u.cpr is not null and not j.manager then 'cpr' end
      from pg_temp.import_upload u;
  exception when unique_violation then
    perform app_private.fail('duplicate_line', 'A row of this import was sent twice');
  end;
  select count(*) filter (where r.status = 'failed'), count(*) filter (where r.status = 'skipped'), count(*)
    into v_failed, v_skipped, v_count
    from public.member_import_rows r where r.job_id = p_job_id;
  if v_count > j.total then
    perform app_private.fail('too_many_rows', 'More rows were sent than the import said it has');
  end if;
  update public.member_import_jobs set failed = v_failed, skipped = v_skipped where id = p_job_id;
  return v_count;
end
$$;

REVOKE ALL ON FUNCTION public.append_member_import_rows(p_job_id uuid, p_rows jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.append_member_import_rows(p_job_id uuid, p_rows jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.append_member_import_rows(p_job_id uuid, p_rows jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.append_member_import_rows(p_job_id uuid, p_rows jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.append_member_import_rows(p_job_id uuid, p_rows jsonb) TO service_role;

CREATE FUNCTION app_private.apply_member_import_rows(p_job_id uuid, p_lines integer[]) RETURNS TABLE(line integer, outcome text, member_id uuid, error_code text, error_field text)
    LANGUAGE plpgsql
    AS $$
declare
  j public.member_import_jobs;
  r public.member_import_rows;
  v_result record;
  v_cpr text;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server runs member imports');
  end if;
  select * into j from public.member_import_jobs x where x.id = p_job_id;
  if j.id is null or j.status not in ('queued', 'running') then
    return;
  end if;
  for r in
    select * from public.member_import_rows x
     where x.job_id = p_job_id and x.line = any (p_lines) and x.status = 'pending'
     order by x.line for update
  loop
    v_cpr := null;
    if r.cpr_encrypted is not null then
      begin
        v_cpr := extensions.pgp_sym_decrypt(r.cpr_encrypted, app_private.cpr_key());
      exception when others then
        -- A CPR number that cannot be read (the server's key changed) fails its row, not the batch.
        line := r.line; outcome := 'failed'; member_id := null; error_code := 'invalid_row'; error_field := 'cpr';
        return next;
        continue;
      end;
    end if;
    select * into v_result from app_private.import_member_row(
      j.community_id,
      r.fields || jsonb_build_object('row_no', r.line, 'action', r.choice, 'member_id', r.member_id, 'cpr', v_cpr),
      j.manager);
    line := r.line; outcome := v_result.outcome; member_id := v_result.member_id;
    error_code := v_result.error_code; error_field := v_result.error_field;
    return next;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION app_private.apply_member_import_rows(p_job_id uuid, p_lines integer[]) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.apply_member_import_rows(p_job_id uuid, p_lines integer[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.apply_member_import_rows(p_job_id uuid, p_lines integer[]) FROM PUBLIC;

CREATE FUNCTION app_private.before_member_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- The masked CPR always mirrors member_cpr; nobody writes it directly.
  if tg_op = 'INSERT' then
    -- Bulk loads (trusted, e.g. the demo seed) may bring their own numbers and then move the
    -- counter past them with app_private.bump_counter.
    if new.mid is null or not app_private.is_trusted() then
      new.mid := app_private.next_number(new.community_id, 'member');
    end if;
    new.cpr_masked := null;
    return new;
  end if;
  new.updated_at := now();
  new.cpr_masked := (select c.cpr_masked from public.member_cpr c where c.member_id = new.id);
  if (new.mid <> old.mid or new.community_id <> old.community_id) and not app_private.is_trusted() then
    perform app_private.fail('read_only_field', 'Member ID and community cannot be changed');
  end if;
  -- Only the member changes the e-mail of a member with an account (product.md §6).
  if new.email is distinct from old.email and old.user_id is not null
     and old.user_id is distinct from auth.uid() and not app_private.is_trusted() then
    perform app_private.fail('email_owned_by_member', 'Only the member can change their own e-mail');
  end if;
  -- A member editing their own row may change contact details only.
  if old.user_id = auth.uid() and not app_private.has_area(old.community_id, 'member')
     and (new.user_id is distinct from old.user_id or new.status <> old.status or new.club_id is distinct from old.club_id
          or new.membership_id is distinct from old.membership_id or new.permissions <> old.permissions
          or new.joined_on <> old.joined_on or new.left_on is distinct from old.left_on) then
    perform app_private.fail('read_only_field', 'Members may change only their own contact details');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_member_write() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.before_member_write() TO anon;
GRANT ALL ON FUNCTION app_private.before_member_write() TO authenticated;
GRANT ALL ON FUNCTION app_private.before_member_write() TO service_role;

CREATE FUNCTION app_private.can_manage_members(p_community uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select app_private.is_trusted() or exists (
    select 1 from public.memberships m
    where m.user_id = auth.uid() and m.community_id = p_community
      and ('member' = any (m.areas) or m.role = 'owner' or m.membership_manager))
$$;

REVOKE ALL ON FUNCTION app_private.can_manage_members(p_community uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.can_manage_members(p_community uuid) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.can_manage_members(p_community uuid) TO anon;
GRANT ALL ON FUNCTION app_private.can_manage_members(p_community uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.can_manage_members(p_community uuid) TO service_role;

CREATE FUNCTION app_private.check_member_address() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_city text;
begin
  if new.country <> 'DK' or new.postal_code is null or app_private.is_trusted() then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.postal_code is not distinct from old.postal_code
     and new.city is not distinct from old.city then
    return new;
  end if;
  select p.city into v_city from public.dk_postcodes p where p.code = trim(new.postal_code);
  if v_city is null or (nullif(trim(new.city), '') is not null and lower(trim(new.city)) <> lower(v_city)) then
    perform app_private.fail('invalid_address', 'Please select a valid address');
  end if;
  new.postal_code := trim(new.postal_code);
  new.city := v_city;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_member_address() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.check_member_relation() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.kind = 'guardian' and exists (
       select 1 from public.member_relations r
        where r.kind = 'guardian' and r.member_id = new.related_member_id
          and r.related_member_id = new.member_id) then
    perform app_private.fail('relation_cycle', 'A member cannot be the guardian of their own guardian');
  end if;
  if new.kind = 'family' and exists (
       select 1 from public.member_relations r
        where r.kind = 'family' and r.member_id = new.related_member_id
          and r.related_member_id = new.member_id) then
    perform app_private.fail('relation_exists', 'These members are already linked as family');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_member_relation() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.claim_member_import_batch(p_limit integer) RETURNS TABLE(job_id uuid, community_id uuid, requested_by uuid, lines integer[])
    LANGUAGE plpgsql
    AS $$
declare v_job public.member_import_jobs;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server runs member imports');
  end if;
  for v_job in
    select * from public.member_import_jobs j where j.status in ('queued', 'running') order by j.created_at
  loop
    return query
    with due as (
      select r.line from public.member_import_rows r
       where r.job_id = v_job.id and r.status = 'pending'
         and (r.claimed_at is null or r.claimed_at < now() - interval '5 minutes')
       order by r.line
       limit greatest(p_limit, 1)
       for update skip locked
    ), claimed as (
      update public.member_import_rows r set claimed_at = now()
        from due where r.job_id = v_job.id and r.line = due.line
      returning r.line
    )
    select v_job.id, v_job.community_id, v_job.requested_by, array_agg(c.line order by c.line)
      from claimed c having count(*) > 0;
    if found then
      update public.member_import_jobs j set status = 'running', started_at = coalesce(j.started_at, now())
       where j.id = v_job.id and j.status = 'queued';
      return;
    end if;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION app_private.claim_member_import_batch(p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.claim_member_import_batch(p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.claim_member_import_batch(p_limit integer) FROM PUBLIC;

CREATE FUNCTION app_private.claim_member_mail_batch(p_limit integer) RETURNS TABLE(mailing_id uuid, email text, full_name text, subject text, body text, community_name text)
    LANGUAGE plpgsql
    AS $$
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server sends member mail');
  end if;
  return query
  with due as (
    select r.mailing_id, r.email
    from public.news_mailing_recipients r
    join public.news_mailings m on m.id = r.mailing_id
    where r.status = 'pending' and (r.claimed_at is null or r.claimed_at < now() - interval '5 minutes')
      and m.status <> 'done' and m.post_id is null
    order by m.created_at, r.email
    limit greatest(p_limit, 1)
    for update of r skip locked
  ), claimed as (
    update public.news_mailing_recipients r set claimed_at = now()
    from due where r.mailing_id = due.mailing_id and r.email = due.email
    returning r.mailing_id, r.email, r.full_name
  ), started as (
    update public.news_mailings m set status = 'sending', started_at = coalesce(m.started_at, now())
    where m.id in (select c.mailing_id from claimed c) and m.status = 'queued'
    returning m.id
  )
  select c.mailing_id, c.email, c.full_name, m.subject, m.body, co.name
  from claimed c
  join public.news_mailings m on m.id = c.mailing_id
  join public.communities co on co.id = m.community_id;
end
$$;

REVOKE ALL ON FUNCTION app_private.claim_member_mail_batch(p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.claim_member_mail_batch(p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.claim_member_mail_batch(p_limit integer) FROM PUBLIC;

CREATE FUNCTION app_private.cpr_key() RETURNS text
    LANGUAGE plpgsql STABLE
    AS $$
-- The key that encrypts CPR numbers is never stored beside the data. Our server hands it to
-- each transaction as the setting app.cpr_key; on a Supabase project, where no server sets
-- it, it is the Vault secret named cpr_encryption_key (decision 0980).
declare k text := nullif(current_setting('app.cpr_key', true), '');
begin
  if k is null and to_regclass('vault.decrypted_secrets') is not null then
    execute format('select decrypted_secret from %I.%I where name = $1 limit 1', 'vault', 'decrypted_secrets')
      into k using 'cpr_encryption_key';
  end if;
  if k is null then
    perform app_private.fail('cpr_key_missing', 'The server has no CPR encryption key configured');
  end if;
  return k;
end
$$;

REVOKE ALL ON FUNCTION app_private.cpr_key() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.cpr_key() TO anon;
GRANT ALL ON FUNCTION app_private.cpr_key() TO authenticated;
GRANT ALL ON FUNCTION app_private.cpr_key() TO service_role;

CREATE FUNCTION app_private.directory_name_hits(p_community_id uuid, p_pattern text, p_mid bigint, p_limit integer) RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select array(
    select x.id from public.members x
     where x.community_id = p_community_id and (x.full_name ilike p_pattern or x.mid = p_mid)
       and ((select app_private.is_trusted())
            or p_community_id = any ((select app_private.admin_communities())::uuid[])
            or (x.user_id is not null and x.user_id = (select auth.uid())))
     order by x.last_name, x.first_name, x.id
     limit p_limit)
$$;

REVOKE ALL ON FUNCTION app_private.directory_name_hits(p_community_id uuid, p_pattern text, p_mid bigint, p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.directory_name_hits(p_community_id uuid, p_pattern text, p_mid bigint, p_limit integer) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.directory_name_hits(p_community_id uuid, p_pattern text, p_mid bigint, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION app_private.directory_name_hits(p_community_id uuid, p_pattern text, p_mid bigint, p_limit integer) TO service_role;

CREATE FUNCTION public.erase_member(p_member_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_member public.members;
  v_name text;
  v_folder text;
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
  -- The certificate documents (a børneattest holds name and CPR). The storage service removes
  -- their bytes from the backend through storage.removal_queue.
  v_folder := v_member.community_id::text || '/' || p_member_id::text || '/';
  perform set_config('storage.allow_delete_query', 'true', true);
  delete from storage.objects where bucket_id = 'member-documents' and left(name, length(v_folder)) = v_folder;
  perform set_config('storage.allow_delete_query', 'false', true);
  delete from public.member_relations where member_id = p_member_id or related_member_id = p_member_id;
  -- Import rows that made or merged the member keep no fields of theirs.
  update public.member_import_rows set fields = '{}' where member_id = p_member_id;
  -- Comments by the member lose the name; comments and booking notes by anyone lose mentions
  -- of the member's name, e-mail and phone; the member's own booking notes go.
  v_name := nullif(trim(coalesce(v_member.first_name, '') || ' ' || coalesce(v_member.last_name, '')), '');
  update public.news_comments set author_name = 'Slettet medlem' where member_id = p_member_id;
  update public.news_comments c set body = app_private.redact_mentions(c.body, v_name, v_member.email, v_member.phone)
   where c.community_id = v_member.community_id
     and c.body is distinct from app_private.redact_mentions(c.body, v_name, v_member.email, v_member.phone);
  update public.bookings set note = null where member_id = p_member_id and note is not null;
  update public.booking_series set note = null where member_id = p_member_id and note is not null;
  update public.bookings b set note = app_private.redact_mentions(b.note, v_name, v_member.email, v_member.phone)
   where b.community_id = v_member.community_id and b.note is not null
     and b.note is distinct from app_private.redact_mentions(b.note, v_name, v_member.email, v_member.phone);
  update public.booking_series b set note = app_private.redact_mentions(b.note, v_name, v_member.email, v_member.phone)
   where b.community_id = v_member.community_id and b.note is not null
     and b.note is distinct from app_private.redact_mentions(b.note, v_name, v_member.email, v_member.phone);
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

REVOKE ALL ON FUNCTION public.erase_member(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.erase_member(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.erase_member(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.erase_member(p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.erase_member(p_member_id uuid) TO service_role;

CREATE FUNCTION app_private.expire_member_imports() RETURNS integer
    LANGUAGE plpgsql
    AS $$
declare v_deleted int;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server runs member imports');
  end if;
  with stale as (
    update public.member_import_jobs j set status = 'cancelled', finished_at = now()
     where j.status = 'uploading' and j.created_at < now() - interval '1 hour'
    returning j.id
  )
  delete from public.member_import_rows r using stale where r.job_id = stale.id;
  get diagnostics v_deleted = row_count;
  delete from public.member_import_rows r using public.member_import_jobs j
   where r.job_id = j.id and j.status in ('done', 'cancelled') and j.finished_at < now() - interval '30 days';
  return v_deleted;
end
$$;

REVOKE ALL ON FUNCTION app_private.expire_member_imports() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.expire_member_imports() FROM PUBLIC;

CREATE FUNCTION public.export_members(p_community_id uuid) RETURNS TABLE(mid bigint, membership_id text, first_name text, last_name text, email text, phone text, gender public.gender, birth_date date, street text, postal_code text, city text, status public.member_status, joined_on date, left_on date, cpr text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_with_cpr boolean;
begin
  if not app_private.has_area(p_community_id, 'member') then
    perform app_private.fail('not_allowed', 'Exports are for member admins of the community');
  end if;
  v_with_cpr := app_private.is_manager(p_community_id)
                or (coalesce(auth.role(), '') = 'service_role' and nullif(current_setting('app.cpr_key', true), '') is not null);
  if v_with_cpr then
    insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
    select p_community_id, c.member_id, auth.uid(), 'export' from public.member_cpr c where c.community_id = p_community_id;
  end if;
  return query
  select m.mid, m.membership_id, m.first_name, m.last_name, m.email, m.phone, m.gender, m.birth_date, m.street,
         m.postal_code, m.city, m.status, m.joined_on, m.left_on,
         case when v_with_cpr and c.member_id is not null then
           substr(extensions.pgp_sym_decrypt(c.cpr_encrypted, app_private.cpr_key()), 1, 6) || '-' ||
           substr(extensions.pgp_sym_decrypt(c.cpr_encrypted, app_private.cpr_key()), 7, 4)
         else m.cpr_masked end
  from public.members m left join public.member_cpr c on c.member_id = m.id
  where m.community_id = p_community_id
  order by m.mid;
end
$$;

REVOKE ALL ON FUNCTION public.export_members(p_community_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.export_members(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.export_members(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.export_members(p_community_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.export_members(p_community_id uuid) TO service_role;

CREATE FUNCTION public.find_member_by_cpr(p_community_id uuid, p_cpr text) RETURNS SETOF public.members
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_digits text;
begin
  perform app_private.require_manager(p_community_id);
  v_digits := app_private.normalise_cpr(p_cpr);
  insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
  select p_community_id, c.member_id, auth.uid(), 'lookup' from public.member_cpr c
  where c.community_id = p_community_id
    and c.cpr_hash = encode(extensions.hmac(v_digits, app_private.cpr_key(), 'sha256'), 'hex');
  return query select m.* from public.members m join public.member_cpr c on c.member_id = m.id
  where c.community_id = p_community_id
    and c.cpr_hash = encode(extensions.hmac(v_digits, app_private.cpr_key(), 'sha256'), 'hex');
end
$$;

REVOKE ALL ON FUNCTION public.find_member_by_cpr(p_community_id uuid, p_cpr text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.find_member_by_cpr(p_community_id uuid, p_cpr text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.find_member_by_cpr(p_community_id uuid, p_cpr text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.find_member_by_cpr(p_community_id uuid, p_cpr text) TO authenticated;
GRANT ALL ON FUNCTION public.find_member_by_cpr(p_community_id uuid, p_cpr text) TO service_role;

CREATE FUNCTION public.find_member_duplicates(p_community_id uuid, p_rows jsonb) RETURNS TABLE(row_no integer, member_id uuid, mid bigint, full_name text, reason text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.find_member_duplicates(p_community_id uuid, p_rows jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.find_member_duplicates(p_community_id uuid, p_rows jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.find_member_duplicates(p_community_id uuid, p_rows jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.find_member_duplicates(p_community_id uuid, p_rows jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.find_member_duplicates(p_community_id uuid, p_rows jsonb) TO service_role;

CREATE FUNCTION app_private.guard_member_self_service() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.guard_member_self_service() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.has_certificate(p_member uuid, p_kind text, p_on date) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from public.member_certificates c
                 where c.member_id = p_member and c.kind = p_kind and c.status = 'approved'
                   and (c.expires_on is null or c.expires_on >= p_on))
$$;

REVOKE ALL ON FUNCTION app_private.has_certificate(p_member uuid, p_kind text, p_on date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.has_certificate(p_member uuid, p_kind text, p_on date) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.has_certificate(p_member uuid, p_kind text, p_on date) TO anon;
GRANT ALL ON FUNCTION app_private.has_certificate(p_member uuid, p_kind text, p_on date) TO authenticated;
GRANT ALL ON FUNCTION app_private.has_certificate(p_member uuid, p_kind text, p_on date) TO service_role;

CREATE FUNCTION app_private.import_member_row(p_community_id uuid, p_row jsonb, p_manager boolean, OUT outcome text, OUT member_id uuid, OUT error_code text, OUT error_field text) RETURNS record
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  r record;
  v_action text := p_row ->> 'action';
  v_id uuid;
  v_field text;
  v_constraint text;
begin
  begin
    select * into r from jsonb_to_record(p_row) as x(
      row_no int, member_id uuid, first_name text, last_name text, email text, phone text,
      gender text, birth_date text, street text, house_number text, floor text, door text,
      postal_code text, city text, membership_id text, status text, joined_on text, cpr text);
    if v_action = 'skip' then
      outcome := 'skipped'; member_id := r.member_id;
      return;
    end if;
    if nullif(trim(r.cpr), '') is not null and not p_manager then
      v_field := 'cpr';
      perform app_private.fail('not_membership_manager', 'Only membership managers may import CPR numbers');
    end if;
    if v_action = 'merge' then
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
    elsif v_action = 'create' then
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
    outcome := case when v_action = 'merge' then 'merged' else 'created' end;
    member_id := v_id;
  exception when others then
    get stacked diagnostics v_constraint = constraint_name;
    outcome := 'failed'; member_id := null;
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
  end;
end
$$;

REVOKE ALL ON FUNCTION app_private.import_member_row(p_community_id uuid, p_row jsonb, p_manager boolean, OUT outcome text, OUT member_id uuid, OUT error_code text, OUT error_field text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.import_member_row(p_community_id uuid, p_row jsonb, p_manager boolean, OUT outcome text, OUT member_id uuid, OUT error_code text, OUT error_field text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.import_member_row(p_community_id uuid, p_row jsonb, p_manager boolean, OUT outcome text, OUT member_id uuid, OUT error_code text, OUT error_field text) FROM PUBLIC;

CREATE FUNCTION public.import_members(p_community_id uuid, p_rows jsonb) RETURNS TABLE(row_no integer, outcome text, member_id uuid, error_code text, error_field text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  r jsonb;
  v_manager boolean;
  v_result record;
begin
  perform app_private.require_member_admin(p_community_id);
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) > 1000 then
    perform app_private.fail('invalid_rows', 'Send the rows as a list of at most 1,000');
  end if;
  v_manager := app_private.is_manager(p_community_id) or app_private.is_trusted();
  for r in select x.value from jsonb_array_elements(p_rows) x loop
    begin
      row_no := (r ->> 'row_no')::int;
    exception when others then
      perform app_private.fail('invalid_rows', 'Each import row has a row number');
    end;
    select * into v_result from app_private.import_member_row(p_community_id, r, v_manager);
    outcome := v_result.outcome; member_id := v_result.member_id;
    error_code := v_result.error_code; error_field := v_result.error_field;
    return next;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION public.import_members(p_community_id uuid, p_rows jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.import_members(p_community_id uuid, p_rows jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.import_members(p_community_id uuid, p_rows jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.import_members(p_community_id uuid, p_rows jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.import_members(p_community_id uuid, p_rows jsonb) TO service_role;

CREATE FUNCTION app_private.joining_member(p_group_id uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  g public.groups;
  v_member uuid;
begin
  select * into g from public.groups where id = p_group_id for update;
  if g.id is null then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  v_member := app_private.my_member_id(g.community_id);
  if v_member is null then
    perform app_private.fail('not_a_member', 'Only members of the community can join its groups');
  end if;
  if g.archived then
    perform app_private.fail('group_archived', 'The group is archived');
  end if;
  if exists (select 1 from public.group_members where group_id = g.id and member_id = v_member and left_at is null) then
    perform app_private.fail('already_in_group', 'You are already in this group');
  end if;
  return v_member;
end
$$;

REVOKE ALL ON FUNCTION app_private.joining_member(p_group_id uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION public.lookup_members(p_community_id uuid, p_query text, p_limit integer DEFAULT 20) RETURNS SETOF public.members
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_text text := trim(coalesce(p_query, ''));
  v_pattern text;
  v_mid bigint;
  v_phone text;
  v_admin boolean;
  v_me uuid := auth.uid();
  v_limit int := least(greatest(coalesce(p_limit, 20), 1), 100);
begin
  if v_text = '' then
    return;
  end if;
  v_pattern := '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_mid := case when v_text ~ '^[0-9]{1,18}$' then v_text::bigint end;
  v_phone := replace(v_text, ' ', '');
  v_admin := p_community_id = any (app_private.register_communities()) or app_private.is_trusted();
  return query
  select m.* from public.members m
  where (v_admin or (m.user_id is not null and m.user_id = v_me))
    and m.id in (
    (select x.id from public.members x
      where x.community_id = p_community_id and x.full_name ilike v_pattern
        and (v_admin or (x.user_id is not null and x.user_id = v_me))
      order by x.last_name, x.first_name, x.id
      limit v_limit)
    union all
    select x.id from public.members x where x.community_id = p_community_id and lower(x.email) = lower(v_text)
    union all
    select x.id from public.members x where x.community_id = p_community_id and x.mid = v_mid
    union all
    select x.id from public.members x
    where x.community_id = p_community_id and x.phone is not null and replace(x.phone, ' ', '') = v_phone
    union all
    select x.id from public.members x
    where x.community_id = p_community_id and x.membership_id is not null and x.membership_id = v_text)
  order by m.last_name, m.first_name, m.id
  limit v_limit;
end
$_$;

REVOKE ALL ON FUNCTION public.lookup_members(p_community_id uuid, p_query text, p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.lookup_members(p_community_id uuid, p_query text, p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.lookup_members(p_community_id uuid, p_query text, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.lookup_members(p_community_id uuid, p_query text, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.lookup_members(p_community_id uuid, p_query text, p_limit integer) TO service_role;

CREATE FUNCTION app_private.may_read_member_document(p_name text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select app_private.community_of_path(p_name) = any (app_private.area_communities('member'))
      or split_part(p_name, '/', 2) = any ((app_private.my_member_ids())::text[])
$$;

REVOKE ALL ON FUNCTION app_private.may_read_member_document(p_name text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.may_read_member_document(p_name text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.may_read_member_document(p_name text) TO anon;
GRANT ALL ON FUNCTION app_private.may_read_member_document(p_name text) TO authenticated;
GRANT ALL ON FUNCTION app_private.may_read_member_document(p_name text) TO service_role;

CREATE FUNCTION app_private.may_write_member_document(p_name text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  select app_private.community_of_path(p_name) = any (app_private.area_communities('member'))
     and split_part(p_name, '/', 2) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and exists (select 1 from public.members m
                  where m.id = split_part(p_name, '/', 2)::uuid
                    and m.community_id = app_private.community_of_path(p_name))
     and lower(storage.extension(p_name)) in ('pdf', 'png', 'jpg', 'jpeg')
$_$;

REVOKE ALL ON FUNCTION app_private.may_write_member_document(p_name text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.may_write_member_document(p_name text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.may_write_member_document(p_name text) TO anon;
GRANT ALL ON FUNCTION app_private.may_write_member_document(p_name text) TO authenticated;
GRANT ALL ON FUNCTION app_private.may_write_member_document(p_name text) TO service_role;

CREATE FUNCTION public.member_history_entries(p_member_id uuid) RETURNS TABLE(id bigint, at timestamp with time zone, action text, changes jsonb, reason text, actor_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.member_history_entries(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.member_history_entries(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.member_history_entries(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.member_history_entries(p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.member_history_entries(p_member_id uuid) TO service_role;

CREATE FUNCTION public.member_invite_target(p_member_id uuid) RETURNS TABLE(email text, full_name text, community_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.member_invite_target(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.member_invite_target(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.member_invite_target(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.member_invite_target(p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.member_invite_target(p_member_id uuid) TO service_role;

CREATE FUNCTION app_private.member_label(p_member uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select m.full_name || ' (#' || m.mid || ')' from public.members m where m.id = p_member), '')
$$;

REVOKE ALL ON FUNCTION app_private.member_label(p_member uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.member_name(p_member_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select m.full_name from public.members m where m.id = p_member_id
$$;

REVOKE ALL ON FUNCTION app_private.member_name(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.member_name(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.member_name(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION app_private.member_name(p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.member_name(p_member_id uuid) TO service_role;

CREATE FUNCTION public.member_overview(p_member_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_member public.members;
  v_accounts uuid[];
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null or not app_private.can_manage_members(v_member.community_id) then
    perform app_private.fail('member_not_found', 'No such member in your communities');
  end if;
  select coalesce(array_agg(a.id), '{}') into v_accounts from public.billing_accounts a where a.member_id = p_member_id;
  return jsonb_build_object(
    'member', (to_jsonb(v_member) - 'cpr_masked' - 'permissions')
      || jsonb_build_object('cpr_masked',
           case when app_private.is_manager(v_member.community_id) or app_private.is_trusted()
                then v_member.cpr_masked end,
           'age', extract(year from age(current_date, v_member.birth_date))::int),
    'can_see_cpr', app_private.is_manager(v_member.community_id) or app_private.is_trusted(),
    'can_grant_access', app_private.can_grant_access(v_member.community_id),
    'access', (select jsonb_build_object('role', ms.role, 'areas', to_jsonb(ms.areas::text[]),
                                         'membership_manager', ms.membership_manager)
                 from public.memberships ms
                where ms.community_id = v_member.community_id and ms.user_id = v_member.user_id),
    'tags', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name)
                        from public.member_tags mt join public.tags t on t.id = mt.tag_id
                       where mt.member_id = p_member_id), '[]'),
    'groups', coalesce((select jsonb_agg(jsonb_build_object('id', g.id, 'title', g.title, 'role', gm.role,
                                  'joined_at', gm.joined_at, 'left_at', gm.left_at, 'payment_status', gm.payment_status)
                                  order by gm.left_at nulls first, g.title)
                          from public.group_members gm join public.groups g on g.id = gm.group_id
                         where gm.member_id = p_member_id), '[]'),
    'certificates', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'kind', c.kind, 'status', c.status,
                                  'issued_on', c.issued_on, 'expires_on', c.expires_on) order by c.expires_on nulls last)
                                from public.member_certificates c where c.member_id = p_member_id), '[]'),
    'relations', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'kind', r.kind,
                                  'direction', case when r.member_id = p_member_id then 'to' else 'from' end,
                                  'member_id', o.id, 'full_name', o.full_name, 'mid', o.mid) order by o.full_name)
                             from public.member_relations r
                             join public.members o on o.id = case when r.member_id = p_member_id
                                                                  then r.related_member_id else r.member_id end
                            where r.member_id = p_member_id or r.related_member_id = p_member_id), '[]'),
    'tickets', coalesce((select jsonb_agg(jsonb_build_object('id', tp.id, 'event_id', e.id, 'event_title', e.title,
                                  'starts_at', e.starts_at, 'ticket', t.name, 'status', tp.status,
                                  'purchased_at', tp.purchased_at) order by e.starts_at desc)
                           from (select * from public.ticket_purchases x where x.member_id = p_member_id
                                 order by x.purchased_at desc limit 50) tp
                           join public.tickets t on t.id = tp.ticket_id
                           join public.events e on e.id = tp.event_id), '[]'),
    'volunteering', coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'job_title', j.title,
                                  'event_id', e.id, 'event_title', e.title, 'starts_at', e.starts_at,
                                  'status', s.status, 'hours', round(extract(epoch from
                                    (coalesce(s.checked_out_at, s.checked_in_at) - s.checked_in_at)) / 3600.0, 1))
                                  order by e.starts_at desc)
                                from (select * from public.volunteer_signups x where x.member_id = p_member_id
                                      order by x.created_at desc limit 50) s
                                join public.volunteer_jobs j on j.id = s.job_id
                                join public.events e on e.id = j.event_id), '[]'),
    'bookings', coalesce((select jsonb_agg(jsonb_build_object('id', b.id, 'product', p.name, 'starts_at', b.starts_at,
                                  'ends_at', b.ends_at, 'status', b.status) order by b.starts_at desc)
                            from (select * from public.bookings x where x.member_id = p_member_id
                                  order by x.starts_at desc limit 50) b
                            join public.booking_products p on p.id = b.product_id), '[]'),
    'orders', coalesce((select jsonb_agg(jsonb_build_object('id', o.id, 'product_name', o.product_name,
                                  'status', o.status, 'amount_ore', o.amount_ore, 'created_at', o.created_at)
                                  order by o.created_at desc)
                          from (select * from public.orders x where x.member_id = p_member_id
                                order by x.created_at desc limit 50) o), '[]'),
    'invoices', coalesce((select jsonb_agg(jsonb_build_object('id', i.id, 'number', i.number, 'kind', i.kind, 'status', i.status,
                                  'issued_on', i.issued_on, 'due_on', i.due_on, 'total_ore', i.total_ore,
                                  'paid_ore', i.paid_ore,
                                  'overdue', i.kind = 'invoice' and i.status = 'issued' and i.due_on < current_date
                                             and i.paid_ore < i.total_ore)
                                  order by i.created_at desc)
                            from (select * from public.invoices x where x.account_id = any (v_accounts)
                                  order by x.created_at desc limit 50) i), '[]'),
    'balance_ore', coalesce((select sum(i.total_ore - i.paid_ore) from public.invoices i
                              where i.account_id = any (v_accounts) and i.kind = 'invoice' and i.status = 'issued'), 0));
end
$$;

REVOKE ALL ON FUNCTION public.member_overview(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.member_overview(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.member_overview(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.member_overview(p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.member_overview(p_member_id uuid) TO service_role;

CREATE FUNCTION public.member_personal_data(p_member_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_member public.members;
  v_result jsonb;
begin
  select * into v_member from public.members where id = p_member_id;
  -- The club's membership managers, and the person themself (their own copy of what the club
  -- holds about them, GDPR art. 15, from the member app).
  if v_member.id is null or not (app_private.can_manage_members(v_member.community_id)
                                 or coalesce(v_member.user_id = auth.uid(), false)) then
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

REVOKE ALL ON FUNCTION public.member_personal_data(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.member_personal_data(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.member_personal_data(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.member_personal_data(p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.member_personal_data(p_member_id uuid) TO service_role;

CREATE FUNCTION public.member_register(p_community_id uuid, p_filters jsonb DEFAULT '{}'::jsonb, p_sort text DEFAULT 'name'::text, p_ascending boolean DEFAULT true, p_limit integer DEFAULT 50, p_offset integer DEFAULT 0, p_count boolean DEFAULT true) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  f jsonb := coalesce(p_filters, '{}');
  v_text text := trim(coalesce(f ->> 'search', ''));
  v_pattern text;
  v_mid bigint;
  v_phone text;
  v_statuses public.member_status[];
  v_genders public.gender[];
  v_tags uuid[];
  v_groups uuid[];
  v_birth_from date;
  v_birth_to date;
  v_joined_from date;
  v_joined_to date;
  v_where text := 'm.community_id = $1';
  v_dir text := case when coalesce(p_ascending, true) then 'asc' else 'desc' end;
  v_order text;
  v_limit int := least(greatest(coalesce(p_limit, 50), 1), 200);
  v_offset int := greatest(coalesce(p_offset, 0), 0);
  v_total bigint;
  v_estimated boolean := false;
  v_plan jsonb;
  v_guess bigint;
  v_source text := 'select m.* from public.members m where true';
  v_rows jsonb;
begin
  perform app_private.require_member_admin(p_community_id);
  begin
    v_statuses := array(select jsonb_array_elements_text(coalesce(f -> 'statuses', '[]')))::public.member_status[];
    v_genders := array(select jsonb_array_elements_text(coalesce(f -> 'genders', '[]')))::public.gender[];
    v_tags := array(select jsonb_array_elements_text(coalesce(f -> 'tags', '[]')))::uuid[];
    v_groups := array(select jsonb_array_elements_text(coalesce(f -> 'groups', '[]')))::uuid[];
    v_joined_from := (f ->> 'joined_from')::date;
    v_joined_to := (f ->> 'joined_to')::date;
    -- Born on or before today minus age_min years; after today minus (age_max + 1) years.
    v_birth_to := (current_date - make_interval(years => (f ->> 'age_min')::int))::date;
    v_birth_from := (current_date - make_interval(years => (f ->> 'age_max')::int + 1))::date + 1;
  exception when others then
    perform app_private.fail('invalid_filter', 'A filter of the member register has a value it cannot use');
  end;
  if p_sort is not null and p_sort not in ('name', 'mid', 'joined_on', 'age', 'status', 'email') then
    perform app_private.fail('invalid_sort', 'The member register sorts by name, mid, joined_on, age, status or email');
  end if;

  if v_text <> '' then
    v_pattern := '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    v_mid := case when v_text ~ '^[0-9]{1,18}$' then v_text::bigint end;
    v_phone := replace(v_text, ' ', '');
    v_where := v_where || ' and (m.full_name ilike $2 or lower(m.email) = lower($3) or m.mid = $4'
      || ' or replace(m.phone, '' '', '''') = $5 or m.membership_id = $3)';
  end if;
  if cardinality(v_statuses) > 0 then v_where := v_where || ' and m.status = any ($6)'; end if;
  if cardinality(v_genders) > 0 then v_where := v_where || ' and m.gender = any ($7)'; end if;
  if cardinality(v_tags) > 0 then
    v_where := v_where || ' and exists (select 1 from public.member_tags t where t.member_id = m.id and t.tag_id = any ($8))';
  end if;
  if cardinality(v_groups) > 0 then
    v_where := v_where || ' and exists (select 1 from public.group_members g where g.member_id = m.id'
      || ' and g.group_id = any ($9) and g.left_at is null)';
  end if;
  if v_birth_from is not null then v_where := v_where || ' and m.birth_date >= $10'; end if;
  if v_birth_to is not null then v_where := v_where || ' and m.birth_date <= $11'; end if;
  if v_joined_from is not null then v_where := v_where || ' and m.joined_on >= $12'; end if;
  if v_joined_to is not null then v_where := v_where || ' and m.joined_on <= $13'; end if;
  if f ? 'arrears' and jsonb_typeof(f -> 'arrears') = 'boolean' then
    v_where := v_where || case when (f ->> 'arrears')::boolean then ' and ' else ' and not ' end
      || 'exists (select 1 from public.member_arrears x where x.member_id = m.id and x.since < current_date)';
  end if;

  v_order := case coalesce(p_sort, 'name')
    when 'name' then format('m.last_name %1$s, m.first_name %1$s, m.id %1$s', v_dir)
    when 'mid' then format('m.mid %s', v_dir)
    when 'joined_on' then format('m.joined_on %1$s, m.id %1$s', v_dir)
    -- Youngest first when ascending by age: the latest birth date.
    when 'age' then format('m.birth_date %s nulls last, m.id', case v_dir when 'asc' then 'desc' else 'asc' end)
    when 'status' then format('m.status %1$s, m.last_name %1$s, m.first_name %1$s, m.id %1$s', v_dir)
    else format('lower(m.email) %1$s nulls last, m.id %1$s', v_dir) end;

  -- The planner first: above 10,000 expected matches its estimate is the total (the app says
  -- "about"); otherwise an exact count up to 10,000, and the estimate above that.
  if coalesce(p_count, true) or v_text <> '' then
    execute 'explain (format json) select 1 from public.members m where ' || v_where
    into v_plan
    using p_community_id, v_pattern, v_text, v_mid, v_phone, v_statuses, v_genders, v_tags, v_groups,
          v_birth_from, v_birth_to, v_joined_from, v_joined_to;
    v_guess := (v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric::bigint;
  end if;
  if coalesce(p_count, true) then
    if v_guess > 10000 then
      v_total := v_guess;
      v_estimated := true;
    else
      execute 'select count(*) from (select 1 from public.members m where ' || v_where || ' limit 10001) s'
      into v_total
      using p_community_id, v_pattern, v_text, v_mid, v_phone, v_statuses, v_genders, v_tags, v_groups,
            v_birth_from, v_birth_to, v_joined_from, v_joined_to;
      if v_total > 10000 then
        v_total := greatest(10001, v_guess);
        v_estimated := true;
      end if;
    end if;
  end if;
  -- A search for a rare term collects its matches through the indexes first and sorts those
  -- (walking the name index and testing every member against it would read the whole
  -- register). A common term sorted by name walks the name index instead, as lookup_members
  -- does: its first page is found after a few hundred members, where collecting would read
  -- every match.
  if v_text <> '' and not (coalesce(p_sort, 'name') = 'name' and coalesce(v_total, v_guess) > 2000) then
    v_source := 'with hits as materialized (select m.* from public.members m where ' || v_where
      || ') select m.* from hits m where true';
    v_where := 'true';
  end if;

  execute format($q$
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', p.id, 'mid', p.mid, 'membership_id', p.membership_id, 'first_name', p.first_name,
      'last_name', p.last_name, 'full_name', p.full_name, 'email', p.email, 'phone', p.phone,
      'gender', p.gender, 'birth_date', p.birth_date, 'status', p.status, 'joined_on', p.joined_on,
      'left_on', p.left_on, 'city', p.city, 'has_account', p.user_id is not null,
      'tags', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name)
                        from public.member_tags mt join public.tags t on t.id = mt.tag_id
                        where mt.member_id = p.id), '[]'),
      'in_arrears', exists (select 1 from public.member_arrears x
                            where x.member_id = p.id and x.since < current_date)) order by p.ord), '[]')
    from (select m.*, row_number() over (order by %1$s) as ord from (
            %5$s and %2$s order by %1$s limit %3$s offset %4$s) m) p
  $q$, v_order, v_where, v_limit, v_offset, v_source)
    into v_rows
    using p_community_id, v_pattern, v_text, v_mid, v_phone, v_statuses, v_genders, v_tags, v_groups,
          v_birth_from, v_birth_to, v_joined_from, v_joined_to;

  return jsonb_build_object('total', v_total, 'estimated', v_estimated, 'rows', v_rows);
end
$_$;

REVOKE ALL ON FUNCTION public.member_register(p_community_id uuid, p_filters jsonb, p_sort text, p_ascending boolean, p_limit integer, p_offset integer, p_count boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.member_register(p_community_id uuid, p_filters jsonb, p_sort text, p_ascending boolean, p_limit integer, p_offset integer, p_count boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.member_register(p_community_id uuid, p_filters jsonb, p_sort text, p_ascending boolean, p_limit integer, p_offset integer, p_count boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.member_register(p_community_id uuid, p_filters jsonb, p_sort text, p_ascending boolean, p_limit integer, p_offset integer, p_count boolean) TO authenticated;
GRANT ALL ON FUNCTION public.member_register(p_community_id uuid, p_filters jsonb, p_sort text, p_ascending boolean, p_limit integer, p_offset integer, p_count boolean) TO service_role;

CREATE FUNCTION app_private.my_member_id(p_community uuid) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select m.id from public.members m
  where m.community_id = p_community and m.user_id = auth.uid() and m.status <> 'left'
$$;

REVOKE ALL ON FUNCTION app_private.my_member_id(p_community uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.my_member_id(p_community uuid) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.my_member_id(p_community uuid) TO anon;
GRANT ALL ON FUNCTION app_private.my_member_id(p_community uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.my_member_id(p_community uuid) TO service_role;

CREATE FUNCTION app_private.my_member_ids() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.id), '{}') from public.members m where m.user_id = auth.uid()
$$;

REVOKE ALL ON FUNCTION app_private.my_member_ids() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.my_member_ids() TO anon;
GRANT ALL ON FUNCTION app_private.my_member_ids() TO authenticated;
GRANT ALL ON FUNCTION app_private.my_member_ids() TO service_role;

CREATE FUNCTION app_private.normalise_cpr(p_cpr text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    AS $_$
declare
  digits text := regexp_replace(coalesce(p_cpr, ''), '[\s-]', '', 'g');
  d int; m int; y int; c int;
begin
  if digits !~ '^[0-9]{10}$' then
    perform app_private.fail('invalid_cpr', 'A CPR number has ten digits, DDMMYY-XXXX');
  end if;
  d := substr(digits, 1, 2)::int; m := substr(digits, 3, 2)::int; y := substr(digits, 5, 2)::int;
  c := substr(digits, 7, 1)::int;
  y := y + case when c <= 3 then 1900 when c in (4, 9) then case when y <= 36 then 2000 else 1900 end
                when y <= 57 then 2000 else 1800 end;
  begin
    perform make_date(y, m, d);
  exception when others then
    perform app_private.fail('invalid_cpr', 'The first six digits of a CPR number are a date, DDMMYY');
  end;
  return digits;
end
$_$;

REVOKE ALL ON FUNCTION app_private.normalise_cpr(p_cpr text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.normalise_cpr(p_cpr text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.normalise_cpr(p_cpr text) TO anon;
GRANT ALL ON FUNCTION app_private.normalise_cpr(p_cpr text) TO authenticated;
GRANT ALL ON FUNCTION app_private.normalise_cpr(p_cpr text) TO service_role;

CREATE FUNCTION public.queue_member_import(p_job_id uuid) RETURNS public.member_import_jobs
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare j public.member_import_jobs;
begin
  j := app_private.uploading_import(p_job_id);
  if (select count(*) from public.member_import_rows r where r.job_id = p_job_id) <> j.total then
    perform app_private.fail('import_incomplete', 'Not every row of the import has been uploaded');
  end if;
  if exists (select 1 from public.member_import_rows r where r.job_id = p_job_id and r.status = 'pending') then
    begin
      update public.member_import_jobs set status = 'queued' where id = p_job_id returning * into j;
    exception when unique_violation then
      perform app_private.fail('import_in_progress', 'Another import of this community is still running');
    end;
  else
    update public.member_import_jobs set status = 'done', finished_at = now() where id = p_job_id returning * into j;
  end if;
  return j;
end
$$;

REVOKE ALL ON FUNCTION public.queue_member_import(p_job_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.queue_member_import(p_job_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.queue_member_import(p_job_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.queue_member_import(p_job_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.queue_member_import(p_job_id uuid) TO service_role;

CREATE FUNCTION app_private.record_member_history(p_community uuid, p_member uuid, p_action text, p_changes jsonb DEFAULT '{}'::jsonb, p_reason text DEFAULT NULL::text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.member_history (community_id, member_id, actor_user_id, action, changes, reason)
  values (p_community, p_member, auth.uid(), p_action, coalesce(p_changes, '{}'), p_reason)
$$;

REVOKE ALL ON FUNCTION app_private.record_member_history(p_community uuid, p_member uuid, p_action text, p_changes jsonb, p_reason text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.record_member_history(p_community uuid, p_member uuid, p_action text, p_changes jsonb, p_reason text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.record_member_history(p_community uuid, p_member uuid, p_action text, p_changes jsonb, p_reason text) FROM PUBLIC;

CREATE FUNCTION app_private.redact_mentions(p_text text, p_name text, p_email text, p_phone text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
-- Each mention of an erased member's name, e-mail or phone, in any letter case, becomes
-- "Slettet medlem" (needles under three characters are left alone).
declare
  v_needle text;
  v_out text := p_text;
  v_from int;
  v_at int;
begin
  if p_text is null then
    return null;
  end if;
  foreach v_needle in array array[p_name, p_email, p_phone] loop
    continue when v_needle is null or length(trim(v_needle)) < 3;
    v_from := 1;
    loop
      v_at := strpos(lower(substr(v_out, v_from)), lower(v_needle));
      exit when v_at = 0;
      v_at := v_at + v_from - 1;
      v_out := overlay(v_out placing 'Slettet medlem' from v_at for length(v_needle));
      v_from := v_at + length('Slettet medlem');
    end loop;
  end loop;
  return v_out;
end
$$;

REVOKE ALL ON FUNCTION app_private.redact_mentions(p_text text, p_name text, p_email text, p_phone text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.redact_mentions(p_text text, p_name text, p_email text, p_phone text) FROM PUBLIC;

CREATE FUNCTION app_private.record_member_import_rows(p_job_id uuid, p_outcomes jsonb) RETURNS integer
    LANGUAGE plpgsql
    AS $$
declare v_recorded int;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server runs member imports');
  end if;
  with o as (
    select * from jsonb_to_recordset(coalesce(p_outcomes, '[]')) as x(
      line int, outcome text, member_id uuid, error_code text, error_field text)
  ), done as (
    update public.member_import_rows r
       set status = o.outcome, member_id = coalesce(o.member_id, r.member_id), error_code = o.error_code,
           error_field = o.error_field, cpr_encrypted = null, claimed_at = null,
           -- An applied row keeps no personal fields; a failed one keeps them for the admin to fix.
           fields = case when o.outcome in ('created', 'merged', 'skipped') then '{}'::jsonb else r.fields end
      from o
     where r.job_id = p_job_id and r.line = o.line and r.status = 'pending'
    returning r.status
  ), counts as (
    select count(*) filter (where d.status = 'created') as created,
           count(*) filter (where d.status = 'merged') as merged,
           count(*) filter (where d.status = 'skipped') as skipped,
           count(*) filter (where d.status = 'failed') as failed,
           count(*) as recorded
      from done d
  )
  update public.member_import_jobs j
     set created = j.created + c.created, merged = j.merged + c.merged,
         skipped = j.skipped + c.skipped, failed = j.failed + c.failed
    from counts c where j.id = p_job_id
  returning c.recorded into v_recorded;
  if not exists (select 1 from public.member_import_rows r where r.job_id = p_job_id and r.status = 'pending') then
    update public.member_import_jobs j set status = 'done', finished_at = now()
     where j.id = p_job_id and j.status in ('queued', 'running');
  end if;
  return coalesce(v_recorded, 0);
end
$$;

REVOKE ALL ON FUNCTION app_private.record_member_import_rows(p_job_id uuid, p_outcomes jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.record_member_import_rows(p_job_id uuid, p_outcomes jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.record_member_import_rows(p_job_id uuid, p_outcomes jsonb) FROM PUBLIC;

CREATE FUNCTION app_private.refresh_member_arrears(p_members uuid[]) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with due as (
    select a.member_id, min(a.community_id::text)::uuid as community_id, min(i.due_on) as since
      from public.billing_accounts a
      join public.invoices i on i.account_id = a.id
     where a.member_id = any (p_members) and i.kind = 'invoice' and i.status = 'issued'
       and i.due_on is not null and i.paid_ore < i.total_ore
     group by a.member_id),
  gone as (
    delete from public.member_arrears x
     where x.member_id = any (p_members) and not exists (select 1 from due where due.member_id = x.member_id))
  insert into public.member_arrears (member_id, community_id, since)
  select member_id, community_id, since from due
  on conflict (member_id) do update set since = excluded.since
    where public.member_arrears.since is distinct from excluded.since
$$;

REVOKE ALL ON FUNCTION app_private.refresh_member_arrears(p_members uuid[]) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.refresh_member_arrears(p_members uuid[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.refresh_member_arrears(p_members uuid[]) FROM PUBLIC;

CREATE FUNCTION app_private.require_member_admin(p_community uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if p_community is null or not app_private.can_manage_members(p_community) then
    perform app_private.fail('not_allowed', 'Only member admins of the community may do this');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.require_member_admin(p_community uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.require_member_admin(p_community uuid) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.require_member_admin(p_community uuid) TO anon;
GRANT ALL ON FUNCTION app_private.require_member_admin(p_community uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.require_member_admin(p_community uuid) TO service_role;

CREATE FUNCTION app_private.require_member_in(p_member uuid, p_community uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not exists (select 1 from public.members m
                 where m.id = p_member and m.community_id = p_community and m.status <> 'left') then
    perform app_private.fail('member_not_found', 'No such member in this community');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.require_member_in(p_member uuid, p_community uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION public.reveal_member_cpr(p_member_id uuid, p_reason text DEFAULT NULL::text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_row public.member_cpr;
  v_community uuid;
  v_reason text := nullif(trim(coalesce(p_reason, '')), '');
  v_digits text;
begin
  select community_id into v_community from public.members where id = p_member_id;
  if v_community is null then
    perform app_private.fail('member_not_found', 'No such member');
  end if;
  perform app_private.require_manager(v_community);
  if v_reason is null then
    perform app_private.fail('reason_required', 'Say why you need to see the CPR number');
  end if;
  select * into v_row from public.member_cpr where member_id = p_member_id;
  if v_row.member_id is null then
    return null;
  end if;
  insert into public.cpr_audit (community_id, member_id, viewer_user_id, action, reason)
  values (v_community, p_member_id, auth.uid(), 'reveal', left(v_reason, 500));
  perform app_private.record_member_history(v_community, p_member_id, 'cpr_revealed', '{}', left(v_reason, 500));
  v_digits := extensions.pgp_sym_decrypt(v_row.cpr_encrypted, app_private.cpr_key());
  return substr(v_digits, 1, 6) || '-' || substr(v_digits, 7, 4);
end
$$;

REVOKE ALL ON FUNCTION public.reveal_member_cpr(p_member_id uuid, p_reason text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.reveal_member_cpr(p_member_id uuid, p_reason text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.reveal_member_cpr(p_member_id uuid, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.reveal_member_cpr(p_member_id uuid, p_reason text) TO authenticated;
GRANT ALL ON FUNCTION public.reveal_member_cpr(p_member_id uuid, p_reason text) TO service_role;

CREATE FUNCTION public.send_member_mail(p_community_id uuid, p_member_ids uuid[], p_subject text, p_body text) RETURNS public.news_mailings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_subject text := trim(coalesce(p_subject, ''));
  v_body text := trim(coalesce(p_body, ''));
  m public.news_mailings;
begin
  perform app_private.require_member_admin(p_community_id);
  if coalesce(cardinality(p_member_ids), 0) = 0 then
    perform app_private.fail('no_recipients', 'Choose the members to write to');
  end if;
  if cardinality(p_member_ids) > 10000 then
    perform app_private.fail('too_many_recipients', 'Write to at most 10,000 members at a time');
  end if;
  if v_subject = '' or length(v_subject) > 200 then
    perform app_private.fail('invalid_subject', 'The subject is 1 to 200 characters');
  end if;
  if v_body = '' or length(v_body) > 20000 then
    perform app_private.fail('invalid_body', 'The message is 1 to 20,000 characters');
  end if;
  insert into public.news_mailings (community_id, post_id, requested_by, subject, body)
  values (p_community_id, null, auth.uid(), v_subject, v_body) returning * into m;
  insert into public.news_mailing_recipients (mailing_id, email, member_id, full_name)
  select distinct on (lower(x.email)) m.id, lower(x.email), x.id, x.full_name
  from public.members x
  where x.community_id = p_community_id and x.id = any (p_member_ids) and x.email is not null
  order by lower(x.email), x.created_at;
  update public.news_mailings
     set total = (select count(*) from public.news_mailing_recipients r where r.mailing_id = m.id)
   where id = m.id
  returning * into m;
  if m.total = 0 then
    perform app_private.fail('no_recipients', 'None of the chosen members has an e-mail address');
  end if;
  return m;
end
$$;

REVOKE ALL ON FUNCTION public.send_member_mail(p_community_id uuid, p_member_ids uuid[], p_subject text, p_body text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.send_member_mail(p_community_id uuid, p_member_ids uuid[], p_subject text, p_body text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.send_member_mail(p_community_id uuid, p_member_ids uuid[], p_subject text, p_body text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.send_member_mail(p_community_id uuid, p_member_ids uuid[], p_subject text, p_body text) TO authenticated;
GRANT ALL ON FUNCTION public.send_member_mail(p_community_id uuid, p_member_ids uuid[], p_subject text, p_body text) TO service_role;

CREATE FUNCTION public.set_member_admin_access(p_member_id uuid, p_areas public.admin_area[], p_membership_manager boolean DEFAULT NULL::boolean) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_member public.members;
  v_old public.memberships;
  v_areas public.admin_area[];
  v_manager boolean;
  v_is_owner boolean;
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null then
    perform app_private.fail('member_not_found', 'No such member');
  end if;
  if not app_private.can_grant_access(v_member.community_id) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers grant admin access');
  end if;
  if v_member.user_id is null then
    perform app_private.fail('member_has_no_account', 'Invite the member to sign in before granting admin access');
  end if;
  v_is_owner := app_private.is_trusted() or v_member.community_id = any (app_private.owner_communities());
  select * into v_old from public.memberships
   where community_id = v_member.community_id and user_id = v_member.user_id;
  if v_old.role = 'owner' and not v_is_owner then
    perform app_private.fail('not_allowed', 'Only owners change the access of an owner');
  end if;
  if p_membership_manager is not null and p_membership_manager is distinct from coalesce(v_old.membership_manager, false)
     and not v_is_owner then
    perform app_private.fail('not_allowed', 'Only owners make someone a membership manager');
  end if;
  select coalesce(array_agg(distinct a order by a), '{}') into v_areas from unnest(coalesce(p_areas, '{}')) a;
  v_manager := coalesce(p_membership_manager, v_old.membership_manager, false);
  insert into public.memberships (community_id, user_id, role, areas, membership_manager)
  values (v_member.community_id, v_member.user_id,
          case when cardinality(v_areas) > 0 then 'admin' else 'member' end::public.membership_role,
          v_areas, v_manager)
  on conflict (community_id, user_id) do update set
    areas = excluded.areas,
    membership_manager = excluded.membership_manager,
    role = case when public.memberships.role = 'owner' then 'owner'::public.membership_role
                else excluded.role end;
  if coalesce(v_old.areas, '{}') is distinct from v_areas
     or coalesce(v_old.membership_manager, false) is distinct from v_manager then
    perform app_private.record_member_history(v_member.community_id, v_member.id, 'access_changed',
      jsonb_build_object(
        'areas', jsonb_build_array(to_jsonb(coalesce(v_old.areas, '{}')::text[]), to_jsonb(v_areas::text[])),
        'membership_manager', jsonb_build_array(coalesce(v_old.membership_manager, false), v_manager)));
  end if;
  return jsonb_build_object('areas', to_jsonb(v_areas::text[]), 'membership_manager', v_manager);
end
$$;

REVOKE ALL ON FUNCTION public.set_member_admin_access(p_member_id uuid, p_areas public.admin_area[], p_membership_manager boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.set_member_admin_access(p_member_id uuid, p_areas public.admin_area[], p_membership_manager boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_member_admin_access(p_member_id uuid, p_areas public.admin_area[], p_membership_manager boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_member_admin_access(p_member_id uuid, p_areas public.admin_area[], p_membership_manager boolean) TO authenticated;
GRANT ALL ON FUNCTION public.set_member_admin_access(p_member_id uuid, p_areas public.admin_area[], p_membership_manager boolean) TO service_role;

CREATE FUNCTION public.set_member_cpr(p_member_id uuid, p_cpr text, p_legal_basis text DEFAULT 'consent'::text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_community uuid;
  v_digits text;
  v_masked text;
begin
  select community_id into v_community from public.members where id = p_member_id;
  if v_community is null then
    perform app_private.fail('member_not_found', 'No such member');
  end if;
  perform app_private.require_manager(v_community);
  if p_cpr is null or trim(p_cpr) = '' then
    delete from public.member_cpr where member_id = p_member_id;
    update public.members set updated_at = now() where id = p_member_id;
    insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
    values (v_community, p_member_id, auth.uid(), 'clear');
    perform app_private.record_member_history(v_community, p_member_id, 'cpr_cleared');
    return null;
  end if;
  v_digits := app_private.normalise_cpr(p_cpr);
  v_masked := substr(v_digits, 1, 6) || '-xxxx';
  insert into public.member_cpr (member_id, community_id, cpr_encrypted, cpr_hash, cpr_masked, legal_basis, recorded_by)
  values (p_member_id, v_community, extensions.pgp_sym_encrypt(v_digits, app_private.cpr_key()),
          encode(extensions.hmac(v_digits, app_private.cpr_key(), 'sha256'), 'hex'), v_masked, p_legal_basis, auth.uid())
  on conflict (member_id) do update set cpr_encrypted = excluded.cpr_encrypted, cpr_hash = excluded.cpr_hash,
    cpr_masked = excluded.cpr_masked, legal_basis = excluded.legal_basis, recorded_at = now(),
    recorded_by = excluded.recorded_by;
  update public.members set updated_at = now() where id = p_member_id;
  insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
  values (v_community, p_member_id, auth.uid(), 'set');
  perform app_private.record_member_history(v_community, p_member_id, 'cpr_set',
    jsonb_build_object('legal_basis', p_legal_basis));
  return v_masked;
end
$$;

REVOKE ALL ON FUNCTION public.set_member_cpr(p_member_id uuid, p_cpr text, p_legal_basis text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.set_member_cpr(p_member_id uuid, p_cpr text, p_legal_basis text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_member_cpr(p_member_id uuid, p_cpr text, p_legal_basis text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_member_cpr(p_member_id uuid, p_cpr text, p_legal_basis text) TO authenticated;
GRANT ALL ON FUNCTION public.set_member_cpr(p_member_id uuid, p_cpr text, p_legal_basis text) TO service_role;

CREATE FUNCTION public.start_member_import(p_community_id uuid, p_file_name text, p_total integer) RETURNS public.member_import_jobs
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare j public.member_import_jobs;
begin
  perform app_private.require_member_admin(p_community_id);
  if p_total is null or p_total < 1 or p_total > 50000 then
    perform app_private.fail('invalid_total', 'An import has 1 to 50,000 rows');
  end if;
  if exists (select 1 from public.member_import_jobs x
              where x.community_id = p_community_id and x.status in ('queued', 'running')) then
    perform app_private.fail('import_in_progress', 'Another import of this community is still running');
  end if;
  insert into public.member_import_jobs (community_id, requested_by, file_name, manager, total)
  values (p_community_id, auth.uid(), coalesce(nullif(left(trim(p_file_name), 200), ''), 'import'),
          app_private.is_manager(p_community_id) or app_private.is_trusted(), p_total)
  returning * into j;
  return j;
end
$$;

REVOKE ALL ON FUNCTION public.start_member_import(p_community_id uuid, p_file_name text, p_total integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.start_member_import(p_community_id uuid, p_file_name text, p_total integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.start_member_import(p_community_id uuid, p_file_name text, p_total integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.start_member_import(p_community_id uuid, p_file_name text, p_total integer) TO authenticated;
GRANT ALL ON FUNCTION public.start_member_import(p_community_id uuid, p_file_name text, p_total integer) TO service_role;

CREATE FUNCTION app_private.uploading_import(p_job_id uuid) RETURNS public.member_import_jobs
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare j public.member_import_jobs;
begin
  select * into j from public.member_import_jobs where id = p_job_id for update;
  if j.id is null or not app_private.can_manage_members(j.community_id)
     or (j.requested_by is distinct from auth.uid() and not app_private.is_trusted()) then
    perform app_private.fail('import_not_found', 'No such import of yours');
  end if;
  if j.status <> 'uploading' then
    perform app_private.fail('import_not_uploading', 'This import has already been queued or cancelled');
  end if;
  return j;
end
$$;

REVOKE ALL ON FUNCTION app_private.uploading_import(p_job_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.uploading_import(p_job_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.uploading_import(p_job_id uuid) FROM PUBLIC;

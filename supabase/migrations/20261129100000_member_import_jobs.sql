-- The member import as a server job (issue 16, docs/decisions/0932). The browser still reads the
-- file, maps the columns, checks the rows and finds duplicates; it then uploads the rows into a
-- job (start_member_import, append_member_import_rows, queue_member_import) and the server's
-- ticker (apps/server/src/jobs/run-member-imports.ts) applies them in batches through
-- app_private.import_member_row, the same row logic import_members uses. The job row carries
-- the counts and is in the realtime publication, so the import page shows progress live and
-- finds the job again after the tab was closed. CPR numbers wait encrypted with the server's
-- CPR key (as member_cpr) and are set to null once their row is applied.

create table public.member_import_jobs (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  requested_by uuid references auth.users (id) on delete set null,
  file_name text not null check (length(file_name) between 1 and 200),
  -- Whether the requester was a membership manager when the job started (may import CPR).
  manager boolean not null default false,
  status text not null default 'uploading'
    check (status in ('uploading', 'queued', 'running', 'done', 'cancelled')),
  total int not null check (total between 1 and 50000),
  created int not null default 0 check (created >= 0),
  merged int not null default 0 check (merged >= 0),
  skipped int not null default 0 check (skipped >= 0),
  failed int not null default 0 check (failed >= 0),
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  check (created + merged + skipped + failed <= total)
);
create index member_import_jobs_community_idx on public.member_import_jobs (community_id, created_at desc);
-- One job at a time per community is applied, so the duplicate checks of the next stay meaningful.
create unique index member_import_jobs_one_open_idx on public.member_import_jobs (community_id)
  where status in ('queued', 'running');

create table public.member_import_rows (
  job_id uuid not null references public.member_import_jobs (id) on delete cascade,
  line int not null check (line > 0),
  -- null for a row the browser already rejected (its problems are in error_code / error_field)
  choice text check (choice in ('create', 'merge', 'skip')),
  member_id uuid,
  fields jsonb not null default '{}' check (jsonb_typeof(fields) = 'object' and not fields ? 'cpr'),
  cpr_encrypted bytea,
  status text not null default 'pending' check (status in ('pending', 'created', 'merged', 'skipped', 'failed')),
  error_code text,
  error_field text,
  claimed_at timestamptz,
  primary key (job_id, line),
  check (status = 'pending' or cpr_encrypted is null)
);
create index member_import_rows_pending_idx on public.member_import_rows (job_id, line) where status = 'pending';

alter table public.member_import_jobs enable row level security;
alter table public.member_import_rows enable row level security;
-- Member admins of the community read the jobs and their rows (never the CPR column); nobody
-- writes them but the functions below.
create policy member_import_jobs_admin_read on public.member_import_jobs for select
  using (community_id = any ((select app_private.register_communities())::uuid[]));
create policy member_import_rows_admin_read on public.member_import_rows for select
  using (exists (select 1 from public.member_import_jobs j where j.id = job_id));
revoke all on public.member_import_jobs, public.member_import_rows from anon, authenticated;
grant select on public.member_import_jobs to authenticated;
grant select (job_id, line, choice, member_id, fields, status, error_code, error_field)
  on public.member_import_rows to authenticated;

-- One row of an import: create a member, merge into member_id (given fields overwrite; the
-- e-mail of a member with an account is left alone) or skip. The row runs in its own
-- sub-transaction; a failure is reported with an error code and field and leaves nothing
-- behind. p_manager says whether the row may set a CPR number. Used by import_members and by
-- the import job (one implementation); callable only by those and the server.
create or replace function app_private.import_member_row(
  p_community_id uuid, p_row jsonb, p_manager boolean,
  out outcome text, out member_id uuid, out error_code text, out error_field text)
language plpgsql volatile security definer set search_path = '' as $$
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
revoke execute on function app_private.import_member_row(uuid, jsonb, boolean) from public, anon, authenticated;

-- One batch of an import sent by the app (small imports and tests; the page uses the job).
create or replace function public.import_members(p_community_id uuid, p_rows jsonb)
returns table (row_no int, outcome text, member_id uuid, error_code text, error_field text)
language plpgsql volatile security definer set search_path = '' as $$
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
revoke execute on function public.import_members(uuid, jsonb) from public, anon;
grant execute on function public.import_members(uuid, jsonb) to authenticated, service_role;

-- Starts an import job of p_total rows (the whole file, rows with problems included) in
-- 'uploading'; the requester then appends the rows and queues the job.
create or replace function public.start_member_import(p_community_id uuid, p_file_name text, p_total int)
returns public.member_import_jobs
language plpgsql volatile security definer set search_path = '' as $$
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
revoke execute on function public.start_member_import(uuid, text, int) from public, anon;
grant execute on function public.start_member_import(uuid, text, int) to authenticated, service_role;

-- The requester's job in 'uploading', locked, or a failure.
create or replace function app_private.uploading_import(p_job_id uuid) returns public.member_import_jobs
language plpgsql volatile security definer set search_path = '' as $$
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
revoke execute on function app_private.uploading_import(uuid) from public, anon, authenticated;

-- Appends up to 1,000 rows to a job being uploaded: [{row_no, action, member_id, <fields>, cpr,
-- problems: [{field, problem}]}]. A row with problems (rejected by the browser's checks) is
-- stored as failed with them; a skipped row as skipped; a CPR number from someone who may not
-- set one fails its row and is not kept. Other rows wait as pending, their CPR encrypted.
create or replace function public.append_member_import_rows(p_job_id uuid, p_rows jsonb) returns int
language plpgsql volatile security definer set search_path = '' as $$
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
    select p_job_id, u.line, case when u.problems is null then u.choice end, u.member_id, u.fields,
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
revoke execute on function public.append_member_import_rows(uuid, jsonb) from public, anon;
grant execute on function public.append_member_import_rows(uuid, jsonb) to authenticated, service_role;

-- Hands an uploaded job to the server: 'queued' (or 'done' when nothing is left to apply).
create or replace function public.queue_member_import(p_job_id uuid) returns public.member_import_jobs
language plpgsql volatile security definer set search_path = '' as $$
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
revoke execute on function public.queue_member_import(uuid) from public, anon;
grant execute on function public.queue_member_import(uuid) to authenticated, service_role;

-- The import job's side (trusted connections only). A claim takes up to p_limit pending rows of
-- the oldest queued or running job and holds them for five minutes, so the rows of a server
-- that died are taken again; several servers may claim at once (SKIP LOCKED).
create or replace function app_private.claim_member_import_batch(p_limit int)
returns table (job_id uuid, community_id uuid, requested_by uuid, lines int[])
language plpgsql volatile as $$
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
revoke execute on function app_private.claim_member_import_batch(int) from public, anon, authenticated;

-- Applies the claimed rows of a job that are still pending, through import_member_row, with
-- their CPR numbers decrypted; answers each outcome. Run in the same transaction as
-- record_member_import_rows, so a batch is applied and recorded together or not at all.
create or replace function app_private.apply_member_import_rows(p_job_id uuid, p_lines int[])
returns table (line int, outcome text, member_id uuid, error_code text, error_field text)
language plpgsql volatile as $$
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
revoke execute on function app_private.apply_member_import_rows(uuid, int[]) from public, anon, authenticated;

-- Records the outcomes of applied rows ([{line, outcome, member_id, error_code, error_field}]):
-- the row's status, the CPR number gone, the job's counts; the job is done when no row is
-- pending. Answers how many rows were recorded.
create or replace function app_private.record_member_import_rows(p_job_id uuid, p_outcomes jsonb) returns int
language plpgsql volatile as $$
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
           error_field = o.error_field, cpr_encrypted = null, claimed_at = null
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
revoke execute on function app_private.record_member_import_rows(uuid, jsonb) from public, anon, authenticated;

-- Housekeeping, run by the import job: a job left in 'uploading' for an hour (the tab was
-- closed during the upload; nothing was applied) is cancelled and its rows deleted; the rows
-- of a job finished more than 30 days ago are deleted (the job and its counts stay).
create or replace function app_private.expire_member_imports() returns int
language plpgsql volatile as $$
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
revoke execute on function app_private.expire_member_imports() from public, anon, authenticated;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  alter publication supabase_realtime add table public.member_import_jobs;
end
$$;

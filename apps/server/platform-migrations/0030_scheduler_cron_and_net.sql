-- Scheduled work as a Supabase project declares it (decision 1021): pg_cron's `cron.schedule`
-- and pg_net's `net.http_post`. Where the real extensions are installed (a hosted project)
-- this file creates nothing and they do the work. Elsewhere it creates the same surface, and
-- the server's generic scheduler (apps/server/src/jobs/cron-scheduler.ts) runs the jobs and
-- sends the queued requests. Unlike pg_cron, which runs in one database server, the platform
-- may run as several instances: every run of a job is claimed here first, once per scheduled
-- time, so each happens exactly once, and never while the job's previous run is unfinished.
do $migration$
begin
  if to_regnamespace('cron') is null then
    create schema cron;
    -- pg_cron's columns, so a project's SQL reads and writes its jobs the same way.
    create table cron.job (
      jobid bigserial primary key,
      schedule text not null,
      command text not null,
      nodename text not null default 'localhost',
      nodeport integer not null default 5432,
      database text not null default current_database(),
      username text not null default current_user,
      active boolean not null default true,
      jobname text unique
    );
    -- pg_cron's run log, with `slot` (the scheduled time a run is for) as this platform's claim.
    create table cron.job_run_details (
      jobid bigint not null references cron.job (jobid) on delete cascade,
      runid bigserial primary key,
      job_pid integer,
      database text,
      username text,
      command text,
      status text not null,
      return_message text,
      start_time timestamptz,
      end_time timestamptz,
      slot timestamptz not null,
      unique (jobid, slot)
    );
    create index job_run_details_running on cron.job_run_details (jobid) where status = 'running';

    create function cron.schedule(job_name text, schedule text, command text) returns bigint
    language plpgsql as $fn$
    declare id bigint;
    begin
      -- As pg_cron: scheduling a name again replaces that job's schedule and command.
      insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
      on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command,
        username = current_user, active = true
      returning jobid into id;
      return id;
    end
    $fn$;

    create function cron.schedule(schedule text, command text) returns bigint
    language sql as $fn$
      insert into cron.job (schedule, command) values (schedule, command) returning jobid
    $fn$;

    create function cron.unschedule(job_name text) returns boolean
    language plpgsql as $fn$
    begin
      delete from cron.job where jobname = job_name;
      if not found then raise exception 'could not find valid entry for job ''%''', job_name; end if;
      return true;
    end
    $fn$;

    create function cron.unschedule(job_id bigint) returns boolean
    language plpgsql as $fn$
    begin
      delete from cron.job where jobid = job_id;
      if not found then raise exception 'could not find valid entry for job ''%''', job_id; end if;
      return true;
    end
    $fn$;

    -- Claims the run of a job for one scheduled time; answers its runid, or null when another
    -- instance has it or the job's previous run is unfinished (and not older than `stale`,
    -- the time after which a run whose instance died no longer holds the job). The job row's
    -- lock makes two instances' claims of one job take turns.
    create function cron.claim_run(p_jobid bigint, p_slot timestamptz, p_stale interval) returns bigint
    language plpgsql as $fn$
    declare
      j cron.job;
      id bigint;
    begin
      select * into j from cron.job where jobid = p_jobid and active for update;
      if not found then return null; end if;
      if exists (select 1 from cron.job_run_details where jobid = p_jobid and status = 'running'
                   and start_time > now() - p_stale) then
        return null;
      end if;
      insert into cron.job_run_details (jobid, database, username, command, status, start_time, slot)
      values (p_jobid, j.database, j.username, j.command, 'running', clock_timestamp(), p_slot)
      on conflict (jobid, slot) do nothing
      returning runid into id;
      return id;
    end
    $fn$;

    revoke all on schema cron from public;
    revoke all on all functions in schema cron from public;
  end if;

  if to_regnamespace('net') is null then
    create schema net;
    -- pg_net's queue: a request is taken from it by exactly one instance, which sends it and
    -- writes the answer to net._http_response under the same id.
    create table net.http_request_queue (
      id bigserial primary key,
      method text not null,
      url text not null,
      headers jsonb not null,
      body bytea,
      timeout_milliseconds integer not null
    );
    create table net._http_response (
      id bigint primary key,
      status_code integer,
      content_type text,
      headers jsonb,
      content text,
      timed_out boolean,
      error_msg text,
      created timestamptz not null default now()
    );

    create function net.http_post(
      url text,
      body jsonb default '{}'::jsonb,
      params jsonb default '{}'::jsonb,
      headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
      timeout_milliseconds integer default 5000
    ) returns bigint
    language plpgsql as $fn$
    declare
      id bigint;
      -- Query parameters as given: callers pass plain words, not text that needs escaping.
      query text := (select string_agg(format('%s=%s', k, v), '&') from jsonb_each_text(params) as p(k, v));
    begin
      insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
      values ('POST', url || coalesce('?' || query, ''), headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
      returning http_request_queue.id into id;
      return id;
    end
    $fn$;

    revoke all on schema net from public;
    revoke all on all functions in schema net from public;
  end if;

  -- A job that calls an edge function reads the project's address and the service-role key
  -- as a hosted project keeps them, from Vault (vault.decrypted_secrets: project_url,
  -- service_role_key). Where Vault is absent, this view answers them from the settings the
  -- scheduler gives each run, so the job's command is the same on both; outside a run both
  -- are empty and the view has no rows.
  if to_regnamespace('vault') is null then
    create schema vault;
    create view vault.decrypted_secrets as
      select s.name, s.decrypted_secret
        from (values ('project_url', current_setting('platform.url', true)),
                     ('service_role_key', current_setting('platform.service_role_key', true))) as s (name, decrypted_secret)
       where coalesce(s.decrypted_secret, '') <> '';
    revoke all on schema vault from public;
    revoke all on vault.decrypted_secrets from public;
  end if;
end
$migration$;

-- Change capture for postgres_changes. A table produces change events once it is in the
-- supabase_realtime publication (`alter publication supabase_realtime add table …`), as on
-- Supabase. realtime.sync_capture() gives every published table a row trigger and removes it
-- from tables that left; an event trigger runs it after every publication change, and the
-- server runs it at start (for databases where event triggers need a superuser). Tables
-- outside the publication carry no trigger, so their writes cost nothing extra.
--
-- The trigger sends the change in a NOTIFY on channel realtime_changes (delivered at commit to
-- every server instance). A change too large for NOTIFY's 8000 bytes is stored in
-- realtime.changes and the notification carries its id.

create unlogged table if not exists realtime.changes (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  payload jsonb not null
);

create or replace function realtime.capture_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  head jsonb;
  body jsonb;
  change_id bigint;
begin
  head := jsonb_build_object(
    'rel', tg_relid::bigint,
    's', tg_table_schema,
    't', tg_table_name,
    'op', tg_op,
    'ts', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  );
  body := head;
  if tg_op <> 'DELETE' then
    body := body || jsonb_build_object('r', to_jsonb(new));
  end if;
  if tg_op <> 'INSERT' then
    body := body || jsonb_build_object(
      'o', to_jsonb(old),
      'ri', (select c.relreplident::text from pg_catalog.pg_class c where c.oid = tg_relid)
    );
  end if;
  if octet_length(body::text) > 7900 then
    insert into realtime.changes (payload) values (body) returning id into change_id;
    body := head || jsonb_build_object('id', change_id);
  end if;
  perform pg_notify('realtime_changes', body::text);
  return null;
end
$$;

create or replace function realtime.sync_capture() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  rel regclass;
begin
  for rel in
    select c.oid::regclass
    from pg_catalog.pg_publication_tables pt
    join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
    where pt.pubname = 'supabase_realtime'
      and c.relkind = 'r'
      and not exists (
        select 1 from pg_catalog.pg_trigger tg where tg.tgrelid = c.oid and tg.tgname = 'realtime_capture'
      )
  loop
    execute format(
      'create trigger realtime_capture after insert or update or delete on %s '
      'for each row execute function realtime.capture_change()', rel);
  end loop;

  for rel in
    select tg.tgrelid::regclass
    from pg_catalog.pg_trigger tg
    where tg.tgname = 'realtime_capture'
      and not exists (
        select 1
        from pg_catalog.pg_publication_tables pt
        join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
        where pt.pubname = 'supabase_realtime' and c.oid = tg.tgrelid
      )
  loop
    execute format('drop trigger realtime_capture on %s', rel);
  end loop;
end
$$;

create or replace function realtime.follow_publication() returns event_trigger
language plpgsql
as $$
begin
  perform realtime.sync_capture();
end
$$;

do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'realtime_follow_publication') then
    create event trigger realtime_follow_publication on ddl_command_end
      when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION')
      execute function realtime.follow_publication();
  end if;
exception when insufficient_privilege then
  raise notice 'realtime: no event trigger (needs a superuser); the server syncs capture triggers at start';
end
$$;

select realtime.sync_capture();

-- Which published tables someone is subscribed to, per server instance, so the capture
-- trigger does no work for published tables nobody watches. relid 0 stands for every table
-- (subscriptions with a * schema or table). Instances refresh their rows; rows of instances
-- that stopped without cleaning up are swept after a while.

create table if not exists realtime.watched_tables (
  relid oid not null,
  instance_id uuid not null,
  refreshed_at timestamptz not null default now(),
  primary key (relid, instance_id)
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
  if not exists (select 1 from realtime.watched_tables w where w.relid in (tg_relid, 0)) then
    return null;
  end if;
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

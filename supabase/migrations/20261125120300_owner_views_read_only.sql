-- Views that run as their owner are read-only to the API roles (issue 23, decision 0821).
--
-- A view without security_invoker reads and writes its tables with its owner's rights, past
-- their row-level security. The platform's default privileges grant every new relation to
-- anon and authenticated, so a simple (auto-updatable) owner view in the API schemas would
-- let any signed-in user update or insert rows of another community through it. The
-- writable-columns test found one (clubs_with_counts). Such views are for reading: this
-- revokes the write privileges of every existing one, and an event trigger does the same
-- for every view created or replaced later, whichever migration creates it. Views with
-- security_invoker = true keep their grants: the tables' RLS applies to writes through them.

create or replace function app_private.owner_view_write_privileges_off(p_view regclass) returns void
language plpgsql as $$
begin
  if not exists (select 1 from pg_class c where c.oid = p_view and c.relkind = 'v'
                   and coalesce(c.reloptions, '{}') && array['security_invoker=true', 'security_invoker=on']) then
    execute format('revoke insert, update, delete, truncate on %s from anon, authenticated', p_view);
  end if;
end
$$;
revoke execute on function app_private.owner_view_write_privileges_off(regclass) from public, anon, authenticated;

select app_private.owner_view_write_privileges_off(c.oid)
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind = 'v' and n.nspname in ('public', 'storage');

create or replace function app_private.on_view_created() returns event_trigger
language plpgsql as $$
declare r record;
begin
  for r in select * from pg_event_trigger_ddl_commands()
           where object_type = 'view' and schema_name in ('public', 'storage') loop
    perform app_private.owner_view_write_privileges_off(r.objid::regclass);
  end loop;
end
$$;

-- Event triggers need a superuser; the platform's migrations run as one. Elsewhere the sweep
-- above still applies and the writable-columns test catches a later owner view.
do $$
begin
  if (select rolsuper from pg_roles where rolname = current_user) then
    drop event trigger if exists owner_views_read_only;
    create event trigger owner_views_read_only on ddl_command_end
      when tag in ('CREATE VIEW', 'ALTER VIEW')
      execute function app_private.on_view_created();
  end if;
end
$$;

-- Which subscribers of a change may select its row, in one statement (the WALRUS loop):
-- for each {role, claims} of p_subscribers, in order, the role and the JWT claim settings
-- are switched as withRequestContext sets them, and p_probe (one boolean, reading the row's
-- key values from the text[] $1) runs under that role's RLS. Yields the positions of those
-- who see it. The probe is prepared once per session, so its plan is reused while the role
-- stays the same (PostgreSQL re-plans it when the role changes, RLS being role-dependent).
-- The caller runs it inside a request-context transaction (search path, server settings);
-- everything it sets is transaction-local. Only the server may call it: it switches roles.
create or replace function realtime.visible_subscribers(p_probe text, p_key text[], p_subscribers jsonb)
returns setof integer
language plpgsql
volatile
as $$
declare
  subscriber record;
  seen boolean;
  v_name text := 'realtime_probe_' || md5(p_probe);
begin
  if not exists (select 1 from pg_catalog.pg_prepared_statements p where p.name = v_name) then
    execute format('prepare %I (text[]) as %s', v_name, p_probe);
  end if;
  for subscriber in
    select (t.n - 1)::integer as i, t.s ->> 'role' as role, t.s -> 'claims' as claims
    from jsonb_array_elements(p_subscribers) with ordinality as t(s, n)
  loop
    perform set_config('role', subscriber.role, true),
            set_config('request.jwt.claims', subscriber.claims::text, true),
            set_config('request.jwt.claim.sub',
                       case when jsonb_typeof(subscriber.claims -> 'sub') = 'string'
                            then subscriber.claims ->> 'sub' else '' end, true),
            set_config('request.jwt.claim.role', subscriber.role, true);
    execute format('execute %I(%L)', v_name, p_key) into seen;
    if seen then
      return next subscriber.i;
    end if;
  end loop;
  perform set_config('role', 'none', true);
end
$$;

revoke all on function realtime.visible_subscribers(text, text[], jsonb) from public;

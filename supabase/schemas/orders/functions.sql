-- Orders: functions and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE FUNCTION app_private.after_order_status() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    insert into public.order_status_changes (community_id, order_id, from_status, to_status, changed_by)
    values (new.community_id, new.id, case when tg_op = 'UPDATE' then old.status end, new.status, auth.uid());
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_order_status() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_order_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'awaiting_payment' then
      perform app_private.fail('invalid_transition', 'An order starts awaiting payment');
    end if;
  elsif new.status <> old.status then
    if not (old.status, new.status) in (('awaiting_payment', 'sent_to_customer'),
                                        ('sent_to_customer', 'activated'), ('sent_to_customer', 'ordered')) then
      perform app_private.fail('invalid_transition', format('An order cannot go from %s to %s', old.status, new.status));
    end if;
    new.status_changed_at := now();
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_order_write() FROM anon, authenticated, service_role;

CREATE FUNCTION public.change_order_status(p_order_ids uuid[], p_status public.order_status) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_wanted integer := cardinality(array(select distinct unnest(p_order_ids)));
  v_changed integer;
begin
  if p_status is null or v_wanted = 0 then
    perform app_private.fail('invalid_request', 'Choose at least one order and the status to move it to');
  end if;
  update public.orders set status = p_status where id = any (p_order_ids) and status <> p_status;
  get diagnostics v_changed = row_count;
  if (select count(*) from public.orders where id = any (p_order_ids)) < v_wanted then
    perform app_private.fail('order_not_found', 'One of the orders does not exist or is not yours to change');
  end if;
  return v_changed;
end
$$;

REVOKE ALL ON FUNCTION public.change_order_status(p_order_ids uuid[], p_status public.order_status) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.change_order_status(p_order_ids uuid[], p_status public.order_status) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.change_order_status(p_order_ids uuid[], p_status public.order_status) FROM PUBLIC;
GRANT ALL ON FUNCTION public.change_order_status(p_order_ids uuid[], p_status public.order_status) TO authenticated;
GRANT ALL ON FUNCTION public.change_order_status(p_order_ids uuid[], p_status public.order_status) TO service_role;

-- Orders: every status an order takes is recorded with who and when, and several orders
-- can change status in one all-or-nothing call (docs/decisions/0860). The transitions
-- themselves stay where 0703 put them (app_private.before_order_write).

create table public.order_status_changes (
  id bigint generated always as identity primary key,
  community_id uuid not null,
  order_id uuid not null references public.orders (id) on delete cascade,
  -- Null for the order's creation.
  from_status public.order_status,
  to_status public.order_status not null,
  changed_by uuid references auth.users (id) on delete set null,
  changed_at timestamptz not null default now()
);
create index order_status_changes_order_idx on public.order_status_changes (order_id, changed_at, id);

create or replace function app_private.after_order_status() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    insert into public.order_status_changes (community_id, order_id, from_status, to_status, changed_by)
    values (new.community_id, new.id, case when tg_op = 'UPDATE' then old.status end, new.status, auth.uid());
  end if;
  return null;
end
$$;
create trigger orders_after_status after insert or update of status on public.orders
  for each row execute function app_private.after_order_status();

-- Orders that exist already get their current status as the first entry.
insert into public.order_status_changes (community_id, order_id, from_status, to_status, changed_at)
select community_id, id, null, status, status_changed_at from public.orders;

alter table public.order_status_changes enable row level security;
create policy order_status_changes_booking_admin_read on public.order_status_changes for select
  using (community_id = any ((select app_private.area_communities('booking'))::uuid[]));
create policy order_status_changes_own_read on public.order_status_changes for select
  using (exists (select 1 from public.orders o where o.id = order_id));
revoke insert, update, delete on public.order_status_changes from anon, authenticated;

-- Moves every given order to a status, or none of them: one order that may not make the
-- move (or is not the caller's to change) refuses the whole call with its reason.
create or replace function public.change_order_status(p_order_ids uuid[], p_status public.order_status)
returns integer
language plpgsql volatile security invoker set search_path = '' as $$
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
revoke execute on function public.change_order_status(uuid[], public.order_status) from public, anon;
grant execute on function public.change_order_status(uuid[], public.order_status) to authenticated, service_role;

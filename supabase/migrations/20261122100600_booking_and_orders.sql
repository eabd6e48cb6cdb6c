-- Bookable products (rooms, courts, equipment) with availability, capacity, price mode and
-- requirements; bookings with check-in and cancel; orders with enforced transitions.

create type public.booking_availability as enum ('weekly', 'specific_days', 'timeslot');
create type public.booking_price_mode as enum ('none', 'hourly', 'individual');
create type public.booking_status as enum ('booked', 'checked_in', 'cancelled');
create type public.order_status as enum ('awaiting_payment', 'sent_to_customer', 'activated', 'ordered');

create table public.booking_products (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  club_id uuid,
  name text not null check (length(trim(name)) > 0),
  description text,
  image_path text,
  -- The billing account that receives payments for bookings.
  account_id uuid,
  availability public.booking_availability not null default 'weekly',
  -- How many bookings may overlap at any moment.
  capacity integer not null default 1 check (capacity > 0),
  price_mode public.booking_price_mode not null default 'none',
  price_ore integer not null default 0 check (price_ore >= 0),
  currency char(3) not null default 'DKK',
  require_contact_sharing boolean not null default false,
  max_duration_minutes integer check (max_duration_minutes is null or max_duration_minutes > 0),
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  unique (id, community_id),
  foreign key (club_id, community_id) references public.clubs (id, community_id),
  foreign key (account_id, community_id) references public.billing_accounts (id, community_id),
  check ((price_mode = 'none') = (price_ore = 0))
);
create index booking_products_community_idx on public.booking_products (community_id, name) where deleted_at is null;

-- weekly: weekday + opening hours; specific_days: a date + hours; timeslot: fixed slots
-- (weekday or date + exact start and end) that a booking must match exactly.
create table public.product_availability (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  product_id uuid not null,
  weekday smallint check (weekday between 1 and 7),
  on_date date,
  starts_at time not null,
  ends_at time not null,
  foreign key (product_id, community_id) references public.booking_products (id, community_id) on delete cascade,
  check (num_nonnulls(weekday, on_date) = 1),
  check (ends_at > starts_at)
);
create index product_availability_product_idx on public.product_availability (product_id);

create table public.product_required_certificates (
  community_id uuid not null,
  product_id uuid not null,
  kind text not null check (kind ~ '^[a-z0-9_]{2,40}$'),
  primary key (product_id, kind),
  foreign key (product_id, community_id) references public.booking_products (id, community_id) on delete cascade
);

create table public.product_required_groups (
  community_id uuid not null,
  product_id uuid not null,
  group_id uuid not null,
  primary key (product_id, group_id),
  foreign key (product_id, community_id) references public.booking_products (id, community_id) on delete cascade,
  foreign key (group_id, community_id) references public.groups (id, community_id) on delete cascade
);

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  product_id uuid not null,
  member_id uuid not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status public.booking_status not null default 'booked',
  price_ore integer not null default 0 check (price_ore >= 0),
  currency char(3) not null default 'DKK',
  contact_shared boolean not null default false,
  note text,
  checked_in_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  foreign key (product_id, community_id) references public.booking_products (id, community_id),
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade,
  check (ends_at > starts_at)
);
create index bookings_product_time_idx on public.bookings (product_id, starts_at) where status <> 'cancelled';
create index bookings_community_time_idx on public.bookings (community_id, starts_at desc);
create index bookings_member_idx on public.bookings (member_id);

create or replace function app_private.before_booking_update() returns trigger
language plpgsql as $$
begin
  if new.status <> old.status then
    if not (old.status, new.status) in (('booked', 'checked_in'), ('booked', 'cancelled')) then
      perform app_private.fail('invalid_transition', format('A booking cannot go from %s to %s', old.status, new.status));
    end if;
    if new.status = 'checked_in' then new.checked_in_at := coalesce(new.checked_in_at, now()); end if;
    if new.status = 'cancelled' then new.cancelled_at := now(); end if;
  end if;
  return new;
end
$$;
create trigger bookings_before_update before update on public.bookings
  for each row execute function app_private.before_booking_update();

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  product_id uuid,
  product_name text not null check (length(trim(product_name)) > 0),
  member_id uuid not null,
  status public.order_status not null default 'awaiting_payment',
  amount_ore integer not null default 0 check (amount_ore >= 0),
  currency char(3) not null default 'DKK',
  status_changed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  foreign key (product_id, community_id) references public.booking_products (id, community_id),
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade
);
create index orders_community_idx on public.orders (community_id, created_at desc);
create index orders_member_idx on public.orders (member_id);

-- awaiting payment → sent to customer → activated or ordered (docs/decisions/0703).
create or replace function app_private.before_order_write() returns trigger
language plpgsql as $$
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
create trigger orders_before_write before insert or update on public.orders
  for each row execute function app_private.before_order_write();

do $$
declare t text;
begin
  foreach t in array array['booking_products', 'product_availability', 'product_required_certificates',
                           'product_required_groups', 'bookings', 'orders']
  loop
    execute format('alter table public.%I enable row level security', t);
    execute format($p$create policy %I on public.%I for all
      using (community_id = any ((select app_private.area_communities('booking'))::uuid[]))
      with check (community_id = any ((select app_private.area_communities('booking'))::uuid[]))$p$,
      t || '_booking_admin_all', t);
  end loop;
end
$$;
create policy booking_products_member_read on public.booking_products for select
  using (deleted_at is null and community_id = any ((select app_private.member_communities())::uuid[]));
create policy product_availability_member_read on public.product_availability for select
  using (exists (select 1 from public.booking_products p where p.id = product_id));
create policy product_required_certificates_member_read on public.product_required_certificates for select
  using (exists (select 1 from public.booking_products p where p.id = product_id));
create policy product_required_groups_member_read on public.product_required_groups for select
  using (exists (select 1 from public.booking_products p where p.id = product_id));
create policy bookings_own_read on public.bookings for select
  using (member_id = any ((select app_private.my_member_ids())::uuid[]));
create policy orders_own_read on public.orders for select
  using (member_id = any ((select app_private.my_member_ids())::uuid[]));

-- Member side: book a product for a period. The product row lock serialises bookers, so
-- overlapping bookings can never exceed the capacity.
create or replace function public.book_product(p_product_id uuid, p_starts_at timestamptz, p_ends_at timestamptz,
  p_share_contact boolean default false, p_note text default null) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.booking_products;
  tz text;
  v_member uuid;
  l_start timestamp;
  l_end timestamp;
  v_overlap int;
  v_price bigint;
  v_missing text;
  v_id uuid;
begin
  if p_starts_at is null or p_ends_at is null or p_ends_at <= p_starts_at then
    perform app_private.fail('invalid_period', 'A booking ends after it starts');
  end if;
  select * into p from public.booking_products where id = p_product_id and deleted_at is null for update;
  if p.id is null then
    perform app_private.fail('product_not_found', 'No such product');
  end if;
  v_member := app_private.my_member_id(p.community_id);
  if v_member is null then
    perform app_private.fail('not_a_member', 'Only members of the community can book');
  end if;
  if p_starts_at < now() then
    perform app_private.fail('in_the_past', 'A booking cannot start in the past');
  end if;
  if p.max_duration_minutes is not null and p_ends_at - p_starts_at > make_interval(mins => p.max_duration_minutes) then
    perform app_private.fail('too_long', format('At most %s minutes per booking', p.max_duration_minutes));
  end if;
  select time_zone into tz from public.communities where id = p.community_id;
  l_start := p_starts_at at time zone tz;
  l_end := p_ends_at at time zone tz;
  if l_start::date <> l_end::date and l_end <> date_trunc('day', l_end) then
    perform app_private.fail('outside_availability', 'A booking must stay within one day');
  end if;
  if not exists (
    select 1 from public.product_availability a
    where a.product_id = p.id
      and (a.weekday = extract(isodow from l_start) or a.on_date = l_start::date)
      and (case when p.availability = 'timeslot'
                then a.starts_at = l_start::time and a.ends_at = l_end::time
                else a.starts_at <= l_start::time and (l_end::time <= a.ends_at and l_end::time > a.starts_at) end)) then
    perform app_private.fail('outside_availability', 'The product is not available at that time');
  end if;
  select string_agg(r.kind, ', ') into v_missing from public.product_required_certificates r
  where r.product_id = p.id and not app_private.has_certificate(v_member, r.kind, l_start::date);
  if v_missing is not null then
    perform app_private.fail('certificate_missing', format('Required certificate missing or expired: %s', v_missing));
  end if;
  select string_agg(g.title, ', ') into v_missing from public.product_required_groups r
  join public.groups g on g.id = r.group_id
  where r.product_id = p.id and not exists (select 1 from public.group_members gm
                                            where gm.group_id = r.group_id and gm.member_id = v_member and gm.left_at is null);
  if v_missing is not null then
    perform app_private.fail('group_required', format('Only for members of: %s', v_missing));
  end if;
  if p.require_contact_sharing and not coalesce(p_share_contact, false) then
    perform app_private.fail('contact_sharing_required', 'This product requires that you share your contact details');
  end if;
  select count(*) into v_overlap from public.bookings b
  where b.product_id = p.id and b.status <> 'cancelled' and b.starts_at < p_ends_at and b.ends_at > p_starts_at;
  if v_overlap >= p.capacity then
    perform app_private.fail('fully_booked', 'The product is fully booked for that time');
  end if;
  v_price := case p.price_mode
    when 'hourly' then round(p.price_ore * extract(epoch from (p_ends_at - p_starts_at)) / 3600)
    when 'individual' then p.price_ore
    else 0 end;
  insert into public.bookings (community_id, product_id, member_id, starts_at, ends_at, price_ore, currency,
                               contact_shared, note)
  values (p.community_id, p.id, v_member, p_starts_at, p_ends_at, v_price, p.currency,
          coalesce(p_share_contact, false), p_note)
  returning id into v_id;
  return v_id;
end
$$;

create or replace function public.cancel_booking(p_booking_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare b public.bookings;
begin
  select * into b from public.bookings where id = p_booking_id for update;
  if b.id is null or not (b.member_id = any (app_private.my_member_ids()) or app_private.has_area(b.community_id, 'booking')) then
    perform app_private.fail('booking_not_found', 'No such booking');
  end if;
  if b.status <> 'booked' then
    perform app_private.fail('invalid_transition', format('A %s booking cannot be cancelled', b.status));
  end if;
  if b.starts_at < now() and not app_private.has_area(b.community_id, 'booking') then
    perform app_private.fail('booking_started', 'A booking that has started cannot be cancelled');
  end if;
  update public.bookings set status = 'cancelled' where id = b.id;
end
$$;
revoke execute on function public.book_product(uuid, timestamptz, timestamptz, boolean, text),
  public.cancel_booking(uuid) from public, anon;

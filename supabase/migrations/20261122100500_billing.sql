-- Billing: plans, payment terms, billing accounts, invoices with lines (VAT per line,
-- exempt kontingent vs taxable sales), gap-free numbering per community, payments.

create type public.billing_interval as enum ('one_time', 'monthly', 'quarterly', 'annually');
create type public.invoice_status as enum ('draft', 'issued', 'paid', 'void');
create type public.payment_method as enum ('mobilepay', 'betalingsservice', 'card', 'bank_transfer', 'cash');

create table public.billing_plans (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  name text not null check (length(trim(name)) > 0),
  description text,
  price_ore integer not null check (price_ore >= 0),
  currency char(3) not null default 'DKK',
  billing_interval public.billing_interval not null default 'annually',
  -- VAT in basis points (2500 = 25 %); 0 with vat_exempt for kontingent (momsloven §13).
  vat_rate_bp integer not null default 0 check (vat_rate_bp between 0 and 10000),
  vat_exempt boolean not null default true,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  unique (id, community_id)
);

create table public.payment_terms (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  name text not null check (length(trim(name)) > 0),
  days_due integer not null default 14 check (days_due between 0 and 365),
  is_default boolean not null default false,
  unique (id, community_id)
);
create unique index payment_terms_default_key on public.payment_terms (community_id) where is_default;

create table public.billing_accounts (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  name text not null check (length(trim(name)) > 0),
  kind text not null default 'member' check (kind in ('member', 'organisation', 'public_body')),
  member_id uuid,
  email text check (email is null or email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  cvr text check (cvr is null or cvr ~ '^[0-9]{8}$'),
  -- EAN location number for invoicing public bodies through NemHandel.
  ean text check (ean is null or ean ~ '^[0-9]{13}$'),
  street text,
  postal_code text,
  city text,
  plan_id uuid,
  payment_terms_id uuid,
  created_at timestamptz not null default now(),
  unique (id, community_id),
  foreign key (member_id, community_id) references public.members (id, community_id) on delete set null (member_id),
  foreign key (plan_id, community_id) references public.billing_plans (id, community_id),
  foreign key (payment_terms_id, community_id) references public.payment_terms (id, community_id)
);
create index billing_accounts_community_idx on public.billing_accounts (community_id, name);

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  account_id uuid not null,
  -- Assigned when the invoice is issued, gap-free per community.
  number bigint,
  status public.invoice_status not null default 'draft',
  currency char(3) not null default 'DKK',
  issued_on date,
  due_on date,
  subtotal_ore bigint not null default 0,
  vat_ore bigint not null default 0,
  total_ore bigint not null default 0,
  paid_ore bigint not null default 0,
  note text,
  created_at timestamptz not null default now(),
  unique (id, community_id),
  unique (community_id, number),
  foreign key (account_id, community_id) references public.billing_accounts (id, community_id)
);
create index invoices_community_idx on public.invoices (community_id, created_at desc);
create index invoices_account_idx on public.invoices (account_id);

create table public.invoice_lines (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  invoice_id uuid not null,
  description text not null check (length(trim(description)) > 0),
  quantity integer not null default 1 check (quantity > 0),
  unit_price_ore integer not null check (unit_price_ore >= 0),
  vat_rate_bp integer not null default 0 check (vat_rate_bp between 0 and 10000),
  vat_exempt boolean not null default true,
  net_ore bigint generated always as (quantity::bigint * unit_price_ore) stored,
  vat_ore bigint generated always as (
    case when vat_exempt then 0 else round(quantity::numeric * unit_price_ore * vat_rate_bp / 10000)::bigint end
  ) stored,
  sort_order integer not null default 0,
  foreign key (invoice_id, community_id) references public.invoices (id, community_id) on delete cascade,
  check (not vat_exempt or vat_rate_bp = 0)
);
create index invoice_lines_invoice_idx on public.invoice_lines (invoice_id);

create table public.invoice_payments (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  invoice_id uuid not null,
  amount_ore bigint not null check (amount_ore > 0),
  method public.payment_method not null,
  paid_at timestamptz not null default now(),
  reference text,
  foreign key (invoice_id, community_id) references public.invoices (id, community_id) on delete cascade
);
create index invoice_payments_invoice_idx on public.invoice_payments (invoice_id);

-- Totals follow the lines; lines of an issued invoice are frozen. Statement-level triggers
-- with transition tables, so a bulk insert of lines recomputes each invoice once.
create or replace function app_private.after_invoice_lines_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  create temporary table if not exists pg_temp.touched_invoices (id uuid) on commit drop;
  delete from pg_temp.touched_invoices;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into pg_temp.touched_invoices select distinct invoice_id from new_lines;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    insert into pg_temp.touched_invoices select distinct invoice_id from old_lines;
  end if;
  if exists (select 1 from public.invoices i join pg_temp.touched_invoices t on t.id = i.id where i.status <> 'draft') then
    perform app_private.fail('invoice_not_draft', 'Only draft invoices can be edited');
  end if;
  update public.invoices i set subtotal_ore = s.net, vat_ore = s.vat, total_ore = s.net + s.vat
  from (select t.id, coalesce(sum(l.net_ore), 0) as net, coalesce(sum(l.vat_ore), 0) as vat
        from (select distinct id from pg_temp.touched_invoices) t
        left join public.invoice_lines l on l.invoice_id = t.id group by t.id) s
  where i.id = s.id;
  return null;
end
$$;
create trigger invoice_lines_after_insert after insert on public.invoice_lines
  referencing new table as new_lines for each statement execute function app_private.after_invoice_lines_change();
create trigger invoice_lines_after_update after update on public.invoice_lines
  referencing old table as old_lines new table as new_lines
  for each statement execute function app_private.after_invoice_lines_change();
create trigger invoice_lines_after_delete after delete on public.invoice_lines
  referencing old table as old_lines for each statement execute function app_private.after_invoice_lines_change();

create or replace function app_private.before_invoice_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare v_days int;
begin
  if tg_op = 'INSERT' then
    if new.status <> 'draft' then
      perform app_private.fail('invalid_transition', 'An invoice starts as a draft');
    end if;
    new.number := null;
    return new;
  end if;
  if new.number is distinct from old.number and not app_private.is_trusted() then
    perform app_private.fail('read_only_field', 'Invoice numbers are assigned when the invoice is issued');
  end if;
  if new.status <> old.status then
    if not (old.status, new.status) in (('draft', 'issued'), ('draft', 'void'), ('issued', 'paid'), ('issued', 'void')) then
      perform app_private.fail('invalid_transition', format('An invoice cannot go from %s to %s', old.status, new.status));
    end if;
    if new.status = 'issued' then
      if old.total_ore <= 0 then
        perform app_private.fail('invoice_empty', 'An invoice needs at least one line with an amount');
      end if;
      -- Bulk loads (trusted) may number their invoices themselves and bump the counter.
      if new.number is null or not app_private.is_trusted() then
        new.number := app_private.next_number(new.community_id, 'invoice');
      end if;
      new.issued_on := coalesce(new.issued_on, current_date);
      select coalesce(t.days_due, (select days_due from public.payment_terms d
                                   where d.community_id = new.community_id and d.is_default), 14)
        into v_days
        from public.billing_accounts a left join public.payment_terms t on t.id = a.payment_terms_id
       where a.id = new.account_id;
      new.due_on := coalesce(new.due_on, new.issued_on + coalesce(v_days, 14));
    end if;
  elsif old.status <> 'draft' and (new.subtotal_ore, new.vat_ore, new.total_ore, new.account_id, new.currency)
        is distinct from (old.subtotal_ore, old.vat_ore, old.total_ore, old.account_id, old.currency) then
    perform app_private.fail('invoice_not_draft', 'Only draft invoices can be edited');
  end if;
  return new;
end
$$;
create trigger invoices_before_write before insert or update on public.invoices
  for each row execute function app_private.before_invoice_write();

-- A payment adds to paid_ore; an issued invoice paid in full becomes paid.
create or replace function app_private.after_invoice_payment() returns trigger
language plpgsql security definer set search_path = '' as $$
declare i public.invoices;
begin
  select * into i from public.invoices where id = new.invoice_id for update;
  if i.status <> 'issued' then
    perform app_private.fail('invoice_not_payable', 'Payments can be recorded on issued invoices only');
  end if;
  update public.invoices set paid_ore = paid_ore + new.amount_ore,
    status = case when paid_ore + new.amount_ore >= total_ore then 'paid'::public.invoice_status else status end
  where id = i.id;
  return null;
end
$$;
create trigger invoice_payments_after_insert after insert on public.invoice_payments
  for each row execute function app_private.after_invoice_payment();

do $$
declare t text;
begin
  foreach t in array array['billing_plans', 'payment_terms', 'billing_accounts', 'invoices', 'invoice_lines',
                           'invoice_payments']
  loop
    execute format('alter table public.%I enable row level security', t);
    execute format($p$create policy %I on public.%I for all
      using (community_id = any ((select app_private.area_communities('billing'))::uuid[]))
      with check (community_id = any ((select app_private.area_communities('billing'))::uuid[]))$p$,
      t || '_billing_admin_all', t);
  end loop;
end
$$;
-- Payments are a ledger: recorded, never edited.
revoke update, delete on public.invoice_payments from anon, authenticated;

-- A member reads the invoices of their own billing account.
create policy invoices_own_read on public.invoices for select
  using (exists (select 1 from public.billing_accounts a
                 where a.id = account_id and a.member_id = any ((select app_private.my_member_ids())::uuid[])));
create policy invoice_lines_own_read on public.invoice_lines for select
  using (exists (select 1 from public.invoices i where i.id = invoice_id));
create policy billing_plans_member_read on public.billing_plans for select
  using (active and community_id = any ((select app_private.member_communities())::uuid[]));

-- Reminders (rykkere) by the payment terms' schedule, within renteloven §9b: at most three
-- with a fee, at least ten days apart, at most 100 kr each (docs/decisions/0863). A reminder's
-- fee is added to what the invoice owes (fees_ore); the invoice's own amounts stay as issued.

create table public.invoice_reminders (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  invoice_id uuid not null,
  seq smallint not null check (seq between 1 and 3),
  -- Filled from the terms when not given.
  fee_ore integer not null check (fee_ore between 0 and 10000),
  reminded_on date not null default current_date,
  emailed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (invoice_id, seq),
  foreign key (invoice_id, community_id) references public.invoices (id, community_id) on delete cascade
);
create index invoice_reminders_community_idx on public.invoice_reminders (community_id, reminded_on desc);
create index invoice_reminders_unsent_idx on public.invoice_reminders (community_id) where emailed_at is null;

-- The terms an invoice follows: its account's, else the community default.
create or replace function app_private.invoice_terms(p_invoice_id uuid) returns public.payment_terms
language sql stable security definer set search_path = '' as $$
  select t.* from public.invoices i
  join public.billing_accounts a on a.id = i.account_id
  join public.payment_terms t on t.id = a.payment_terms_id or (a.payment_terms_id is null and t.community_id = i.community_id and t.is_default)
  where i.id = p_invoice_id
  order by (t.id = a.payment_terms_id) desc nulls last
  limit 1
$$;

create or replace function app_private.before_invoice_reminder() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  i public.invoices;
  t public.payment_terms;
  v_last date;
  v_count integer;
begin
  select * into i from public.invoices where id = new.invoice_id for update;
  if i.kind <> 'invoice' or i.status <> 'issued' then
    perform app_private.fail('not_remindable', 'Only issued, unpaid invoices get reminders');
  end if;
  t := app_private.invoice_terms(i.id);
  select count(*), max(reminded_on) into v_count, v_last from public.invoice_reminders where invoice_id = i.id;
  new.seq := v_count + 1;
  new.reminded_on := coalesce(new.reminded_on, current_date);
  if new.seq > least(3, coalesce(cardinality(t.reminder_days), 0)) then
    perform app_private.fail('no_more_reminders', 'The payment terms allow no further reminder for this invoice');
  end if;
  if new.reminded_on < i.due_on + t.reminder_days[new.seq] then
    perform app_private.fail('reminder_too_early', format('Reminder %s is due on %s by the payment terms',
                             new.seq, i.due_on + t.reminder_days[new.seq]));
  end if;
  if v_last is not null and new.reminded_on < v_last + 10 then
    perform app_private.fail('reminders_too_close', 'Reminders are sent at least ten days apart (renteloven §9b)');
  end if;
  new.fee_ore := coalesce(new.fee_ore, t.reminder_fee_ore);
  if new.fee_ore > t.reminder_fee_ore then
    perform app_private.fail('reminder_fee_too_high', 'A reminder fee is at most what the payment terms set (and at most 100 kr)');
  end if;
  return new;
end
$$;
create trigger invoice_reminders_before_insert before insert on public.invoice_reminders
  for each row execute function app_private.before_invoice_reminder();

create or replace function app_private.after_invoice_reminder() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.fee_ore > 0 then
    update public.invoices set fees_ore = fees_ore + new.fee_ore where id = new.invoice_id;
  end if;
  return null;
end
$$;
create trigger invoice_reminders_after_insert after insert on public.invoice_reminders
  for each row execute function app_private.after_invoice_reminder();

create or replace function app_private.before_invoice_reminder_update() returns trigger
language plpgsql as $$
begin
  if (new.invoice_id, new.seq, new.fee_ore, new.reminded_on) is distinct from (old.invoice_id, old.seq, old.fee_ore, old.reminded_on) then
    perform app_private.fail('read_only_field', 'A reminder is a record: only its sending is noted');
  end if;
  return new;
end
$$;
create trigger invoice_reminders_before_update before update on public.invoice_reminders
  for each row execute function app_private.before_invoice_reminder_update();

alter table public.invoice_reminders enable row level security;
create policy invoice_reminders_billing_admin_read on public.invoice_reminders for select
  using (community_id = any ((select app_private.area_communities('billing'))::uuid[]));
create policy invoice_reminders_billing_admin_insert on public.invoice_reminders for insert
  with check (community_id = any ((select app_private.area_communities('billing'))::uuid[]));
revoke update, delete on public.invoice_reminders from anon, authenticated;

-- Creates every reminder that is due on a day by each invoice's terms; returns them. Run
-- by the server's daily job for every community, or by a billing admin.
create or replace function public.create_due_reminders(p_community_id uuid, p_day date default current_date)
returns table (reminder_id uuid, invoice_id uuid, invoice_number bigint, seq smallint, fee_ore integer)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare r record;
begin
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'Reminders are made by billing admins of the community');
  end if;
  if p_day is null then
    perform app_private.fail('invalid_day', 'Give the day to remind on');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('create_due_reminders:' || p_community_id::text, 0));
  for r in
    select i.id, i.number from public.invoices i
    cross join lateral app_private.invoice_terms(i.id) t
    where i.community_id = p_community_id and i.kind = 'invoice' and i.status = 'issued' and i.due_on < p_day
      and (select count(*) from public.invoice_reminders x where x.invoice_id = i.id) < least(3, cardinality(t.reminder_days))
      and i.due_on + t.reminder_days[(select count(*) from public.invoice_reminders x where x.invoice_id = i.id)::int + 1] <= p_day
      and not exists (select 1 from public.invoice_reminders x where x.invoice_id = i.id and x.reminded_on > p_day - 10)
    order by i.number
  loop
    insert into public.invoice_reminders (community_id, invoice_id, reminded_on, fee_ore)
    values (p_community_id, r.id, p_day, null)
    returning id, invoice_id, r.number, seq, fee_ore into reminder_id, invoice_id, invoice_number, seq, fee_ore;
    return next;
  end loop;
end
$$;
revoke execute on function public.create_due_reminders(uuid, date) from public, anon;
grant execute on function public.create_due_reminders(uuid, date) to authenticated, service_role;

-- The sending of a reminder (or an invoice) by e-mail is noted by the function that sent it.
create or replace function public.mark_invoice_emailed(p_invoice_id uuid, p_reminder_id uuid default null) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform app_private.billing_invoice(p_invoice_id);
  if p_reminder_id is null then
    update public.invoices set emailed_at = now() where id = p_invoice_id;
  else
    update public.invoice_reminders set emailed_at = now() where id = p_reminder_id and invoice_id = p_invoice_id;
  end if;
end
$$;
revoke execute on function public.mark_invoice_emailed(uuid, uuid) from public, anon;
grant execute on function public.mark_invoice_emailed(uuid, uuid) to authenticated, service_role;

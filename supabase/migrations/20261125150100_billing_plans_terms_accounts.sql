-- Billing set-up (docs/decisions/0861): plans with a VAT class, terms and what they grant,
-- archived instead of deleted once used; payment terms with a reminder schedule inside
-- renteloven §9b; accounts for members, households, organisations (CVR) and public bodies
-- (EAN) with the language their documents are written in; the club's payment details.
-- The enum values added here are used from the next migration on (a new enum value can
-- only be used once its transaction has committed).

alter type public.invoice_status add value if not exists 'credited';
alter type public.payment_method add value if not exists 'account_credit';

-- Plans ------------------------------------------------------------------------------------
alter table public.billing_plans
  add column payment_terms_id uuid,
  add column grants text not null default 'membership' check (grants in ('membership', 'group', 'nothing')),
  add column group_id uuid,
  add foreign key (payment_terms_id, community_id) references public.payment_terms (id, community_id),
  add foreign key (group_id, community_id) references public.groups (id, community_id);
create index billing_plans_community_idx on public.billing_plans (community_id, name);

create or replace function app_private.before_billing_plan_write() returns trigger
language plpgsql as $$
begin
  new.name := trim(new.name);
  if new.price_ore < 0 then
    perform app_private.fail('negative_amount', 'A plan''s price cannot be negative');
  end if;
  -- Denmark: kontingent is exempt (momsloven §13), anything taxable carries 25 %.
  if not ((new.vat_exempt and new.vat_rate_bp = 0) or (not new.vat_exempt and new.vat_rate_bp = 2500)) then
    perform app_private.fail('invalid_vat_class', 'A plan is either VAT exempt at 0 % or taxable at 25 %');
  end if;
  if (new.grants = 'group') <> (new.group_id is not null) then
    perform app_private.fail('invalid_grant', 'A plan that grants a group names that group, and only such a plan does');
  end if;
  return new;
end
$$;
create trigger billing_plans_before_write before insert or update on public.billing_plans
  for each row execute function app_private.before_billing_plan_write();

-- Terms ------------------------------------------------------------------------------------
-- reminder_days: for each reminder, the days after the due date it is sent on.
alter table public.payment_terms
  add column reminder_days integer[] not null default '{}',
  add column reminder_fee_ore integer not null default 0 check (reminder_fee_ore between 0 and 10000),
  add column created_at timestamptz not null default now();

create or replace function app_private.before_payment_terms_write() returns trigger
language plpgsql as $$
declare i integer;
begin
  new.name := trim(new.name);
  if new.days_due is null or new.days_due < 0 or new.days_due > 365 then
    perform app_private.fail('invalid_days_due', 'Days until due is a whole number from 0 to 365');
  end if;
  if cardinality(new.reminder_days) > 3 then
    perform app_private.fail('too_many_reminders', 'At most three reminders may carry a fee (renteloven §9b)');
  end if;
  if new.reminder_fee_ore < 0 or new.reminder_fee_ore > 10000 then
    perform app_private.fail('reminder_fee_too_high', 'A reminder fee is at most 100 kr (renteloven §9b)');
  end if;
  for i in 1 .. coalesce(cardinality(new.reminder_days), 0) loop
    if new.reminder_days[i] is null or new.reminder_days[i] < 1 then
      perform app_private.fail('invalid_reminder_schedule', 'A reminder is sent at the earliest one day after the due date');
    end if;
    if i > 1 and new.reminder_days[i] - new.reminder_days[i - 1] < 10 then
      perform app_private.fail('reminders_too_close', 'Reminders are sent at least ten days apart (renteloven §9b)');
    end if;
  end loop;
  return new;
end
$$;
create trigger payment_terms_before_write before insert or update on public.payment_terms
  for each row execute function app_private.before_payment_terms_write();

-- Makes one set of terms the community's default, in one step.
create or replace function public.make_default_payment_terms(p_terms_id uuid) returns void
language plpgsql volatile security invoker set search_path = '' as $$
declare v_community uuid;
begin
  select community_id into v_community from public.payment_terms where id = p_terms_id;
  if v_community is null then
    perform app_private.fail('terms_not_found', 'These payment terms do not exist or are not yours to change');
  end if;
  update public.payment_terms set is_default = false where community_id = v_community and is_default and id <> p_terms_id;
  update public.payment_terms set is_default = true where id = p_terms_id;
end
$$;
revoke execute on function public.make_default_payment_terms(uuid) from public, anon;
grant execute on function public.make_default_payment_terms(uuid) to authenticated, service_role;

-- Accounts ---------------------------------------------------------------------------------
alter table public.billing_accounts drop constraint if exists billing_accounts_kind_check;
alter table public.billing_accounts
  add constraint billing_accounts_kind_check check (kind in ('member', 'household', 'organisation', 'public_body')),
  add column language text not null default 'da' check (language in ('da', 'en')),
  add column note text;

create or replace function app_private.before_billing_account_write() returns trigger
language plpgsql as $$
begin
  new.name := trim(new.name);
  new.cvr := nullif(regexp_replace(coalesce(new.cvr, ''), '[\s-]', '', 'g'), '');
  new.ean := nullif(regexp_replace(coalesce(new.ean, ''), '[\s-]', '', 'g'), '');
  new.email := nullif(trim(coalesce(new.email, '')), '');
  if new.cvr is not null and new.cvr !~ '^[0-9]{8}$' then
    perform app_private.fail('invalid_cvr', 'A CVR number has exactly 8 digits');
  end if;
  if new.ean is not null and new.ean !~ '^[0-9]{13}$' then
    perform app_private.fail('invalid_ean', 'An EAN location number has exactly 13 digits');
  end if;
  if new.kind = 'organisation' and new.cvr is null then
    perform app_private.fail('cvr_required', 'An organisation is invoiced with its CVR number (8 digits)');
  end if;
  if new.kind = 'public_body' and new.ean is null then
    perform app_private.fail('ean_required', 'A public body is invoiced with its EAN location number (13 digits)');
  end if;
  if new.email is not null and new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    perform app_private.fail('invalid_email', 'The e-mail address is not valid');
  end if;
  return new;
end
$$;
create trigger billing_accounts_before_write before insert or update on public.billing_accounts
  for each row execute function app_private.before_billing_account_write();

-- The club's payment details, printed on invoices, and the ledger accounts of the export.
create table public.billing_settings (
  community_id uuid primary key references public.communities (id) on delete cascade,
  bank_reg_no text check (bank_reg_no is null or bank_reg_no ~ '^[0-9]{4}$'),
  bank_account_no text check (bank_account_no is null or bank_account_no ~ '^[0-9]{6,10}$'),
  mobilepay_number text check (mobilepay_number is null or mobilepay_number ~ '^[0-9]{4,8}$'),
  invoice_email text check (invoice_email is null or invoice_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  -- Ledger accounts for the accounting export (kontoplan numbers of the club's system).
  debtor_account text not null default '5600',
  revenue_exempt_account text not null default '1000',
  revenue_taxable_account text not null default '1010',
  vat_account text not null default '7700',
  fee_income_account text not null default '1090',
  bank_account text not null default '5820',
  updated_at timestamptz not null default now()
);
alter table public.billing_settings enable row level security;
create policy billing_settings_billing_admin_all on public.billing_settings for all
  using (community_id = any ((select app_private.area_communities('billing'))::uuid[]))
  with check (community_id = any ((select app_private.area_communities('billing'))::uuid[]));

-- Volunteer fee credit, "klubhjælp" (docs/decisions/0864): a rule such as "500 kr off the next
-- membership fee for at least 5 checked-in volunteer hours in the season". Hours come from
-- volunteer check-in and check-out times. A member earns a rule's credit once; it is applied
-- as a credit line on the member's next fee invoice (a group fee run, or an invoice with a
-- plan line), never more than that invoice's amount, and the hours behind it can be listed.

create table public.volunteer_credit_rules (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  name text not null check (length(trim(name)) > 0),
  min_hours numeric(6, 2) not null check (min_hours > 0),
  credit_ore integer not null check (credit_ore > 0),
  season_start date not null,
  season_end date not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  unique (id, community_id),
  check (season_end >= season_start)
);

create table public.volunteer_credits (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  rule_id uuid not null,
  member_id uuid not null,
  hours numeric(8, 2) not null,
  credit_ore integer not null check (credit_ore > 0),
  -- The fee invoice the credit went on, and how much of it was used there.
  invoice_id uuid,
  applied_ore integer,
  earned_at timestamptz not null default now(),
  unique (rule_id, member_id),
  foreign key (rule_id, community_id) references public.volunteer_credit_rules (id, community_id) on delete cascade,
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade,
  -- Deleting the draft it was on makes the credit available again.
  foreign key (invoice_id, community_id) references public.invoices (id, community_id) on delete set null (invoice_id)
);
create index volunteer_credits_member_idx on public.volunteer_credits (member_id) where invoice_id is null;

alter table public.volunteer_credit_rules enable row level security;
alter table public.volunteer_credits enable row level security;
create policy volunteer_credit_rules_billing_admin_all on public.volunteer_credit_rules for all
  using (community_id = any ((select app_private.area_communities('billing'))::uuid[]))
  with check (community_id = any ((select app_private.area_communities('billing'))::uuid[]));
create policy volunteer_credits_billing_admin_read on public.volunteer_credits for select
  using (community_id = any ((select app_private.area_communities('billing'))::uuid[]));
create policy volunteer_credits_own_read on public.volunteer_credits for select
  using (member_id = any ((select app_private.my_member_ids())::uuid[]));
revoke insert, update, delete on public.volunteer_credits from anon, authenticated;

-- A member's checked-in volunteer hours whose check-in falls in the season (community time).
create or replace function app_private.volunteer_hours(p_member_id uuid, p_from date, p_to date) returns numeric
language sql stable security definer set search_path = '' as $$
  select coalesce(round(sum(extract(epoch from (s.checked_out_at - s.checked_in_at))) / 3600, 2), 0)
  from public.volunteer_signups s
  join public.communities c on c.id = s.community_id
  where s.member_id = p_member_id and s.status = 'signed_up'
    and s.checked_in_at is not null and s.checked_out_at is not null
    and (s.checked_in_at at time zone c.time_zone)::date between p_from and p_to
$$;

-- Puts the member's available volunteer credits on a draft invoice as credit lines, after
-- earning what the community's active rules now give. Returns the amount credited.
create or replace function app_private.attach_volunteer_credits(p_invoice_id uuid) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  i public.invoices;
  v_member uuid;
  v_language text;
  v_hours numeric;
  v_room bigint;
  v_amount bigint;
  v_total bigint := 0;
  r record;
begin
  select * into i from public.invoices where id = p_invoice_id for update;
  select a.member_id, a.language into v_member, v_language from public.billing_accounts a where a.id = i.account_id;
  if i.status <> 'draft' or i.kind <> 'invoice' or v_member is null then
    return 0;
  end if;
  for r in select * from public.volunteer_credit_rules vr
           where vr.community_id = i.community_id and vr.active
             and not exists (select 1 from public.volunteer_credits vc where vc.rule_id = vr.id and vc.member_id = v_member) loop
    v_hours := app_private.volunteer_hours(v_member, r.season_start, r.season_end);
    if v_hours >= r.min_hours then
      insert into public.volunteer_credits (community_id, rule_id, member_id, hours, credit_ore)
      values (i.community_id, r.id, v_member, v_hours, r.credit_ore);
    end if;
  end loop;
  for r in select vc.*, vr.name from public.volunteer_credits vc join public.volunteer_credit_rules vr on vr.id = vc.rule_id
           where vc.member_id = v_member and vc.invoice_id is null order by vc.earned_at, vc.id for update of vc loop
    select coalesce(sum(l.net_ore), 0) into v_room from public.invoice_lines l where l.invoice_id = i.id;
    v_amount := least(r.credit_ore, v_room);
    exit when v_amount <= 0;
    insert into public.invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore, vat_rate_bp,
                                      vat_exempt, sort_order, line_kind)
    values (i.community_id, i.id,
            case when v_language = 'en'
                 then format('Volunteer credit, %s: %s hours', r.name, to_char(r.hours, 'FM9990.0'))
                 else format('Klubhjælp, %s: %s timer', r.name, replace(to_char(r.hours, 'FM9990.0'), '.', ',')) end,
            1, v_amount, 0, true, 1000, 'credit');
    update public.volunteer_credits set invoice_id = i.id, applied_ore = v_amount where id = r.id;
    v_total := v_total + v_amount;
  end loop;
  return v_total;
end
$$;
revoke execute on function app_private.attach_volunteer_credits(uuid) from public, anon, authenticated;

-- A group fee run's invoices are fee invoices: they get the members' credits before issuing.
create or replace function app_private.after_group_fee_charges() returns trigger
language plpgsql security definer set search_path = '' as $$
declare v_invoice uuid;
begin
  for v_invoice in select distinct invoice_id from new_charges loop
    perform app_private.attach_volunteer_credits(v_invoice);
  end loop;
  return null;
end
$$;
create trigger group_fee_charges_after_insert after insert on public.group_fee_charges
  referencing new table as new_charges for each statement execute function app_private.after_group_fee_charges();

-- For a billing admin: applies the credits to a draft fee invoice (one with a plan line).
create or replace function public.apply_volunteer_credits(p_invoice_id uuid) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform app_private.billing_invoice(p_invoice_id);
  if not exists (select 1 from public.invoice_lines l where l.invoice_id = p_invoice_id and l.plan_id is not null)
     and not exists (select 1 from public.group_fee_charges c where c.invoice_id = p_invoice_id) then
    return 0;
  end if;
  return app_private.attach_volunteer_credits(p_invoice_id);
end
$$;
revoke execute on function public.apply_volunteer_credits(uuid) from public, anon;
grant execute on function public.apply_volunteer_credits(uuid) to authenticated, service_role;

-- Issues a draft: a fee invoice gets the member's volunteer credits first. Returns the number.
create or replace function public.issue_invoice(p_invoice_id uuid) returns bigint
language plpgsql volatile security invoker set search_path = '' as $$
declare v_number bigint;
begin
  if not exists (select 1 from public.invoices where id = p_invoice_id) then
    perform app_private.fail('invoice_not_found', 'No such invoice among yours');
  end if;
  perform public.apply_volunteer_credits(p_invoice_id);
  update public.invoices set status = 'issued' where id = p_invoice_id and status = 'draft' returning number into v_number;
  if v_number is null then
    perform app_private.fail('invalid_transition', 'Only a draft invoice can be issued');
  end if;
  return v_number;
end
$$;
revoke execute on function public.issue_invoice(uuid) from public, anon;
grant execute on function public.issue_invoice(uuid) to authenticated, service_role;

-- The rule, if the caller is a billing admin of its community; otherwise rule_not_found.
create or replace function app_private.billing_credit_rule(p_rule_id uuid) returns public.volunteer_credit_rules
language plpgsql stable security definer set search_path = '' as $$
declare r public.volunteer_credit_rules;
begin
  select * into r from public.volunteer_credit_rules where id = p_rule_id;
  if r.id is null or not app_private.has_area(r.community_id, 'billing') then
    perform app_private.fail('rule_not_found', 'No such volunteer credit rule among yours');
  end if;
  return r;
end
$$;

-- Who has how many hours under a rule, and whether the credit is earned and where it went.
create or replace function public.volunteer_credit_standing(p_rule_id uuid)
returns table (member_id uuid, full_name text, hours numeric, qualifies boolean, credit_id uuid, invoice_id uuid,
               applied_ore integer)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare r public.volunteer_credit_rules := app_private.billing_credit_rule(p_rule_id);
begin
  return query
  select m.id, m.full_name, h.hours, h.hours >= r.min_hours, vc.id, vc.invoice_id, vc.applied_ore
  from public.members m
  cross join lateral (select app_private.volunteer_hours(m.id, r.season_start, r.season_end) as hours) h
  left join public.volunteer_credits vc on vc.rule_id = r.id and vc.member_id = m.id
  where m.community_id = r.community_id
    and exists (select 1 from public.volunteer_signups s where s.member_id = m.id and s.checked_out_at is not null)
    and h.hours > 0
  order by h.hours desc, m.full_name;
end
$$;
revoke execute on function public.volunteer_credit_standing(uuid) from public, anon;
grant execute on function public.volunteer_credit_standing(uuid) to authenticated, service_role;

-- The check-ins behind a member's hours under a rule.
create or replace function public.volunteer_credit_hours(p_rule_id uuid, p_member_id uuid)
returns table (signup_id uuid, event_title text, job_title text, checked_in_at timestamptz, checked_out_at timestamptz,
               hours numeric)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare r public.volunteer_credit_rules := app_private.billing_credit_rule(p_rule_id);
begin
  return query
  select s.id, e.title, j.title, s.checked_in_at, s.checked_out_at,
         round(extract(epoch from (s.checked_out_at - s.checked_in_at)) / 3600, 2)
  from public.volunteer_signups s
  join public.volunteer_jobs j on j.id = s.job_id
  join public.events e on e.id = j.event_id
  join public.communities c on c.id = s.community_id
  where s.member_id = p_member_id and s.community_id = r.community_id and s.status = 'signed_up'
    and s.checked_in_at is not null and s.checked_out_at is not null
    and (s.checked_in_at at time zone c.time_zone)::date between r.season_start and r.season_end
  order by s.checked_in_at;
end
$$;
revoke execute on function public.volunteer_credit_hours(uuid, uuid) from public, anon;
grant execute on function public.volunteer_credit_hours(uuid, uuid) to authenticated, service_role;

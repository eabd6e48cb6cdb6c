-- The community's fee run from the billing home (docs/decisions/0911): the screen shows what a
-- run for a day would charge (preview_group_fee_totals: charges, members, amount, and the
-- volunteer credit those members will get), then runs it in batches of members as the
-- group page does (0881), so a large community stays inside the data service's statement time.
-- The credit lines themselves come from the existing charge trigger (decision 0864).
-- invoice_group_fees keeps its two-argument call; p_limit is optional.

drop function public.invoice_group_fees(uuid, date);
create function public.invoice_group_fees(p_community_id uuid, p_day date default current_date,
  p_limit integer default null)
returns table (invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
language sql volatile security definer set search_path = '' as $$
  select * from app_private.run_group_fees(p_community_id, p_day, null, p_limit)
$$;
revoke execute on function public.invoice_group_fees(uuid, date, integer) from public, anon;
grant execute on function public.invoice_group_fees(uuid, date, integer) to authenticated, service_role;

-- What a community run for the period of p_day would charge, in one row. The volunteer credit
-- is what those members have earned and not used, plus what the community's active rules will
-- give them at the run from their checked-in hours (attach_volunteer_credits earns it then);
-- on an invoice it never goes below zero, so it is an upper bound.
create function public.preview_group_fee_totals(p_community_id uuid, p_day date default current_date)
returns table (charges integer, members integer, amount_ore bigint, waiting_credit_ore bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform app_private.check_fee_run(p_community_id, p_day);
  return query
  with due as (select * from app_private.group_fees_due(p_community_id, p_day, null)),
       due_members as (select distinct d.member_id from due d)
  select (select count(*) from due)::integer,
         (select count(*) from due_members)::integer,
         (select coalesce(sum(d.amount_ore), 0) from due d)::bigint,
         ((select coalesce(sum(vc.credit_ore), 0) from public.volunteer_credits vc
           where vc.community_id = p_community_id and vc.invoice_id is null
             and vc.member_id in (select m.member_id from due_members m))
          + (select coalesce(sum(r.credit_ore), 0)
             from public.volunteer_credit_rules r cross join due_members m
             where r.community_id = p_community_id and r.active
               and not exists (select 1 from public.volunteer_credits vc where vc.rule_id = r.id and vc.member_id = m.member_id)
               and app_private.volunteer_hours(m.member_id, r.season_start, r.season_end) >= r.min_hours))::bigint;
end
$$;
revoke execute on function public.preview_group_fee_totals(uuid, date) from public, anon;
grant execute on function public.preview_group_fee_totals(uuid, date) to authenticated, service_role;

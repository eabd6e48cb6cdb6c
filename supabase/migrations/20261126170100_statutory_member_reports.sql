-- Statutory member counts (issue #21, decision 0941): the CFR count (medlemstal.dk) and the
-- municipal member grant (medlemstilskud) for a calendar year, with the members behind every
-- number. The counting rules (docs: shared/spec/danish-context.md §3.5–3.7):
--   * an activity is a group with a fee (price above 0);
--   * a member counts once per activity they belong to at 31 December of the year, if they were
--     in it (and in the club) since 1 October at the latest (at least three months that year),
--     are not passive, and paid a fee charge of that activity for a period of that year (an
--     invoice paid in full); a coach or leader counts without paying (free kontingent);
--   * gender female / male / other (or not given), and the age at 31 December in DIF's bands.
-- The municipal grant is the same set restricted to ages 0–24.

create or replace function app_private.check_report_year(p_community_id uuid, p_year integer) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  v_zone text;
  v_first integer;
  v_now integer;
begin
  perform app_private.require_analytics(p_community_id);
  select time_zone, extract(year from created_at at time zone time_zone)::int,
         extract(year from now() at time zone time_zone)::int
    into v_zone, v_first, v_now
  from public.communities where id = p_community_id;
  -- The club's first year is the earliest of its creation and its oldest member's joining.
  select least(v_first, coalesce(min(extract(year from joined_on))::int, v_first)) into v_first
  from public.members where community_id = p_community_id;
  if p_year is null or p_year < v_first or p_year > v_now then
    perform app_private.fail('year_out_of_range',
      format('Reports exist for %s to %s', v_first, v_now));
  end if;
  return v_zone;
end
$$;

create or replace function public.report_member_counts_detail(p_community_id uuid, p_year integer)
returns table (member_id uuid, first_name text, last_name text, gender text, birth_date date, age integer,
               age_band text, activity_id uuid, activity text, counted_from date, paid_by text)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_zone text := app_private.check_report_year(p_community_id, p_year);
  v_end date := make_date(p_year, 12, 31);
  v_latest_start date := make_date(p_year, 10, 1);
begin
  return query
  select m.id, m.first_name, m.last_name, coalesce(m.gender::text, 'unknown'), m.birth_date, a.age,
         case when a.age is null then 'unknown'
              when a.age <= 12 then '0-12' when a.age <= 18 then '13-18' when a.age <= 24 then '19-24'
              when a.age <= 59 then '25-59' else '60+' end,
         g.id, g.title, greatest(m.joined_on, (gm.joined_at at time zone v_zone)::date),
         case when gm.role in ('coach', 'leader') then gm.role else 'fee' end
  from public.group_members gm
  join public.groups g on g.id = gm.group_id
  join public.members m on m.id = gm.member_id
  cross join lateral (select extract(year from age(v_end, m.birth_date))::int as age) a
  where gm.community_id = p_community_id
    and g.price_ore > 0
    and m.status <> 'passive'
    and m.joined_on <= v_latest_start and (m.left_on is null or m.left_on > v_end)
    and (gm.joined_at at time zone v_zone)::date <= v_latest_start
    and (gm.left_at is null or (gm.left_at at time zone v_zone)::date > v_end)
    and (gm.role in ('coach', 'leader') or exists (
      select 1 from public.group_fee_charges c join public.invoices i on i.id = c.invoice_id
      where c.group_member_id = gm.id and c.period_start between make_date(p_year, 1, 1) and v_end
        and i.status = 'paid'))
  order by g.title, m.last_name, m.first_name, m.id;
end
$$;

-- The counts as reported: per activity, gender and age band; p_max_age 24 gives the municipal
-- member grant, null the CFR count.
create or replace function public.report_member_counts(p_community_id uuid, p_year integer, p_max_age integer default null)
returns table (activity_id uuid, activity text, gender text, age_band text, members bigint)
language sql stable security definer set search_path = '' as $$
  select d.activity_id, d.activity, d.gender, d.age_band, count(*)
  from public.report_member_counts_detail(p_community_id, p_year) d
  where p_max_age is null or d.age <= p_max_age
  group by d.activity_id, d.activity, d.gender, d.age_band
  order by d.activity, d.gender, d.age_band
$$;

revoke execute on function public.report_member_counts_detail(uuid, integer) from public, anon;
revoke execute on function public.report_member_counts(uuid, integer, integer) from public, anon;
revoke execute on function app_private.check_report_year(uuid, integer) from public, anon;
grant execute on function public.report_member_counts_detail(uuid, integer) to authenticated, service_role;
grant execute on function public.report_member_counts(uuid, integer, integer) to authenticated, service_role;

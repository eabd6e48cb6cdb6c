-- Data retention (issue 24, docs/decisions/0874): members who left more than the community's
-- retention period ago (community_settings.retention_months, default 60) are erased with
-- erase_member (anonymised; invoices and payments stay for the bookkeeping law). A preview
-- shows who would be affected; the server's background job applies it.

create index if not exists members_left_idx on public.members (community_id, left_on)
  where status = 'left' and erased_at is null;

-- Who the retention rule affects now (or with another period, to preview a change).
create or replace function public.retention_preview(p_community_id uuid, p_retention_months integer default null)
returns table (member_id uuid, mid bigint, full_name text, left_on date, erase_after date)
language plpgsql stable security definer set search_path = '' as $$
declare v_months integer;
begin
  if not app_private.can_grant_access(p_community_id) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers see the retention preview');
  end if;
  if p_retention_months is not null and p_retention_months not between 12 and 120 then
    perform app_private.fail('invalid_retention', 'The retention period is 12 to 120 months');
  end if;
  select coalesce(p_retention_months, s.retention_months, 60) into v_months
    from public.communities c left join public.community_settings s on s.community_id = c.id
   where c.id = p_community_id;
  return query
    select m.id, m.mid, m.full_name, m.left_on, (m.left_on + make_interval(months => v_months))::date
      from public.members m
     where m.community_id = p_community_id and m.status = 'left' and m.erased_at is null
       and m.left_on is not null and m.left_on + make_interval(months => v_months) <= current_date
     order by m.left_on, m.mid;
end
$$;
revoke execute on function public.retention_preview(uuid, integer) from public, anon;
grant execute on function public.retention_preview(uuid, integer) to authenticated, service_role;

-- Applies the retention rule in every community, at most p_limit members per call (the job
-- calls it again while it has work). Trusted callers only (the server's job, the operator).
create or replace function public.apply_data_retention(p_limit integer default 500) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_member uuid;
  v_count integer := 0;
begin
  perform app_private.require_service_role();
  for v_member in
    select m.id from public.members m
      join public.community_settings s on s.community_id = m.community_id
     where m.status = 'left' and m.erased_at is null and m.left_on is not null
       and m.left_on + make_interval(months => s.retention_months) <= current_date
     order by m.left_on
     limit greatest(coalesce(p_limit, 500), 1)
     for update of m skip locked
  loop
    perform public.erase_member(v_member);
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
revoke execute on function public.apply_data_retention(integer) from public, anon, authenticated;
grant execute on function public.apply_data_retention(integer) to service_role;

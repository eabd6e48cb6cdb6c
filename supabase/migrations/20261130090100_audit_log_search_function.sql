-- The audit log's word search as a function (issue 24, docs/decisions/0970, which corrects 0966).
--
-- Read through the table, the search runs under the row-level policy, and PostgreSQL does not
-- let a function that is not marked leak-proof (the text-search match @@ is not) into an index
-- condition ahead of a policy: the word index cannot be used, and "medlem 4711" over a million
-- entries scanned all of them (0.55 s as SQL, 1.7 s over REST). 0966 was measured as the
-- database owner, who is not subject to the policy, and missed this.
--
-- This function checks the same rule as the policy (owners and membership managers of the
-- community) and then reads as the table's owner, so the planner may use the word index for a
-- rare word or walk the newest-first index for a common one. Each call is planned with its own
-- words (dynamic SQL), never with a generic plan. The total is exact up to 10,000 hits and says
-- "more" above that, so a common word does not count a million entries.
create or replace function public.search_audit_log(
  p_community_id uuid,
  p_query text,
  p_kind text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_ascending boolean default false,
  p_limit integer default 50,
  p_offset integer default 0
) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_query tsquery;
  v_where text;
  v_direction text := case when p_ascending then 'asc' else 'desc' end;
  v_rows jsonb;
  v_total bigint;
begin
  if p_community_id is null
     or not (p_community_id = any (app_private.owner_communities())
             or p_community_id = any (app_private.manager_communities())) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers read the audit log');
  end if;
  if p_limit is null or p_limit not between 1 and 1000 or p_offset is null or p_offset < 0 then
    perform app_private.fail('invalid_page', 'Ask for 1 to 1000 entries from offset 0 or later');
  end if;
  begin
    v_query := to_tsquery('simple', coalesce(p_query, ''));
  exception when syntax_error then
    perform app_private.fail('invalid_search', 'The search could not be read: write whole words');
  end;

  v_where := 'community_id = $1 and search_words @@ $2'
    || case when p_kind is not null then ' and kind = $3' else '' end
    || case when p_from is not null then ' and at >= $4' else '' end
    || case when p_to is not null then ' and at < $5' else '' end;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(e) order by e.at %1$s, e.id %1$s), ''[]'') from (
       select id, at, actor_email, kind, action, subject, details from public.audit_log
        where %2$s order by at %1$s, id %1$s limit $6 offset $7) e',
    v_direction, v_where)
    into v_rows using p_community_id, v_query, p_kind, p_from, p_to, p_limit, p_offset;
  execute format('select count(*) from (select 1 from public.audit_log where %s limit 10001) c', v_where)
    into v_total using p_community_id, v_query, p_kind, p_from, p_to;
  return jsonb_build_object('rows', v_rows, 'total', least(v_total, 10000), 'more', v_total > 10000);
end
$$;
revoke execute on function public.search_audit_log(uuid, text, text, timestamptz, timestamptz, boolean, integer, integer)
  from public, anon;
grant execute on function public.search_audit_log(uuid, text, text, timestamptz, timestamptz, boolean, integer, integer)
  to authenticated;

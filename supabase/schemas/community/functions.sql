-- The community (tenancy, memberships and admin areas, settings, clubs, tags, redirects, audit log, retention, first-run setup): functions and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE FUNCTION public.add_community_owner(p_community_id uuid, p_user_id uuid) RETURNS public.memberships
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_row public.memberships;
begin
  perform app_private.require_service_role();
  if not exists (select 1 from public.communities where id = p_community_id) then
    perform app_private.fail('community_not_found', 'No such community');
  end if;
  if not exists (select 1 from auth.users where id = p_user_id) then
    perform app_private.fail('user_not_found', 'No such user; invite the owner first');
  end if;
  insert into public.memberships (community_id, user_id, role, areas, membership_manager)
  values (p_community_id, p_user_id, 'owner', enum_range(null::public.admin_area), true)
  on conflict (community_id, user_id) do update
    set role = 'owner', areas = enum_range(null::public.admin_area), membership_manager = true
  returning * into v_row;
  return v_row;
end
$$;

REVOKE ALL ON FUNCTION public.add_community_owner(p_community_id uuid, p_user_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.add_community_owner(p_community_id uuid, p_user_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.add_community_owner(p_community_id uuid, p_user_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.add_community_owner(p_community_id uuid, p_user_id uuid) TO service_role;

CREATE FUNCTION app_private.admin_communities() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and (cardinality(m.areas) > 0 or m.role = 'owner')
$$;

REVOKE ALL ON FUNCTION app_private.admin_communities() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.admin_communities() TO anon;
GRANT ALL ON FUNCTION app_private.admin_communities() TO authenticated;
GRANT ALL ON FUNCTION app_private.admin_communities() TO service_role;

CREATE FUNCTION app_private.after_community_created() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.community_settings (community_id) values (new.id) on conflict do nothing;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_community_created() FROM anon, authenticated, service_role;

CREATE FUNCTION public.apply_data_retention(p_limit integer DEFAULT 500) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.apply_data_retention(p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.apply_data_retention(p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.apply_data_retention(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_data_retention(p_limit integer) TO service_role;

CREATE FUNCTION app_private.area_communities(area public.admin_area) RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and (area = any (m.areas))
$$;

REVOKE ALL ON FUNCTION app_private.area_communities(area public.admin_area) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.area_communities(area public.admin_area) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.area_communities(area public.admin_area) TO anon;
GRANT ALL ON FUNCTION app_private.area_communities(area public.admin_area) TO authenticated;
GRANT ALL ON FUNCTION app_private.area_communities(area public.admin_area) TO service_role;

CREATE FUNCTION app_private.audit(p_community uuid, p_kind text, p_action text, p_subject text, p_subject_id text, p_details jsonb DEFAULT '{}'::jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.audit_log (community_id, actor_user_id, actor_email, kind, action, subject, subject_id, details)
  select p_community, auth.uid(), (select u.email from auth.users u where u.id = auth.uid()),
         p_kind, p_action, coalesce(p_subject, ''), p_subject_id, coalesce(p_details, '{}')
  where exists (select 1 from public.communities c where c.id = p_community)
$$;

REVOKE ALL ON FUNCTION app_private.audit(p_community uuid, p_kind text, p_action text, p_subject text, p_subject_id text, p_details jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.audit(p_community uuid, p_kind text, p_action text, p_subject text, p_subject_id text, p_details jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.audit(p_community uuid, p_kind text, p_action text, p_subject text, p_subject_id text, p_details jsonb) FROM PUBLIC;

CREATE FUNCTION app_private.audit_billing_settings() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  -- A first save starts from the table's defaults (the ledger accounts above), so only what the
  -- admin set is recorded.
  v_old jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) - 'updated_at'
                      else jsonb_build_object('debtor_account', '5600', 'revenue_exempt_account', '1000',
                                              'revenue_taxable_account', '1010', 'vat_account', '7700',
                                              'fee_income_account', '1090', 'bank_account', '5820') end;
  v_new jsonb := to_jsonb(new) - 'updated_at' - 'community_id';
  v_changed jsonb;
begin
  if tg_op = 'INSERT' then
    v_new := jsonb_strip_nulls(v_new);
  end if;
  select coalesce(jsonb_object_agg(k, jsonb_build_array(v_old -> k, v_new -> k)), '{}') into v_changed
    from jsonb_object_keys(v_new) k where v_old -> k is distinct from v_new -> k;
  if v_changed = '{}' then
    return null;
  end if;
  perform app_private.audit(new.community_id, 'settings', 'settings_changed',
    (select c.name from public.communities c where c.id = new.community_id), new.community_id::text, v_changed);
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_billing_settings() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_cpr() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.audit(new.community_id, case when new.action = 'export' then 'export' else 'cpr' end,
    'cpr_' || new.action, app_private.member_label(new.member_id), new.member_id::text,
    jsonb_strip_nulls(jsonb_build_object('reason', to_jsonb(new) ->> 'reason')));
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_cpr() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_deletion() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_row jsonb := to_jsonb(old);
begin
  perform app_private.audit((v_row ->> 'community_id')::uuid, 'deletion', tg_table_name || '_deleted',
    coalesce(v_row ->> 'full_name', v_row ->> 'name', v_row ->> 'title', v_row ->> 'id'), v_row ->> 'id');
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_deletion() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_invoice_statuses() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.audit_log (community_id, actor_user_id, actor_email, kind, action, subject, subject_id, details)
  select n.community_id, auth.uid(), (select u.email from auth.users u where u.id = auth.uid()),
         'money', 'invoice_status_changed', coalesce('#' || n.number::text, n.id::text), n.id::text,
         jsonb_build_object('status', jsonb_build_array(o.status, n.status), 'total_ore', n.total_ore,
                            'currency', n.currency)
    from old_rows o join new_rows n on n.id = o.id
   where o.status is distinct from n.status
     and exists (select 1 from public.communities c where c.id = n.community_id)
   order by n.number nulls last, n.id;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_invoice_statuses() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.audit_invoice_statuses() FROM PUBLIC;

CREATE FUNCTION app_private.audit_member_history() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.action = 'exported' then
    perform app_private.audit(new.community_id, 'export', 'member_exported',
      app_private.member_label(new.member_id), new.member_id::text, new.changes);
  elsif new.action = 'erased' then
    -- The log keeps what happened to the member, not their name.
    update public.audit_log set subject = '#' || (select m.mid from public.members m where m.id = new.member_id)
     where community_id = new.community_id and subject_id = new.member_id::text;
    perform app_private.audit(new.community_id, 'deletion', 'member_erased', '#' || (
      select m.mid from public.members m where m.id = new.member_id), new.member_id::text);
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_member_history() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_member_status() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.audit(new.community_id, 'status', 'member_status_changed',
    new.full_name || ' (#' || new.mid || ')', new.id::text,
    jsonb_build_object('status', jsonb_build_array(old.status, new.status)));
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_member_status() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_membership() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_row public.memberships := coalesce(new, old);
begin
  if tg_op = 'UPDATE' and new.role = old.role and new.areas = old.areas
     and new.membership_manager = old.membership_manager then
    return null;
  end if;
  perform app_private.audit(v_row.community_id, 'permission',
    case tg_op when 'INSERT' then 'access_granted' when 'DELETE' then 'access_removed' else 'access_changed' end,
    app_private.user_label(v_row.user_id), v_row.user_id::text,
    jsonb_strip_nulls(jsonb_build_object(
      'role', case when tg_op = 'INSERT' then jsonb_build_array(null, new.role)
                   when tg_op = 'DELETE' then jsonb_build_array(old.role, null)
                   when new.role <> old.role then jsonb_build_array(old.role, new.role) end,
      'areas', case when tg_op = 'INSERT' then jsonb_build_array(null, to_jsonb(new.areas::text[]))
                    when tg_op = 'DELETE' then jsonb_build_array(to_jsonb(old.areas::text[]), null)
                    when new.areas <> old.areas then jsonb_build_array(to_jsonb(old.areas::text[]), to_jsonb(new.areas::text[])) end,
      'membership_manager', case when tg_op = 'UPDATE' and new.membership_manager <> old.membership_manager
                                 then jsonb_build_array(old.membership_manager, new.membership_manager)
                                 when tg_op = 'INSERT' and new.membership_manager then jsonb_build_array(false, true) end)));
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_membership() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_payment() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_number text := (select coalesce('#' || i.number::text, i.id::text) from public.invoices i where i.id = (coalesce(new, old)).invoice_id);
  v_row public.invoice_payments := coalesce(new, old);
begin
  perform app_private.audit(v_row.community_id, 'money',
    case when tg_op = 'INSERT' then 'payment_recorded' else 'payment_deleted' end,
    coalesce(v_number, ''), v_row.invoice_id::text,
    jsonb_build_object('amount_ore', v_row.amount_ore, 'method', v_row.method, 'reference', v_row.reference));
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_payment() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_settings() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_old jsonb := to_jsonb(old) - 'updated_at';
  v_new jsonb := to_jsonb(new) - 'updated_at';
  v_changed jsonb;
begin
  select coalesce(jsonb_object_agg(k, jsonb_build_array(v_old -> k, v_new -> k)), '{}') into v_changed
    from jsonb_object_keys(v_new) k where v_old -> k is distinct from v_new -> k;
  if v_changed = '{}' then
    return null;
  end if;
  perform app_private.audit(coalesce(v_new ->> 'community_id', v_new ->> 'id')::uuid, 'settings', 'settings_changed',
    (select c.name from public.communities c where c.id = coalesce(v_new ->> 'community_id', v_new ->> 'id')::uuid),
    coalesce(v_new ->> 'community_id', v_new ->> 'id'), v_changed);
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_settings() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_club_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_existing text;
begin
  new.name := regexp_replace(trim(new.name), '\s+', ' ', 'g');
  select c.name into v_existing from public.clubs c
   where c.community_id = new.community_id and app_private.fold_name(c.name) = app_private.fold_name(new.name)
     and c.id <> new.id;
  if v_existing is not null then
    perform app_private.fail('club_name_taken', format('A club named "%s" already exists', v_existing));
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_club_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_tag_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_existing text;
begin
  new.name := regexp_replace(trim(new.name), '\s+', ' ', 'g');
  select t.name into v_existing from public.tags t
   where t.community_id = new.community_id and app_private.fold_name(t.name) = app_private.fold_name(new.name)
     and t.id <> new.id;
  if v_existing is not null then
    perform app_private.fail('tag_name_taken', format('A tag named "%s" already exists', v_existing));
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_tag_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.can_grant_access(p_community uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select app_private.is_trusted() or exists (
    select 1 from public.memberships m
    where m.user_id = auth.uid() and m.community_id = p_community and (m.role = 'owner' or m.membership_manager))
$$;

REVOKE ALL ON FUNCTION app_private.can_grant_access(p_community uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.can_grant_access(p_community uuid) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.can_grant_access(p_community uuid) TO anon;
GRANT ALL ON FUNCTION app_private.can_grant_access(p_community uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.can_grant_access(p_community uuid) TO service_role;

CREATE FUNCTION app_private.check_club(p_community_id uuid, p_club_id uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if p_club_id is not null and not exists (
    select 1 from public.clubs c where c.id = p_club_id and c.community_id = p_community_id) then
    perform app_private.fail('unknown_club', 'The club is not part of this community');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_club(p_community_id uuid, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.check_club(p_community_id uuid, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.check_club(p_community_id uuid, p_club_id uuid) FROM PUBLIC;

CREATE FUNCTION public.check_new_community(p_name text, p_slug text DEFAULT NULL::text) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_slug text := lower(trim(coalesce(nullif(trim(p_slug), ''), app_private.slug_from_name(p_name))));
begin
  perform app_private.require_service_role();
  if p_name is null or length(trim(p_name)) = 0 or length(trim(p_name)) > 120 then
    perform app_private.fail('invalid_name', 'A community needs a name of 1 to 120 characters');
  end if;
  if v_slug !~ '^[a-z0-9][a-z0-9-]{0,62}$' then
    perform app_private.fail('invalid_slug',
      'The address name may hold only a-z, 0-9 and dashes, and must start with a letter or digit');
  end if;
  if exists (select 1 from public.communities where lower(slug) = v_slug) then
    perform app_private.fail('slug_taken', format('The address name %s is already used', v_slug));
  end if;
  return v_slug;
end
$_$;

REVOKE ALL ON FUNCTION public.check_new_community(p_name text, p_slug text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.check_new_community(p_name text, p_slug text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.check_new_community(p_name text, p_slug text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.check_new_community(p_name text, p_slug text) TO service_role;

CREATE FUNCTION app_private.community_of_path(p_name text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE
    AS $_$
declare first text := split_part(coalesce(p_name, ''), '/', 1);
begin
  if first ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return first::uuid;
  end if;
  return null;
end
$_$;

REVOKE ALL ON FUNCTION app_private.community_of_path(p_name text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.community_of_path(p_name text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.community_of_path(p_name text) TO anon;
GRANT ALL ON FUNCTION app_private.community_of_path(p_name text) TO authenticated;
GRANT ALL ON FUNCTION app_private.community_of_path(p_name text) TO service_role;

CREATE FUNCTION public.complete_first_run_setup(p_token text, p_name text, p_owner_user_id uuid, p_default_language text DEFAULT 'da'::text) RETURNS public.communities
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_found boolean;
begin
  perform app_private.require_service_role();
  -- Two submissions at once: the second waits here and then finds the token gone.
  lock table app_private.setup_tokens in exclusive mode;
  delete from app_private.setup_tokens
   where token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
  returning true into v_found;
  if v_found is null then
    perform app_private.fail('invalid_setup_token', 'The setup token is wrong or has been used');
  end if;
  if exists (select 1 from public.communities) then
    perform app_private.fail('setup_done', 'This installation already has a community');
  end if;
  delete from app_private.setup_tokens;
  return public.create_community(p_name, p_owner_user_id, null, p_default_language);
end
$$;

REVOKE ALL ON FUNCTION public.complete_first_run_setup(p_token text, p_name text, p_owner_user_id uuid, p_default_language text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.complete_first_run_setup(p_token text, p_name text, p_owner_user_id uuid, p_default_language text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.complete_first_run_setup(p_token text, p_name text, p_owner_user_id uuid, p_default_language text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.complete_first_run_setup(p_token text, p_name text, p_owner_user_id uuid, p_default_language text) TO service_role;

CREATE FUNCTION public.create_community(p_name text, p_owner_user_id uuid, p_slug text DEFAULT NULL::text, p_default_language text DEFAULT 'da'::text, p_time_zone text DEFAULT 'Europe/Copenhagen'::text) RETURNS public.communities
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_slug text := public.check_new_community(p_name, p_slug);
  v_row public.communities;
begin
  if coalesce(p_default_language, 'da') not in ('da', 'en') then
    perform app_private.fail('invalid_language', 'The default language is da or en');
  end if;
  if not exists (select 1 from auth.users where id = p_owner_user_id) then
    perform app_private.fail('user_not_found', 'No such user; invite the owner first');
  end if;
  insert into public.communities (slug, name, default_language, time_zone)
  values (v_slug, trim(p_name), coalesce(p_default_language, 'da'), coalesce(p_time_zone, 'Europe/Copenhagen'))
  returning * into v_row;
  perform public.add_community_owner(v_row.id, p_owner_user_id);
  return v_row;
end
$$;

REVOKE ALL ON FUNCTION public.create_community(p_name text, p_owner_user_id uuid, p_slug text, p_default_language text, p_time_zone text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.create_community(p_name text, p_owner_user_id uuid, p_slug text, p_default_language text, p_time_zone text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.create_community(p_name text, p_owner_user_id uuid, p_slug text, p_default_language text, p_time_zone text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_community(p_name text, p_owner_user_id uuid, p_slug text, p_default_language text, p_time_zone text) TO service_role;

CREATE FUNCTION public.custom_access_token_hook(event jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  claims jsonb := coalesce(event -> 'claims', '{}'::jsonb);
  v_user uuid;
  memberships jsonb;
begin
  begin
    v_user := (event ->> 'user_id')::uuid;
  exception when invalid_text_representation then
    v_user := null;
  end;
  select coalesce(jsonb_object_agg(lower(c.slug), jsonb_build_object(
           'community_id', c.id,
           'name', c.name,
           'role', case when m.role = 'owner' or cardinality(m.areas) > 0 then 'admin' else 'member' end,
           'areas', to_jsonb(m.areas::text[]),
           'membership_manager', m.membership_manager)), '{}'::jsonb)
    into memberships
    from public.memberships m join public.communities c on c.id = m.community_id
   where m.user_id = v_user;
  return jsonb_build_object('claims', claims || jsonb_build_object('memberships', memberships));
end
$$;

REVOKE ALL ON FUNCTION public.custom_access_token_hook(event jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.custom_access_token_hook(event jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.custom_access_token_hook(event jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.custom_access_token_hook(event jsonb) TO service_role;
GRANT ALL ON FUNCTION public.custom_access_token_hook(event jsonb) TO supabase_auth_admin;

CREATE FUNCTION public.delete_club(p_club_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_community uuid;
  v_members integer;
  v_groups integer;
  v_events integer;
  v_posts integer;
  v_products integer;
begin
  select c.community_id into v_community from public.clubs c where c.id = p_club_id for update;
  -- A club of a community the caller is not in is answered as one that does not exist.
  if v_community is null
     or not (app_private.is_trusted() or v_community = any (app_private.member_communities())) then
    perform app_private.fail('club_not_found', 'There is no such club');
  end if;
  if not (app_private.is_trusted() or v_community = any (app_private.owner_communities())) then
    perform app_private.fail('not_allowed', 'Only owners of the community delete clubs');
  end if;
  update public.members set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_members = row_count;
  update public.groups set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_groups = row_count;
  update public.events set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_events = row_count;
  update public.news_posts set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_posts = row_count;
  update public.booking_products set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_products = row_count;
  delete from public.clubs where id = p_club_id;
  return jsonb_build_object('members', v_members, 'groups', v_groups, 'events', v_events,
                            'news_posts', v_posts, 'booking_products', v_products);
end
$$;

REVOKE ALL ON FUNCTION public.delete_club(p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.delete_club(p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.delete_club(p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.delete_club(p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.delete_club(p_club_id uuid) TO service_role;

CREATE FUNCTION app_private.has_area(p_community uuid, p_area public.admin_area) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select app_private.is_trusted() or exists (
    select 1 from public.memberships m
    where m.user_id = auth.uid() and m.community_id = p_community and p_area = any (m.areas))
$$;

REVOKE ALL ON FUNCTION app_private.has_area(p_community uuid, p_area public.admin_area) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.has_area(p_community uuid, p_area public.admin_area) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.has_area(p_community uuid, p_area public.admin_area) TO anon;
GRANT ALL ON FUNCTION app_private.has_area(p_community uuid, p_area public.admin_area) TO authenticated;
GRANT ALL ON FUNCTION app_private.has_area(p_community uuid, p_area public.admin_area) TO service_role;

CREATE FUNCTION app_private.is_manager(p_community uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.memberships m
    where m.user_id = auth.uid() and m.community_id = p_community and m.membership_manager)
$$;

REVOKE ALL ON FUNCTION app_private.is_manager(p_community uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.is_manager(p_community uuid) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.is_manager(p_community uuid) TO anon;
GRANT ALL ON FUNCTION app_private.is_manager(p_community uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.is_manager(p_community uuid) TO service_role;

CREATE FUNCTION app_private.keep_an_owner() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if old.role <> 'owner' or (tg_op = 'UPDATE' and new.role = 'owner') then
    return coalesce(new, old);
  end if;
  perform 1 from public.communities where id = old.community_id for update;
  if not found or not exists (select 1 from auth.users where id = old.user_id) then
    return coalesce(new, old);
  end if;
  if not exists (select 1 from public.memberships m
                 where m.community_id = old.community_id and m.role = 'owner' and m.id <> old.id) then
    perform app_private.fail('last_owner', 'A community must keep at least one owner; make someone else owner first');
  end if;
  return coalesce(new, old);
end
$$;

REVOKE ALL ON FUNCTION app_private.keep_an_owner() FROM anon, authenticated, service_role;

CREATE FUNCTION public.list_administrators(p_community_id uuid) RETURNS TABLE(membership_id uuid, user_id uuid, email text, full_name text, role public.membership_role, areas public.admin_area[], membership_manager boolean, invitation_pending boolean, last_sign_in_at timestamp with time zone, created_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app_private.can_grant_access(p_community_id) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers see the administrators');
  end if;
  return query
    select m.id, m.user_id, u.email::text, coalesce(u.raw_user_meta_data ->> 'full_name', '')::text,
           m.role, m.areas, m.membership_manager, u.email_confirmed_at is null, u.last_sign_in_at, m.created_at
      from public.memberships m join auth.users u on u.id = m.user_id
     where m.community_id = p_community_id
       and (m.role = 'owner' or cardinality(m.areas) > 0 or m.membership_manager)
     order by m.role = 'owner' desc, lower(u.email);
end
$$;

REVOKE ALL ON FUNCTION public.list_administrators(p_community_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.list_administrators(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.list_administrators(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.list_administrators(p_community_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.list_administrators(p_community_id uuid) TO service_role;

CREATE FUNCTION app_private.manager_communities() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and m.membership_manager
$$;

REVOKE ALL ON FUNCTION app_private.manager_communities() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.manager_communities() TO anon;
GRANT ALL ON FUNCTION app_private.manager_communities() TO authenticated;
GRANT ALL ON FUNCTION app_private.manager_communities() TO service_role;

CREATE FUNCTION public.may_grant_access(p_community_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select auth.uid() is not null and app_private.can_grant_access(p_community_id)
$$;

REVOKE ALL ON FUNCTION public.may_grant_access(p_community_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.may_grant_access(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.may_grant_access(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.may_grant_access(p_community_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.may_grant_access(p_community_id uuid) TO service_role;

CREATE FUNCTION app_private.may_write_image(p_bucket text, p_name text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case p_bucket
    when 'event-images' then app_private.community_of_path(p_name) = any (app_private.area_communities('event'))
    when 'group-covers' then app_private.community_of_path(p_name) = any (app_private.area_communities('group'))
    when 'product-images' then app_private.community_of_path(p_name) = any (app_private.area_communities('booking'))
    when 'news-images' then app_private.community_of_path(p_name) = any (app_private.area_communities('news'))
    when 'community-logos' then app_private.community_of_path(p_name) = any (app_private.owner_communities())
    else false end
    and lower(storage.extension(p_name)) in ('png', 'jpg', 'jpeg')
$$;

REVOKE ALL ON FUNCTION app_private.may_write_image(p_bucket text, p_name text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.may_write_image(p_bucket text, p_name text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.may_write_image(p_bucket text, p_name text) TO anon;
GRANT ALL ON FUNCTION app_private.may_write_image(p_bucket text, p_name text) TO authenticated;
GRANT ALL ON FUNCTION app_private.may_write_image(p_bucket text, p_name text) TO service_role;

CREATE FUNCTION app_private.member_communities() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m where m.user_id = auth.uid()
$$;

REVOKE ALL ON FUNCTION app_private.member_communities() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.member_communities() TO anon;
GRANT ALL ON FUNCTION app_private.member_communities() TO authenticated;
GRANT ALL ON FUNCTION app_private.member_communities() TO service_role;

CREATE FUNCTION public.merge_tags(p_source_id uuid, p_target_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_community uuid;
  v_members integer;
  v_groups integer;
  v_events integer;
begin
  if p_source_id = p_target_id then
    perform app_private.fail('merge_into_itself', 'A tag cannot be merged into itself');
  end if;
  perform 1 from public.tags where id in (p_source_id, p_target_id) order by id for update;
  select community_id into v_community from public.tags where id = p_source_id;
  if v_community is null or not (v_community = any (app_private.tag_communities()) or app_private.is_trusted()) then
    perform app_private.fail('tag_not_found', 'No such tag in your communities');
  end if;
  if not exists (select 1 from public.tags where id = p_target_id and community_id = v_community) then
    perform app_private.fail('tag_not_found', 'The tag to merge into is not in the same community');
  end if;
  insert into public.member_tags (community_id, member_id, tag_id)
  select community_id, member_id, p_target_id from public.member_tags where tag_id = p_source_id
  on conflict do nothing;
  get diagnostics v_members = row_count;
  insert into public.group_tags (community_id, group_id, tag_id)
  select community_id, group_id, p_target_id from public.group_tags where tag_id = p_source_id
  on conflict do nothing;
  get diagnostics v_groups = row_count;
  insert into public.event_tags (community_id, event_id, tag_id)
  select community_id, event_id, p_target_id from public.event_tags where tag_id = p_source_id
  on conflict do nothing;
  get diagnostics v_events = row_count;
  delete from public.tags where id = p_source_id;
  return jsonb_build_object('members_added', v_members, 'groups_added', v_groups, 'events_added', v_events);
end
$$;

REVOKE ALL ON FUNCTION public.merge_tags(p_source_id uuid, p_target_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.merge_tags(p_source_id uuid, p_target_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.merge_tags(p_source_id uuid, p_target_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.merge_tags(p_source_id uuid, p_target_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.merge_tags(p_source_id uuid, p_target_id uuid) TO service_role;

CREATE FUNCTION public.move_to_club(p_club_id uuid, p_member_ids uuid[] DEFAULT '{}'::uuid[], p_group_ids uuid[] DEFAULT '{}'::uuid[]) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_members integer;
  v_groups integer;
begin
  update public.members set club_id = p_club_id where id = any (coalesce(p_member_ids, '{}'))
    and club_id is distinct from p_club_id;
  get diagnostics v_members = row_count;
  update public.groups set club_id = p_club_id where id = any (coalesce(p_group_ids, '{}'))
    and club_id is distinct from p_club_id;
  get diagnostics v_groups = row_count;
  return jsonb_build_object('members_moved', v_members, 'groups_moved', v_groups);
exception when foreign_key_violation then
  perform app_private.fail('club_not_in_community', 'The club belongs to another community');
  return null;
end
$$;

REVOKE ALL ON FUNCTION public.move_to_club(p_club_id uuid, p_member_ids uuid[], p_group_ids uuid[]) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.move_to_club(p_club_id uuid, p_member_ids uuid[], p_group_ids uuid[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.move_to_club(p_club_id uuid, p_member_ids uuid[], p_group_ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.move_to_club(p_club_id uuid, p_member_ids uuid[], p_group_ids uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.move_to_club(p_club_id uuid, p_member_ids uuid[], p_group_ids uuid[]) TO service_role;

CREATE FUNCTION app_private.my_tag_ids() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(mt.tag_id), '{}') from public.member_tags mt
  join public.members m on m.id = mt.member_id
  where m.user_id = auth.uid()
$$;

REVOKE ALL ON FUNCTION app_private.my_tag_ids() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.my_tag_ids() TO anon;
GRANT ALL ON FUNCTION app_private.my_tag_ids() TO authenticated;
GRANT ALL ON FUNCTION app_private.my_tag_ids() TO service_role;

CREATE FUNCTION app_private.normalise_community() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.slug := lower(trim(new.slug));
  if not exists (select 1 from pg_timezone_names where name = new.time_zone) then
    perform app_private.fail('invalid_time_zone', format('Unknown time zone %s', new.time_zone));
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.normalise_community() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.normalise_community() TO anon;
GRANT ALL ON FUNCTION app_private.normalise_community() TO authenticated;
GRANT ALL ON FUNCTION app_private.normalise_community() TO service_role;

CREATE FUNCTION app_private.owner_communities() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and m.role = 'owner'
$$;

REVOKE ALL ON FUNCTION app_private.owner_communities() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.owner_communities() TO anon;
GRANT ALL ON FUNCTION app_private.owner_communities() TO authenticated;
GRANT ALL ON FUNCTION app_private.owner_communities() TO service_role;

CREATE FUNCTION app_private.register_communities() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and ('member' = any (m.areas) or m.role = 'owner' or m.membership_manager)
$$;

REVOKE ALL ON FUNCTION app_private.register_communities() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.register_communities() TO anon;
GRANT ALL ON FUNCTION app_private.register_communities() TO authenticated;
GRANT ALL ON FUNCTION app_private.register_communities() TO service_role;

CREATE FUNCTION app_private.require_manager(p_community uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not (app_private.is_manager(p_community) or app_private.is_trusted()) then
    perform app_private.fail('not_membership_manager', 'Only membership managers may see or change CPR numbers');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.require_manager(p_community uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.require_manager(p_community uuid) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.require_manager(p_community uuid) TO anon;
GRANT ALL ON FUNCTION app_private.require_manager(p_community uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.require_manager(p_community uuid) TO service_role;

CREATE FUNCTION public.resolve_redirect(path text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select r.to_url from public.redirects r
  where r.active and lower(rtrim(r.from_path, '/')) = lower(rtrim(split_part(resolve_redirect.path, '?', 1), '/'))
  limit 1
$$;

REVOKE ALL ON FUNCTION public.resolve_redirect(path text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.resolve_redirect(path text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.resolve_redirect(path text) TO anon;
GRANT ALL ON FUNCTION public.resolve_redirect(path text) TO authenticated;
GRANT ALL ON FUNCTION public.resolve_redirect(path text) TO service_role;

CREATE FUNCTION public.retention_preview(p_community_id uuid, p_retention_months integer DEFAULT NULL::integer) RETURNS TABLE(member_id uuid, mid bigint, full_name text, left_on date, erase_after date)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.retention_preview(p_community_id uuid, p_retention_months integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.retention_preview(p_community_id uuid, p_retention_months integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.retention_preview(p_community_id uuid, p_retention_months integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.retention_preview(p_community_id uuid, p_retention_months integer) TO authenticated;
GRANT ALL ON FUNCTION public.retention_preview(p_community_id uuid, p_retention_months integer) TO service_role;

CREATE FUNCTION public.search_audit_log(p_community_id uuid, p_query text, p_kind text DEFAULT NULL::text, p_from timestamp with time zone DEFAULT NULL::timestamp with time zone, p_to timestamp with time zone DEFAULT NULL::timestamp with time zone, p_ascending boolean DEFAULT false, p_limit integer DEFAULT 50, p_offset integer DEFAULT 0) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

REVOKE ALL ON FUNCTION public.search_audit_log(p_community_id uuid, p_query text, p_kind text, p_from timestamp with time zone, p_to timestamp with time zone, p_ascending boolean, p_limit integer, p_offset integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.search_audit_log(p_community_id uuid, p_query text, p_kind text, p_from timestamp with time zone, p_to timestamp with time zone, p_ascending boolean, p_limit integer, p_offset integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.search_audit_log(p_community_id uuid, p_query text, p_kind text, p_from timestamp with time zone, p_to timestamp with time zone, p_ascending boolean, p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.search_audit_log(p_community_id uuid, p_query text, p_kind text, p_from timestamp with time zone, p_to timestamp with time zone, p_ascending boolean, p_limit integer, p_offset integer) TO authenticated;
GRANT ALL ON FUNCTION public.search_audit_log(p_community_id uuid, p_query text, p_kind text, p_from timestamp with time zone, p_to timestamp with time zone, p_ascending boolean, p_limit integer, p_offset integer) TO service_role;

CREATE FUNCTION public.set_administrator_access(p_community_id uuid, p_user_id uuid, p_areas public.admin_area[], p_membership_manager boolean DEFAULT false, p_owner boolean DEFAULT false) RETURNS public.memberships
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_old public.memberships;
  v_row public.memberships;
  v_is_owner boolean := app_private.is_trusted() or p_community_id = any (app_private.owner_communities());
  v_areas public.admin_area[];
begin
  if not app_private.can_grant_access(p_community_id) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers grant admin access');
  end if;
  if not exists (select 1 from auth.users where id = p_user_id) then
    perform app_private.fail('user_not_found', 'No such user; invite them by e-mail first');
  end if;
  select * into v_old from public.memberships where community_id = p_community_id and user_id = p_user_id;
  if not v_is_owner and (v_old.role = 'owner' or coalesce(p_owner, false)
      or coalesce(p_membership_manager, false) is distinct from coalesce(v_old.membership_manager, false)) then
    perform app_private.fail('not_allowed', 'Only owners change owners and membership managers');
  end if;
  select coalesce(array_agg(distinct a order by a), '{}') into v_areas from unnest(coalesce(p_areas, '{}')) a;
  insert into public.memberships as ms (community_id, user_id, role, areas, membership_manager)
  values (p_community_id, p_user_id,
          case when coalesce(p_owner, false) then 'owner' when cardinality(v_areas) > 0 then 'admin' else 'member' end
            ::public.membership_role,
          v_areas, coalesce(p_membership_manager, false))
  on conflict (community_id, user_id) do update set
    role = excluded.role, areas = excluded.areas, membership_manager = excluded.membership_manager
  returning * into v_row;
  return v_row;
end
$$;

REVOKE ALL ON FUNCTION public.set_administrator_access(p_community_id uuid, p_user_id uuid, p_areas public.admin_area[], p_membership_manager boolean, p_owner boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.set_administrator_access(p_community_id uuid, p_user_id uuid, p_areas public.admin_area[], p_membership_manager boolean, p_owner boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_administrator_access(p_community_id uuid, p_user_id uuid, p_areas public.admin_area[], p_membership_manager boolean, p_owner boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_administrator_access(p_community_id uuid, p_user_id uuid, p_areas public.admin_area[], p_membership_manager boolean, p_owner boolean) TO authenticated;
GRANT ALL ON FUNCTION public.set_administrator_access(p_community_id uuid, p_user_id uuid, p_areas public.admin_area[], p_membership_manager boolean, p_owner boolean) TO service_role;

CREATE FUNCTION public.set_member_tag(p_tag_id uuid, p_member_ids uuid[], p_on boolean DEFAULT true) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare v_changed integer;
begin
  if cardinality(coalesce(p_member_ids, '{}')) > 10000 then
    perform app_private.fail('too_many_members', 'Tag at most 10,000 members at a time');
  end if;
  if p_on then
    insert into public.member_tags (community_id, member_id, tag_id)
    select m.community_id, m.id, t.id from public.members m join public.tags t on t.community_id = m.community_id
     where t.id = p_tag_id and m.id = any (p_member_ids)
    on conflict do nothing;
  else
    delete from public.member_tags where tag_id = p_tag_id and member_id = any (p_member_ids);
  end if;
  get diagnostics v_changed = row_count;
  return v_changed;
end
$$;

REVOKE ALL ON FUNCTION public.set_member_tag(p_tag_id uuid, p_member_ids uuid[], p_on boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.set_member_tag(p_tag_id uuid, p_member_ids uuid[], p_on boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_member_tag(p_tag_id uuid, p_member_ids uuid[], p_on boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_member_tag(p_tag_id uuid, p_member_ids uuid[], p_on boolean) TO authenticated;
GRANT ALL ON FUNCTION public.set_member_tag(p_tag_id uuid, p_member_ids uuid[], p_on boolean) TO service_role;

CREATE FUNCTION public.setup_token_valid(p_token text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select app_private.is_trusted()
     and not exists (select 1 from public.communities)
     and exists (select 1 from app_private.setup_tokens
                 where token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex'))
$$;

REVOKE ALL ON FUNCTION public.setup_token_valid(p_token text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.setup_token_valid(p_token text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.setup_token_valid(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.setup_token_valid(p_token text) TO service_role;

CREATE FUNCTION app_private.tag_communities() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- Tags classify members, groups and events (decision 1053): the administrators of those
  -- areas, and owners, create, rename, merge and delete them.
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid()
    and (m.areas && array['member', 'group', 'event']::public.admin_area[] or m.role = 'owner')
$$;

REVOKE ALL ON FUNCTION app_private.tag_communities() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.tag_communities() FROM PUBLIC;
GRANT ALL ON FUNCTION app_private.tag_communities() TO anon;
GRANT ALL ON FUNCTION app_private.tag_communities() TO authenticated;
GRANT ALL ON FUNCTION app_private.tag_communities() TO service_role;

CREATE FUNCTION app_private.touch_community_settings() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.updated_at := now();
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.touch_community_settings() FROM anon, authenticated, service_role;

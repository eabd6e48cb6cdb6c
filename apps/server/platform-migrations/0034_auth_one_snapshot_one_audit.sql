-- One definition of the session snapshot's relations and of the audit row's payload (decision
-- 1082's follow-up). 0033 made the refresh statement one lookup by spelling out, inside it, what
-- auth.session_snapshot reads (identities, factors, amr) and what auth.write_audit writes; those
-- copies now call two SQL functions that PostgreSQL inlines into the statement that uses them
-- (plain SQL, not security definer, no SET), so the lookup stays one statement and its plan
-- stays cached by PL/pgSQL. Same signatures, same answers.

create or replace function auth.session_relations(p_user_id uuid, p_session_id uuid)
returns table (identities jsonb, factors jsonb, amr jsonb) language sql stable as $$
  select coalesce((select jsonb_agg(to_jsonb(i) order by i.created_at, i.id)
                     from auth.identities i where i.user_id = p_user_id), '[]'::jsonb),
         coalesce((select jsonb_agg(to_jsonb(f) order by f.created_at, f.id)
                     from auth.mfa_factors f where f.user_id = p_user_id), '[]'::jsonb),
         coalesce((select jsonb_agg(jsonb_build_object(
                            'method', a.authentication_method,
                            'timestamp', extract(epoch from a.updated_at)::bigint)
                          order by a.updated_at desc)
                     from auth.mfa_amr_claims a where a.session_id = p_session_id), '[]'::jsonb)
$$;

revoke all on function auth.session_relations(uuid, uuid) from public;

create or replace function auth.audit_payload(p_action text, p_user auth.users, p_log_type text, p_traits jsonb)
returns json language sql immutable as $$
  select (jsonb_build_object('actor_id', p_user.id::text,
                             'actor_username', coalesce(p_user.email, p_user.phone, ''),
                             'actor_via_sso', false, 'action', p_action, 'log_type', p_log_type)
          || case when p_traits is null then '{}'::jsonb else jsonb_build_object('traits', p_traits) end)::json
$$;

revoke all on function auth.audit_payload(text, auth.users, text, jsonb) from public;

create or replace function auth.session_snapshot(p_user auth.users, p_session_id uuid)
returns jsonb language plpgsql stable as $$
begin
  return (select jsonb_build_object('user', to_jsonb(p_user), 'session_id', p_session_id,
                                    'identities', r.identities, 'factors', r.factors, 'amr', r.amr)
            from auth.session_relations(p_user.id, p_session_id) r);
end $$;

create or replace function auth.write_audit(p_action text, p_user auth.users, p_ip text, p_log_type text,
                                            p_traits jsonb)
returns void language plpgsql as $$
begin
  insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
  values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(),
          auth.audit_payload(p_action, p_user, p_log_type, p_traits), now(), left(p_ip, 64));
end $$;

create or replace function auth.refresh_session(p_token_hash text, p_next_hashes text[], p_ip text,
                                                p_user_agent text, p_reuse_interval integer,
                                                p_rotation boolean)
returns jsonb language plpgsql as $$
declare
  v_token auth.refresh_tokens;
  v_user auth.users;
  v_session_alive boolean;
  v_found record;
  v_active auth.refresh_tokens;
  v_depth integer;
  v_within boolean;
begin
  -- The token (locked), its user when its user_id is a UUID, and whether its session exists.
  select rt as token, u as account, s.id is not null as alive, r.identities, r.factors, r.amr
    into v_found
    from auth.refresh_tokens rt
    left join auth.users u
      on u.id = case when rt.user_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                     then rt.user_id::uuid end
    left join auth.sessions s on s.id = rt.session_id
    left join lateral auth.session_relations(u.id, rt.session_id) r on true
   where rt.token = p_token_hash
     for update of rt;
  v_token := v_found.token;
  v_user := v_found.account;
  v_session_alive := v_found.alive;
  if v_token.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v_user.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v_user.banned_until is not null and v_user.banned_until > now() then
    return jsonb_build_object('status', 'banned');
  end if;
  if v_token.session_id is null or not v_session_alive then
    delete from auth.refresh_tokens where id = v_token.id;
    return jsonb_build_object('status', 'no_session');
  end if;
  if not v_token.revoked then
    -- Rotation: the child, the parent revoked, the session touched and the audit row.
    with revoked as (
      update auth.refresh_tokens set revoked = true, updated_at = now() where id = v_token.id
    ), touched as (
      update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(), ip = p_ip::inet,
             user_agent = coalesce(left(p_user_agent, 512), user_agent)
       where id = v_token.session_id
    ), audited as (
      insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
      values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(),
              auth.audit_payload('token_refreshed', v_user, 'token', null),
              now(), left(p_ip, 64))
    )
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent,
                                     session_id)
    values ('00000000-0000-0000-0000-000000000000', p_next_hashes[1], v_user.id::text, false, now(), now(),
            v_token.token, v_token.session_id);
    v_depth := 1;
  else
    select rt.* into v_active from auth.refresh_tokens rt
     where rt.session_id = v_token.session_id and rt.revoked = false
     order by rt.id desc limit 1;
    v_depth := array_position(p_next_hashes, v_active.token);
    v_within := now() - v_token.updated_at <= make_interval(secs => p_reuse_interval);
    if v_depth = 1 or (v_depth is not null and v_within) then
      null; -- the active token is handed out again; nothing new is made
    elsif v_depth is null and v_active.parent = v_token.token then
      update auth.refresh_tokens set revoked = true, updated_at = now() where id = v_active.id;
      insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent,
                                       session_id)
      values ('00000000-0000-0000-0000-000000000000', p_next_hashes[1], v_user.id::text, false, now(), now(),
              v_token.token, v_token.session_id)
      on conflict (token) do nothing;
      v_depth := 1;
    else
      if p_rotation and not v_within then
        delete from auth.sessions where id = v_token.session_id;
        perform auth.write_audit('token_revoked', v_user, p_ip, 'token',
                                 jsonb_build_object('reason', 'reuse_detected'));
      end if;
      return jsonb_build_object('status', 'reused');
    end if;
    update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(), ip = p_ip::inet,
           user_agent = coalesce(left(p_user_agent, 512), user_agent)
     where id = v_token.session_id;
    perform auth.write_audit('token_refreshed', v_user, p_ip, 'token', null);
  end if;
  -- auth.session_snapshot's answer, from the lookup's session_relations (a rotation changes none of it).
  return jsonb_build_object('user', to_jsonb(v_user), 'session_id', v_token.session_id,
                            'identities', v_found.identities, 'factors', v_found.factors,
                            'amr', v_found.amr, 'status', 'ok', 'issued_depth', v_depth);
end $$;

revoke all on function auth.refresh_session(text, text[], text, text, integer, boolean) from public;

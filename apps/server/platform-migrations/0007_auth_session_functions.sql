-- The token-issuing hot paths as single statements: starting a session (sign-in) and
-- rotating a refresh token each take one round trip, audit row included, and answer
-- with everything the access token and the User object need.

-- The user, identities, factors and the session's amr claims, as the service renders them.
create or replace function auth.session_snapshot(p_user auth.users, p_session_id uuid)
returns jsonb language sql stable as $$
  select jsonb_build_object(
    'user', to_jsonb(p_user),
    'session_id', p_session_id,
    'identities', coalesce((select jsonb_agg(to_jsonb(i) order by i.created_at, i.id)
                              from auth.identities i where i.user_id = p_user.id), '[]'::jsonb),
    'factors', coalesce((select jsonb_agg(to_jsonb(f) order by f.created_at, f.id)
                           from auth.mfa_factors f where f.user_id = p_user.id), '[]'::jsonb),
    'amr', coalesce((select jsonb_agg(jsonb_build_object(
                               'method', a.authentication_method,
                               'timestamp', extract(epoch from a.updated_at)::bigint)
                             order by a.updated_at desc)
                       from auth.mfa_amr_claims a where a.session_id = p_session_id), '[]'::jsonb))
$$;

create or replace function auth.write_audit(p_action text, p_user auth.users, p_ip text, p_log_type text,
                                            p_traits jsonb)
returns void language sql as $$
  insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
  values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(),
          (jsonb_build_object('actor_id', p_user.id::text,
                              'actor_username', coalesce(p_user.email, p_user.phone, ''),
                              'actor_via_sso', false, 'action', p_action, 'log_type', p_log_type)
           || case when p_traits is null then '{}'::jsonb else jsonb_build_object('traits', p_traits) end)::json,
          now(), left(p_ip, 64))
$$;

-- A new session with its first amr method (aal2 when that is an MFA method) and refresh token (its hash), the
-- user's last sign-in stamped, and the audit row when an action is given.
create or replace function auth.start_session(p_user_id uuid, p_method text, p_token_hash text, p_ip text,
                                              p_user_agent text, p_audit_action text, p_audit_traits jsonb)
returns jsonb language plpgsql as $$
declare
  v_session uuid := gen_random_uuid();
  v_user auth.users;
begin
  update auth.users set last_sign_in_at = now(), updated_at = now() where id = p_user_id returning * into v_user;
  if v_user.id is null then
    return jsonb_build_object('status', 'user_not_found');
  end if;
  insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
  values (v_session, p_user_id, now(), now(),
          case when p_method in ('totp', 'mfa/phone', 'mfa/webauthn') then 'aal2' else 'aal1' end::auth.aal_level,
          now() at time zone 'utc', left(p_user_agent, 512), p_ip::inet);
  insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
  values (gen_random_uuid(), v_session, now(), now(), p_method);
  insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
  values ('00000000-0000-0000-0000-000000000000', p_token_hash, p_user_id::text, false, now(), now(), null, v_session);
  if p_audit_action is not null then
    perform auth.write_audit(p_audit_action, v_user, p_ip, 'account', p_audit_traits);
  end if;
  return auth.session_snapshot(v_user, v_session) || jsonb_build_object('status', 'ok');
end $$;

-- The refresh grant (rotation with reuse detection): a revoked token is accepted again
-- when it is the parent of the session's only active token (the client lost the last
-- answer) or within the reuse interval; any other reuse deletes the session when
-- rotation is on. Statuses: ok, not_found, banned, no_session, reused.
create or replace function auth.refresh_session(p_token_hash text, p_new_token_hash text, p_ip text,
                                                p_user_agent text, p_reuse_interval integer,
                                                p_rotation boolean)
returns jsonb language plpgsql as $$
declare
  v_token auth.refresh_tokens;
  v_user auth.users;
  v_session_exists boolean;
  v_active_ids bigint[];
  v_active_parent text;
  v_parent_of_active boolean := false;
begin
  select rt.* into v_token from auth.refresh_tokens rt where rt.token = p_token_hash for update;
  if v_token.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  select u.* into v_user from auth.users u
   where u.id = case when v_token.user_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                     then v_token.user_id::uuid end;
  if v_user.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v_user.banned_until is not null and v_user.banned_until > now() then
    return jsonb_build_object('status', 'banned');
  end if;
  select exists (select 1 from auth.sessions s where s.id = v_token.session_id) into v_session_exists;
  if v_token.session_id is null or not v_session_exists then
    delete from auth.refresh_tokens where id = v_token.id;
    return jsonb_build_object('status', 'no_session');
  end if;
  if v_token.revoked then
    select array_agg(a.id), min(a.parent) into v_active_ids, v_active_parent
      from (select id, parent from auth.refresh_tokens
             where session_id = v_token.session_id and revoked = false order by id desc limit 2) a;
    v_parent_of_active := coalesce(array_length(v_active_ids, 1), 0) = 1 and v_active_parent = v_token.token;
    if not v_parent_of_active and now() - v_token.updated_at > make_interval(secs => p_reuse_interval) then
      if p_rotation then
        delete from auth.sessions where id = v_token.session_id;
        perform auth.write_audit('token_revoked', v_user, p_ip, 'token',
                                 jsonb_build_object('reason', 'reuse_detected'));
      end if;
      return jsonb_build_object('status', 'reused');
    end if;
    if v_parent_of_active then
      update auth.refresh_tokens set revoked = true, updated_at = now() where id = v_active_ids[1];
    end if;
  end if;
  insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
  values ('00000000-0000-0000-0000-000000000000', p_new_token_hash, v_user.id::text, false, now(), now(),
          v_token.token, v_token.session_id);
  update auth.refresh_tokens set revoked = true, updated_at = now() where id = v_token.id and revoked = false;
  update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(), ip = p_ip::inet,
         user_agent = coalesce(left(p_user_agent, 512), user_agent)
   where id = v_token.session_id;
  perform auth.write_audit('token_refreshed', v_user, p_ip, 'token', null);
  return auth.session_snapshot(v_user, v_token.session_id) || jsonb_build_object('status', 'ok');
end $$;

revoke all on function auth.session_snapshot(auth.users, uuid) from public;
revoke all on function auth.write_audit(text, auth.users, text, text, jsonb) from public;
revoke all on function auth.start_session(uuid, text, text, text, text, text, jsonb) from public;
revoke all on function auth.refresh_session(text, text, text, text, integer, boolean) from public;

-- Refresh-token replay as GoTrue rules it (brief §8.2 steps 5-6, decision 0812). Each new
-- refresh token is derived from its parent by the server (HMAC under a key the database
-- never sees), so the server can give a replayed parent its existing child instead of
-- growing a second branch: the caller passes the hashes of the presented token's next
-- three descendants (p_next_hashes[1] is its child). Rules, with the presented token:
--   * not revoked: normal rotation to p_next_hashes[1];
--   * revoked, and the session's active token is its child: that token again, at any time;
--   * revoked, and the active token is a grandchild or great-grandchild: that token again,
--     only inside the reuse interval (concurrent refreshes);
--   * revoked, and the active token is a random one made before this migration whose
--     parent it is: that token is revoked and the derived child takes its place (the
--     old rule, for sessions that were already open);
--   * otherwise outside the reuse interval: the whole session (every token of the family)
--     is deleted when rotation is on, and the answer is "reused";
--   * otherwise inside it: "reused" without deleting (the active token is too far down
--     the chain to hand over; the holder of the active token keeps the session).
-- An "ok" snapshot says with issued_depth which descendant the caller hands out.
drop function if exists auth.refresh_session(text, text, text, text, integer, boolean);

create or replace function auth.refresh_session(p_token_hash text, p_next_hashes text[], p_ip text,
                                                p_user_agent text, p_reuse_interval integer,
                                                p_rotation boolean)
returns jsonb language plpgsql as $$
declare
  v_token auth.refresh_tokens;
  v_user auth.users;
  v_active auth.refresh_tokens;
  v_depth integer;
  v_within boolean;
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
  if v_token.session_id is null
     or not exists (select 1 from auth.sessions s where s.id = v_token.session_id) then
    delete from auth.refresh_tokens where id = v_token.id;
    return jsonb_build_object('status', 'no_session');
  end if;
  if not v_token.revoked then
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent,
                                     session_id)
    values ('00000000-0000-0000-0000-000000000000', p_next_hashes[1], v_user.id::text, false, now(), now(),
            v_token.token, v_token.session_id);
    update auth.refresh_tokens set revoked = true, updated_at = now() where id = v_token.id;
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
  end if;
  update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(), ip = p_ip::inet,
         user_agent = coalesce(left(p_user_agent, 512), user_agent)
   where id = v_token.session_id;
  perform auth.write_audit('token_refreshed', v_user, p_ip, 'token', null);
  return auth.session_snapshot(v_user, v_token.session_id)
         || jsonb_build_object('status', 'ok', 'issued_depth', v_depth);
end $$;

revoke all on function auth.refresh_session(text, text[], text, text, integer, boolean) from public;

-- The access-token hook inside the token statement: the claims GoTrue puts in an access
-- token are built from a session snapshot (platform migration 0007), the hook is called
-- with its event and its answer is checked, all in SQL. A refusal or a malformed answer
-- raises, so whatever the same statement did (a rotation, a new session) is rolled back.
-- Raised SQLSTATEs the service maps: HK001 (the hook answered an error; the message is
-- its message, the detail its HTTP status) and HK002 (the output does not conform).

-- GoTrue's claims for the snapshot's user and session; p_token carries iss, iat and exp.
create or replace function auth.access_token_claims(p_snapshot jsonb, p_token jsonb)
returns jsonb language sql immutable as $$
  select jsonb_build_object(
    'iss', p_token->'iss',
    'sub', u->'id',
    'aud', coalesce(nullif(u->'aud', 'null'::jsonb), '"authenticated"'::jsonb),
    'exp', p_token->'exp',
    'iat', p_token->'iat',
    'email', coalesce(nullif(u->'email', 'null'::jsonb), '""'::jsonb),
    'phone', coalesce(nullif(u->'phone', 'null'::jsonb), '""'::jsonb),
    'app_metadata', coalesce(nullif(u->'raw_app_meta_data', 'null'::jsonb), '{}'::jsonb),
    'user_metadata', coalesce(nullif(u->'raw_user_meta_data', 'null'::jsonb), '{}'::jsonb),
    'role', coalesce(nullif(u->>'role', ''), 'authenticated'),
    'aal', case when exists (select 1 from jsonb_array_elements(p_snapshot->'amr') a
                              where a->>'method' in ('totp', 'mfa/phone', 'mfa/webauthn'))
                then 'aal2' else 'aal1' end,
    'amr', p_snapshot->'amr',
    'session_id', p_snapshot->'session_id',
    'is_anonymous', u->'is_anonymous')
  from (select p_snapshot->'user' as u) s
$$;

-- Calls the hook named by schema and function with the event and answers its claims, or
-- raises HK001/HK002 as described above (the checks GoTrue applies to the output).
create or replace function auth.run_access_token_hook(p_schema text, p_fn text, p_event jsonb)
returns jsonb language plpgsql as $$
declare
  v_out jsonb;
  v_err jsonb;
  v_claims jsonb;
  v_missing text;
  v_status int := 500;
begin
  execute format('select %I.%I($1)', p_schema, p_fn) into v_out using p_event;
  -- A hook answering a JSON document as a string is read as that document.
  if jsonb_typeof(v_out) = 'string' then
    begin
      v_out := (v_out #>> '{}')::jsonb;
    exception when others then
      v_out := null;
    end;
  end if;
  if jsonb_typeof(v_out) is distinct from 'object' then
    v_out := '{}'::jsonb;
  end if;
  v_err := v_out->'error';
  if jsonb_typeof(v_err) in ('object', 'array') then
    if jsonb_typeof(v_err->'http_code') = 'number' and (v_err->>'http_code')::numeric between 400 and 599
       and (v_err->>'http_code')::numeric = trunc((v_err->>'http_code')::numeric) then
      v_status := (v_err->>'http_code')::int;
    end if;
    raise exception using errcode = 'HK001', detail = v_status::text,
      message = case when jsonb_typeof(v_err->'message') = 'string' then v_err->>'message'
                     else 'Error from the access token hook' end;
  end if;
  if not v_out ? 'claims' then
    raise exception using errcode = 'HK002', message = 'output claims field is missing';
  end if;
  v_claims := v_out->'claims';
  if jsonb_typeof(v_claims) is distinct from 'object' then
    raise exception using errcode = 'HK002', message = 'output claims do not conform to the expected schema';
  end if;
  select string_agg(k, ', ' order by n) into v_missing
    from unnest(array['aud', 'exp', 'iat', 'sub', 'email', 'phone', 'role', 'aal', 'session_id',
                      'is_anonymous']) with ordinality as r(k, n)
   where not v_claims ? k;
  if v_missing is not null then
    raise exception using errcode = 'HK002',
      message = 'output claims do not conform to the expected schema: missing properties: ' || v_missing;
  end if;
  if not (jsonb_typeof(v_claims->'aud') in ('string', 'array')
          and jsonb_typeof(v_claims->'exp') = 'number'
          and (v_claims->>'exp')::numeric = trunc((v_claims->>'exp')::numeric)
          and jsonb_typeof(v_claims->'iat') = 'number'
          and (v_claims->>'iat')::numeric = trunc((v_claims->>'iat')::numeric)
          and coalesce(jsonb_typeof(v_claims->'amr'), 'array') = 'array'
          and coalesce(jsonb_typeof(v_claims->'app_metadata'), 'object') in ('object', 'array')
          and coalesce(jsonb_typeof(v_claims->'user_metadata'), 'object') in ('object', 'array')) then
    raise exception using errcode = 'HK002',
      message = 'output claims do not conform to the expected schema: a claim has the wrong type';
  end if;
  return v_claims;
end $$;

-- Wraps auth.start_session or auth.refresh_session: for an "ok" snapshot the hook runs on
-- the default claims and its claims are added as "claims"; any other status passes through.
-- p_token: iss, iat, exp, the event metadata and the authentication method.
create or replace function auth.with_access_token_hook(p_snapshot jsonb, p_schema text, p_fn text,
                                                       p_token jsonb)
returns jsonb language plpgsql as $$
begin
  if p_snapshot->>'status' is distinct from 'ok' then
    return p_snapshot;
  end if;
  return p_snapshot || jsonb_build_object('claims', auth.run_access_token_hook(p_schema, p_fn,
    jsonb_build_object('metadata', p_token->'metadata',
                       'user_id', p_snapshot->'user'->>'id',
                       'claims', auth.access_token_claims(p_snapshot, p_token),
                       'authentication_method', p_token->'authentication_method')));
end $$;

revoke all on function auth.access_token_claims(jsonb, jsonb) from public;
revoke all on function auth.run_access_token_hook(text, text, jsonb) from public;
revoke all on function auth.with_access_token_hook(jsonb, text, text, jsonb) from public;

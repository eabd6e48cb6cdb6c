-- Passkeys as a first factor (decision 0845): GoTrue's auth.webauthn_credentials and
-- auth.webauthn_challenges, separate from the WebAuthn second factors kept on
-- auth.mfa_factors (decision 0843), as upstream keeps them apart. One difference: the
-- credential id is stored as its base64url text, the form every request carries it in.
create table auth.webauthn_credentials (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id text not null,
  public_key text not null,
  attestation_type text not null default 'none',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz
);
create unique index webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
create index webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

-- A registration challenge names its user; a sign-in challenge does not (the account is
-- known only from the assertion's user handle). A challenge is deleted when it is used.
create table auth.webauthn_challenges (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

alter table auth.webauthn_credentials enable row level security;
alter table auth.webauthn_challenges enable row level security;
grant all on auth.webauthn_credentials, auth.webauthn_challenges to supabase_auth_admin;

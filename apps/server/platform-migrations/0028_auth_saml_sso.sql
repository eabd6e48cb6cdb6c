-- SAML single sign-on (decision 1010): GoTrue's own tables with its columns, so a
-- database GoTrue built reads the same here and the other way round. GoTrue's
-- sso_sessions was dropped upstream (20221215195900) and is not created.
create table auth.sso_providers (
  id uuid primary key,
  resource_id text null,
  created_at timestamptz null,
  updated_at timestamptz null,
  disabled boolean null,
  constraint "resource_id not empty" check (resource_id is null or char_length(resource_id) > 0)
);
create unique index sso_providers_resource_id_idx on auth.sso_providers (lower(resource_id));
create index sso_providers_resource_id_pattern_idx on auth.sso_providers (resource_id text_pattern_ops);

create table auth.sso_domains (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  domain text not null,
  created_at timestamptz null,
  updated_at timestamptz null,
  constraint "domain not empty" check (char_length(domain) > 0)
);
create index sso_domains_sso_provider_id_idx on auth.sso_domains (sso_provider_id);
create unique index sso_domains_domain_idx on auth.sso_domains (lower(domain));

create table auth.saml_providers (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  entity_id text not null unique,
  metadata_xml text not null,
  metadata_url text null,
  attribute_mapping jsonb null,
  created_at timestamptz null,
  updated_at timestamptz null,
  name_id_format text null,
  constraint "metadata_xml not empty" check (char_length(metadata_xml) > 0),
  constraint "metadata_url not empty" check (metadata_url is null or char_length(metadata_url) > 0),
  constraint "entity_id not empty" check (char_length(entity_id) > 0)
);
create index saml_providers_sso_provider_id_idx on auth.saml_providers (sso_provider_id);

-- One row per sign-in the service provider started; the row is deleted when its
-- response arrives, so the same response cannot be played a second time.
create table auth.saml_relay_states (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  request_id text not null,
  for_email text null,
  redirect_to text null,
  created_at timestamptz null,
  updated_at timestamptz null,
  flow_state_id uuid null references auth.flow_state (id) on delete cascade,
  constraint "request_id not empty" check (char_length(request_id) > 0)
);
create index saml_relay_states_sso_provider_id_idx on auth.saml_relay_states (sso_provider_id);
create index saml_relay_states_for_email_idx on auth.saml_relay_states (for_email);
create index saml_relay_states_created_at_idx on auth.saml_relay_states (created_at desc);

alter table auth.sso_providers enable row level security;
alter table auth.sso_domains enable row level security;
alter table auth.saml_providers enable row level security;
alter table auth.saml_relay_states enable row level security;
grant all on auth.sso_providers, auth.sso_domains, auth.saml_providers, auth.saml_relay_states
  to supabase_auth_admin;

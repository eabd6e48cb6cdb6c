-- The provider-side half of an OpenID Connect authorization-code flow: our own PKCE
-- verifier and nonce towards the provider, kept with the flow state until the callback.
alter table auth.flow_state add column if not exists provider_code_verifier text;
alter table auth.flow_state add column if not exists provider_nonce text;

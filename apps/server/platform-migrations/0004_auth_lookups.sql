-- Indexes for the lookups the auth service makes on every request or sign-in.
create index if not exists users_phone_idx on auth.users (phone);
create index if not exists flow_state_user_method_idx on auth.flow_state (user_id, authentication_method, created_at desc);
create index if not exists mfa_challenges_factor_idx on auth.mfa_challenges (factor_id);
create index if not exists audit_log_entries_created_idx on auth.audit_log_entries (created_at desc);
create index if not exists refresh_tokens_session_active_idx on auth.refresh_tokens (session_id, id desc) where revoked = false;

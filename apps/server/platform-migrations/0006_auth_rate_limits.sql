-- Rate-limit counters shared by every server process on one database: one row per
-- limiter key holding its current fixed window (opened by the key's first request),
-- counted with a single upsert per request.
create table if not exists auth.rate_limit_counters (
  bucket text primary key,
  window_start timestamptz not null,
  expires_at timestamptz not null,
  hits integer not null
);
create index if not exists rate_limit_counters_expires_idx on auth.rate_limit_counters (expires_at);
revoke all on auth.rate_limit_counters from public, anon, authenticated, service_role;

-- The server's own operations state, shared by every instance on one database (decision 1007).
-- `scheduled_work_pause` holds one row while scheduled work (the cron jobs, the queued
-- requests they make, release publishing, news and welcome mail, scheduled backups) is
-- paused: `npm run restore` writes it into the restored database, and an operator removes it
-- (`npm run scheduled-work -- resume`, or SCHEDULED_WORK=resume at start). `backup_runs`
-- claims each scheduled backup time once, so with several instances exactly one takes it.
create schema if not exists operations;
revoke all on schema operations from public;

create table if not exists operations.scheduled_work_pause (
  singleton boolean primary key default true check (singleton),
  paused_at timestamptz not null default now(),
  reason text not null
);

create table if not exists operations.backup_runs (
  slot timestamptz primary key,
  instance text not null,
  claimed_at timestamptz not null default now()
);

revoke all on all tables in schema operations from public;

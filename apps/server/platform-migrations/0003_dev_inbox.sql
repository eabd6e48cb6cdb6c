-- The development inbox (apps/server/src/mail/dev-inbox.ts): messages that would have
-- been mailed or texted, kept for the developer and the end-to-end tests. Only the
-- server reads it; the API roles get no access.
create schema if not exists mail;
revoke all on schema mail from public;

create table mail.dev_inbox (
  seq bigserial not null,
  id uuid primary key default gen_random_uuid(),
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text not null default '',
  body_text text not null default '',
  body_html text not null default '',
  meta jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index dev_inbox_recipient_idx on mail.dev_inbox (lower(recipient), created_at desc);

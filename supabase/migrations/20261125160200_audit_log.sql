-- The community's audit log (issue 24, docs/decisions/0872): who did what and when, across
-- the community. Written only by triggers; read by owners and membership managers. Kinds:
-- permission (memberships), cpr (set, reveal, lookup, clear), export, deletion, status
-- (member status), money (invoice status, payments), settings.

create table public.audit_log (
  id bigint generated always as identity primary key,
  community_id uuid not null references public.communities (id) on delete cascade,
  at timestamptz not null default now(),
  actor_user_id uuid,
  -- The actor's e-mail when it happened (accounts may be deleted or renamed later).
  actor_email text,
  kind text not null check (kind in ('permission', 'cpr', 'export', 'deletion', 'status', 'money', 'settings')),
  action text not null,
  -- What it was done to: a readable label (a member's name, a tag's name …) and its id.
  subject text not null default '',
  subject_id text,
  details jsonb not null default '{}'
);
-- Newest first within a community, optionally of one kind; the text search goes through the
-- trigram index on the readable parts.
create index audit_log_community_at_idx on public.audit_log (community_id, at desc, id desc);
create index audit_log_community_kind_at_idx on public.audit_log (community_id, kind, at desc, id desc);
create index audit_log_subject_idx on public.audit_log (community_id, subject_id);
create index audit_log_search_idx on public.audit_log
  using gin ((coalesce(actor_email, '') || ' ' || action || ' ' || subject) extensions.gin_trgm_ops);

alter table public.audit_log enable row level security;
revoke insert, update, delete, truncate on public.audit_log from anon, authenticated;
create policy audit_log_owner_manager_read on public.audit_log for select
  using (community_id = any ((select app_private.owner_communities())::uuid[])
         or community_id = any ((select app_private.manager_communities())::uuid[]));

create or replace function app_private.audit(
  p_community uuid, p_kind text, p_action text, p_subject text, p_subject_id text, p_details jsonb default '{}')
returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.audit_log (community_id, actor_user_id, actor_email, kind, action, subject, subject_id, details)
  select p_community, auth.uid(), (select u.email from auth.users u where u.id = auth.uid()),
         p_kind, p_action, coalesce(p_subject, ''), p_subject_id, coalesce(p_details, '{}')
  where exists (select 1 from public.communities c where c.id = p_community)
$$;
revoke execute on function app_private.audit(uuid, text, text, text, text, jsonb) from public, anon, authenticated;

create or replace function app_private.member_label(p_member uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((select m.full_name || ' (#' || m.mid || ')' from public.members m where m.id = p_member), '')
$$;

create or replace function app_private.user_label(p_user uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((select u.email from auth.users u where u.id = p_user), p_user::text)
$$;

-- Permission changes: memberships granted, changed or removed.
create or replace function app_private.audit_membership() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_row public.memberships := coalesce(new, old);
begin
  if tg_op = 'UPDATE' and new.role = old.role and new.areas = old.areas
     and new.membership_manager = old.membership_manager then
    return null;
  end if;
  perform app_private.audit(v_row.community_id, 'permission',
    case tg_op when 'INSERT' then 'access_granted' when 'DELETE' then 'access_removed' else 'access_changed' end,
    app_private.user_label(v_row.user_id), v_row.user_id::text,
    jsonb_strip_nulls(jsonb_build_object(
      'role', case when tg_op = 'INSERT' then jsonb_build_array(null, new.role)
                   when tg_op = 'DELETE' then jsonb_build_array(old.role, null)
                   when new.role <> old.role then jsonb_build_array(old.role, new.role) end,
      'areas', case when tg_op = 'INSERT' then jsonb_build_array(null, to_jsonb(new.areas::text[]))
                    when tg_op = 'DELETE' then jsonb_build_array(to_jsonb(old.areas::text[]), null)
                    when new.areas <> old.areas then jsonb_build_array(to_jsonb(old.areas::text[]), to_jsonb(new.areas::text[])) end,
      'membership_manager', case when tg_op = 'UPDATE' and new.membership_manager <> old.membership_manager
                                 then jsonb_build_array(old.membership_manager, new.membership_manager)
                                 when tg_op = 'INSERT' and new.membership_manager then jsonb_build_array(false, true) end)));
  return null;
end
$$;
create trigger memberships_audit after insert or update or delete on public.memberships
  for each row execute function app_private.audit_membership();

-- CPR numbers: every set, reveal (with its reason), lookup, export and clear.
-- to_jsonb(new) ->> 'reason' reads the reason column the members migration added.
create or replace function app_private.audit_cpr() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app_private.audit(new.community_id, case when new.action = 'export' then 'export' else 'cpr' end,
    'cpr_' || new.action, app_private.member_label(new.member_id), new.member_id::text,
    jsonb_strip_nulls(jsonb_build_object('reason', to_jsonb(new) ->> 'reason')));
  return null;
end
$$;
create trigger cpr_audit_to_audit_log after insert on public.cpr_audit
  for each row execute function app_private.audit_cpr();

-- Member register exports and erasures, from the member's history.
create or replace function app_private.audit_member_history() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.action = 'exported' then
    perform app_private.audit(new.community_id, 'export', 'member_exported',
      app_private.member_label(new.member_id), new.member_id::text, new.changes);
  elsif new.action = 'erased' then
    -- The log keeps what happened to the member, not their name.
    update public.audit_log set subject = '#' || (select m.mid from public.members m where m.id = new.member_id)
     where community_id = new.community_id and subject_id = new.member_id::text;
    perform app_private.audit(new.community_id, 'deletion', 'member_erased', '#' || (
      select m.mid from public.members m where m.id = new.member_id), new.member_id::text);
  end if;
  return null;
end
$$;
create trigger member_history_to_audit_log after insert on public.member_history
  for each row execute function app_private.audit_member_history();

-- Member status changes (active, passive, left).
create or replace function app_private.audit_member_status() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app_private.audit(new.community_id, 'status', 'member_status_changed',
    new.full_name || ' (#' || new.mid || ')', new.id::text,
    jsonb_build_object('status', jsonb_build_array(old.status, new.status)));
  return null;
end
$$;
create trigger members_audit_status after update of status on public.members
  for each row when (old.status is distinct from new.status)
  execute function app_private.audit_member_status();

-- Deletions of the things an administrator manages. The label is the row's name or title.
create or replace function app_private.audit_deletion() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_row jsonb := to_jsonb(old);
begin
  perform app_private.audit((v_row ->> 'community_id')::uuid, 'deletion', tg_table_name || '_deleted',
    coalesce(v_row ->> 'full_name', v_row ->> 'name', v_row ->> 'title', v_row ->> 'id'), v_row ->> 'id');
  return null;
end
$$;
create trigger members_audit_deletion after delete on public.members
  for each row execute function app_private.audit_deletion();
create trigger groups_audit_deletion after delete on public.groups
  for each row execute function app_private.audit_deletion();
create trigger events_audit_deletion after delete on public.events
  for each row execute function app_private.audit_deletion();
create trigger tags_audit_deletion after delete on public.tags
  for each row execute function app_private.audit_deletion();
create trigger clubs_audit_deletion after delete on public.clubs
  for each row execute function app_private.audit_deletion();
create trigger kb_articles_audit_deletion after delete on public.kb_articles
  for each row execute function app_private.audit_deletion();

-- Money: invoice status changes and payments.
create or replace function app_private.audit_invoice_status() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app_private.audit(new.community_id, 'money', 'invoice_status_changed',
    coalesce('#' || new.number::text, new.id::text), new.id::text,
    jsonb_build_object('status', jsonb_build_array(old.status, new.status), 'total_ore', new.total_ore,
                       'currency', new.currency));
  return null;
end
$$;
create trigger invoices_audit_status after update of status on public.invoices
  for each row when (old.status is distinct from new.status)
  execute function app_private.audit_invoice_status();

create or replace function app_private.audit_payment() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_number text := (select coalesce('#' || i.number::text, i.id::text) from public.invoices i where i.id = (coalesce(new, old)).invoice_id);
  v_row public.invoice_payments := coalesce(new, old);
begin
  perform app_private.audit(v_row.community_id, 'money',
    case when tg_op = 'INSERT' then 'payment_recorded' else 'payment_deleted' end,
    coalesce(v_number, ''), v_row.invoice_id::text,
    jsonb_build_object('amount_ore', v_row.amount_ore, 'method', v_row.method, 'reference', v_row.reference));
  return null;
end
$$;
create trigger invoice_payments_audit after insert or delete on public.invoice_payments
  for each row execute function app_private.audit_payment();

-- Settings: the community's name, time zone, language, CVR, logo; and the private settings.
create or replace function app_private.audit_settings() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_old jsonb := to_jsonb(old) - 'updated_at';
  v_new jsonb := to_jsonb(new) - 'updated_at';
  v_changed jsonb;
begin
  select coalesce(jsonb_object_agg(k, jsonb_build_array(v_old -> k, v_new -> k)), '{}') into v_changed
    from jsonb_object_keys(v_new) k where v_old -> k is distinct from v_new -> k;
  if v_changed = '{}' then
    return null;
  end if;
  perform app_private.audit(coalesce(v_new ->> 'community_id', v_new ->> 'id')::uuid, 'settings', 'settings_changed',
    (select c.name from public.communities c where c.id = coalesce(v_new ->> 'community_id', v_new ->> 'id')::uuid),
    coalesce(v_new ->> 'community_id', v_new ->> 'id'), v_changed);
  return null;
end
$$;
create trigger communities_audit_settings after update on public.communities
  for each row execute function app_private.audit_settings();
create trigger community_settings_audit after update on public.community_settings
  for each row execute function app_private.audit_settings();

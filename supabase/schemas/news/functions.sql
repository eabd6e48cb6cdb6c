-- News (posts, comments, mailings): functions and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE FUNCTION app_private.before_news_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $_$
begin
  new.updated_at := now();
  new.title := trim(new.title);
  if coalesce(length(new.title), 0) = 0 then
    perform app_private.fail('title_required', 'A post needs a title');
  end if;
  if tg_op = 'UPDATE' and new.status <> old.status and not (old.status, new.status) in (
      ('draft', 'scheduled'), ('draft', 'published'), ('scheduled', 'draft'), ('scheduled', 'published'),
      ('published', 'draft')) then
    perform app_private.fail('invalid_transition', format('A post cannot go from %s to %s', old.status, new.status));
  end if;
  -- Publishing later is for a time still to come; the release ticker (trusted) moves a
  -- post whose time has come, and trusted loads (seed, restores) may carry history.
  if new.status = 'scheduled' and not app_private.is_trusted() then
    if new.release_at is null then
      perform app_private.fail('release_required', 'Publishing later needs a release time');
    end if;
    if (tg_op = 'INSERT' or old.status <> 'scheduled' or new.release_at is distinct from old.release_at)
       and new.release_at <= now() then
      perform app_private.fail('release_in_past', 'The release time must be in the future');
    end if;
  end if;
  if new.status = 'draft' and not app_private.is_trusted() and (tg_op = 'INSERT' or old.status <> 'draft') then
    new.published_at := null;
  end if;
  new.link_url := nullif(trim(new.link_url), '');
  if new.link_url is not null and (tg_op = 'INSERT' or new.link_url is distinct from old.link_url) then
    if new.link_url !~* '^https?://[^\s/$.?#][^\s]*$' or length(new.link_url) > 2048 then
      perform app_private.fail('invalid_link', 'A link is an http:// or https:// address');
    end if;
    if app_private.link_names_internal_address(new.link_url) then
      perform app_private.fail('link_internal_address', 'A link may not point to an internal address');
    end if;
  end if;
  if tg_op = 'INSERT' then
    new.author_id := coalesce(new.author_id, auth.uid());
  end if;
  if nullif(trim(new.author_name), '') is null and new.author_id is not null then
    new.author_name := app_private.news_author_name(new.community_id, new.author_id);
  end if;
  if new.status = 'published' and (tg_op = 'INSERT' or old.status <> 'published') then
    new.published_at := least(coalesce(new.release_at, now()), now());
  end if;
  return new;
end
$_$;

REVOKE ALL ON FUNCTION app_private.before_news_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.check_news_author() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if app_private.is_trusted() then
    return new;
  end if;
  if new.author_id is not null and (tg_op = 'INSERT' or new.author_id is distinct from old.author_id)
     and new.author_id is distinct from auth.uid()
     and not app_private.news_author_in_community(new.community_id, new.author_id) then
    perform app_private.fail('author_not_in_community', 'The author must be an administrator or member of the community');
  end if;
  if new.author_id is not null then
    new.author_name := app_private.news_author_name(new.community_id, new.author_id);
  elsif tg_op = 'UPDATE' then
    new.author_name := old.author_name;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_news_author() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.claim_news_mail_batch(p_limit integer) RETURNS TABLE(mailing_id uuid, email text, full_name text, title text, content jsonb, link_url text, author_name text, community_name text, community_slug text, post_id uuid, unsubscribe_token text, language text)
    LANGUAGE plpgsql
    AS $$
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server sends news mail');
  end if;
  return query
  with due as (
    select r.mailing_id, r.email
    from public.news_mailing_recipients r
    join public.news_mailings m on m.id = r.mailing_id
    join public.news_posts p on p.id = m.post_id
    where r.status = 'pending' and (r.claimed_at is null or r.claimed_at < now() - interval '5 minutes')
      and m.status <> 'done'
      and (p.status = 'published' or (p.status = 'scheduled' and p.release_at <= now()))
    order by m.created_at, r.email
    limit greatest(p_limit, 1)
    for update of r skip locked
  ), claimed as (
    update public.news_mailing_recipients r set claimed_at = now()
    from due where r.mailing_id = due.mailing_id and r.email = due.email
    returning r.mailing_id, r.email, r.full_name, r.unsubscribe_token
  ), started as (
    update public.news_mailings m set status = 'sending', started_at = coalesce(m.started_at, now())
    where m.id in (select c.mailing_id from claimed c) and m.status = 'queued'
    returning m.id
  )
  select c.mailing_id, c.email, c.full_name, p.title, p.content, p.link_url, p.author_name, co.name, co.slug, p.id,
         c.unsubscribe_token, co.default_language
  from claimed c
  join public.news_mailings m on m.id = c.mailing_id
  join public.news_posts p on p.id = m.post_id
  join public.communities co on co.id = p.community_id;
end
$$;

REVOKE ALL ON FUNCTION app_private.claim_news_mail_batch(p_limit integer) FROM anon, authenticated, service_role;

CREATE FUNCTION public.comment_on_post(p_post_id uuid, p_body text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  p public.news_posts;
  v_member uuid;
  v_name text;
  v_id uuid;
begin
  select * into p from public.news_posts where id = p_post_id;
  if p.id is null or not (
       ((p.status = 'published' or (p.status = 'scheduled' and p.release_at <= now()))
        and (p.visibility = 'public' or p.community_id = any (app_private.member_communities())))
       or app_private.has_area(p.community_id, 'news')) then
    perform app_private.fail('post_not_found', 'No such post');
  end if;
  if not p.allow_comments then
    perform app_private.fail('comments_closed', 'Comments are turned off for this post');
  end if;
  if auth.uid() is null then
    perform app_private.fail('not_signed_in', 'Sign in to comment');
  end if;
  if p_body is null or length(trim(p_body)) = 0 or length(p_body) > 4000 then
    perform app_private.fail('invalid_comment', 'A comment has 1 to 4000 characters');
  end if;
  v_member := app_private.my_member_id(p.community_id);
  if v_member is null and not app_private.has_area(p.community_id, 'news') then
    perform app_private.fail('not_a_member', 'Only members of the community can comment');
  end if;
  select coalesce((select full_name from public.members where id = v_member),
                  (select coalesce(raw_user_meta_data ->> 'full_name', email) from auth.users where id = auth.uid()))
    into v_name;
  insert into public.news_comments (community_id, post_id, author_id, member_id, author_name, body)
  values (p.community_id, p.id, auth.uid(), v_member, coalesce(v_name, ''), trim(p_body))
  returning id into v_id;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.comment_on_post(p_post_id uuid, p_body text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.comment_on_post(p_post_id uuid, p_body text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.comment_on_post(p_post_id uuid, p_body text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.comment_on_post(p_post_id uuid, p_body text) TO authenticated;
GRANT ALL ON FUNCTION public.comment_on_post(p_post_id uuid, p_body text) TO service_role;

CREATE FUNCTION public.news_author_candidates(p_community_id uuid, p_search text DEFAULT ''::text, p_limit integer DEFAULT 20) RETURNS TABLE(user_id uuid, name text, email text, is_admin boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_search text := lower(trim(coalesce(p_search, '')));
begin
  if not app_private.has_area(p_community_id, 'news') then
    perform app_private.fail('not_allowed', 'Only the community''s news administrators pick authors');
  end if;
  if length(v_search) > 100 then
    perform app_private.fail('search_too_long', 'Search with at most 100 characters');
  end if;
  return query
  with people as (
    select ms.user_id, ms.role in ('admin', 'owner') as is_admin
    from public.memberships ms where ms.community_id = p_community_id
    union all
    select m.user_id, false from public.members m
    where m.community_id = p_community_id and m.user_id is not null and m.status <> 'left'
  ), named as (
    select p.user_id, bool_or(p.is_admin) as is_admin,
           coalesce(app_private.news_author_name(p_community_id, p.user_id), '') as name,
           coalesce(u.email, '')::text as email
    from people p join auth.users u on u.id = p.user_id
    group by p.user_id, u.email
  )
  select n.user_id, n.name, n.email, n.is_admin from named n
  where v_search = '' or strpos(lower(n.name), v_search) > 0 or strpos(lower(n.email), v_search) > 0
  order by n.is_admin desc, lower(n.name), n.email
  limit least(greatest(coalesce(p_limit, 20), 1), 50);
end
$$;

REVOKE ALL ON FUNCTION public.news_author_candidates(p_community_id uuid, p_search text, p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.news_author_candidates(p_community_id uuid, p_search text, p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.news_author_candidates(p_community_id uuid, p_search text, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.news_author_candidates(p_community_id uuid, p_search text, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.news_author_candidates(p_community_id uuid, p_search text, p_limit integer) TO service_role;

CREATE FUNCTION app_private.news_author_in_community(p_community uuid, p_user uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from public.memberships ms where ms.community_id = p_community and ms.user_id = p_user)
      or exists (select 1 from public.members m
                 where m.community_id = p_community and m.user_id = p_user and m.status <> 'left')
$$;

REVOKE ALL ON FUNCTION app_private.news_author_in_community(p_community uuid, p_user uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.news_author_name(p_community uuid, p_user uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(
    (select m.full_name from public.members m
     where m.community_id = p_community and m.user_id = p_user order by m.created_at limit 1),
    (select coalesce(nullif(u.raw_user_meta_data ->> 'full_name', ''), u.email) from auth.users u where u.id = p_user))
$$;

REVOKE ALL ON FUNCTION app_private.news_author_name(p_community uuid, p_user uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.news_unsubscribe(p_token text, p_confirm boolean) RETURNS jsonb
    LANGUAGE plpgsql
    AS $_$
declare
  r public.news_mailing_recipients;
  m public.news_mailings;
  v_at timestamptz;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server handles unsubscribing');
  end if;
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return null;
  end if;
  select * into r from public.news_mailing_recipients where unsubscribe_token = p_token;
  if r.mailing_id is null then
    return null;
  end if;
  select * into m from public.news_mailings where id = r.mailing_id;
  if p_confirm then
    insert into public.news_mail_unsubscribes (community_id, email, member_id, mailing_id)
    values (m.community_id, r.email, r.member_id, m.id)
    on conflict (community_id, email) do nothing;
  end if;
  select u.unsubscribed_at into v_at from public.news_mail_unsubscribes u
  where u.community_id = m.community_id and u.email = r.email;
  return jsonb_build_object(
    'email', r.email,
    'community', (select c.name from public.communities c where c.id = m.community_id),
    'language', (select c.default_language from public.communities c where c.id = m.community_id),
    'unsubscribed_at', v_at);
end
$_$;

REVOKE ALL ON FUNCTION app_private.news_unsubscribe(p_token text, p_confirm boolean) FROM anon, authenticated, service_role;

CREATE FUNCTION public.publish_due_releases() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  n int;
  m int;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the service role runs scheduled releases');
  end if;
  update public.events set status = 'published' where status = 'scheduled' and release_at <= now();
  get diagnostics n = row_count;
  update public.news_posts set status = 'published' where status = 'scheduled' and release_at <= now();
  get diagnostics m = row_count;
  return n + m;
end
$$;

REVOKE ALL ON FUNCTION public.publish_due_releases() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.publish_due_releases() FROM PUBLIC;
GRANT ALL ON FUNCTION public.publish_due_releases() TO service_role;

CREATE FUNCTION app_private.record_news_mail(p_mailing_id uuid, p_email text, p_sent boolean, p_error text) RETURNS void
    LANGUAGE plpgsql
    AS $$
declare
  n int;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server sends news mail');
  end if;
  update public.news_mailing_recipients
     set status = case when p_sent then 'sent' else 'failed' end, error = left(p_error, 500), finished_at = now()
   where mailing_id = p_mailing_id and email = p_email and status = 'pending';
  get diagnostics n = row_count;
  if n = 0 then
    return;
  end if;
  update public.news_mailings m
     set sent = m.sent + case when p_sent then 1 else 0 end,
         failed = m.failed + case when p_sent then 0 else 1 end,
         status = case when m.sent + m.failed + 1 >= m.total then 'done'::public.news_mailing_status else 'sending' end,
         finished_at = case when m.sent + m.failed + 1 >= m.total then now() end
   where m.id = p_mailing_id;
end
$$;

REVOKE ALL ON FUNCTION app_private.record_news_mail(p_mailing_id uuid, p_email text, p_sent boolean, p_error text) FROM anon, authenticated, service_role;

CREATE FUNCTION public.resend_news_mailing_failures(p_mailing_id uuid) RETURNS public.news_mailings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  m public.news_mailings;
  n int;
begin
  select * into m from public.news_mailings where id = p_mailing_id for update;
  if m.id is null or not app_private.has_area(m.community_id, 'news') then
    perform app_private.fail('mailing_not_found', 'No such mailing');
  end if;
  if m.status <> 'done' then
    perform app_private.fail('mailing_in_progress', 'This post is already being sent');
  end if;
  update public.news_mailing_recipients r
     set status = 'pending', error = null, claimed_at = null, finished_at = null
   where r.mailing_id = m.id and r.status = 'failed'
     and not exists (select 1 from public.news_mail_unsubscribes u
                     where u.community_id = m.community_id and u.email = r.email);
  get diagnostics n = row_count;
  if n = 0 then
    perform app_private.fail('nothing_failed', 'No mail of this sending failed');
  end if;
  update public.news_mailings
     set failed = failed - n, status = 'queued', finished_at = null
   where id = m.id
  returning * into m;
  return m;
end
$$;

REVOKE ALL ON FUNCTION public.resend_news_mailing_failures(p_mailing_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.resend_news_mailing_failures(p_mailing_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.resend_news_mailing_failures(p_mailing_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.resend_news_mailing_failures(p_mailing_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.resend_news_mailing_failures(p_mailing_id uuid) TO service_role;

CREATE FUNCTION public.send_news_post(p_post_id uuid) RETURNS public.news_mailings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  p public.news_posts;
  m public.news_mailings;
begin
  select * into p from public.news_posts where id = p_post_id;
  if p.id is null or not app_private.has_area(p.community_id, 'news') then
    perform app_private.fail('post_not_found', 'No such post');
  end if;
  if p.status = 'draft' then
    perform app_private.fail('post_not_published', 'Publish the post (now or later) before sending it');
  end if;
  if p.visibility = 'hidden' then
    perform app_private.fail('post_hidden', 'A hidden post has no audience to send it to');
  end if;
  if exists (select 1 from public.news_mailings x where x.post_id = p.id and x.status <> 'done') then
    perform app_private.fail('mailing_in_progress', 'This post is already being sent');
  end if;
  insert into public.news_mailings (community_id, post_id, requested_by)
  values (p.community_id, p.id, auth.uid()) returning * into m;
  insert into public.news_mailing_recipients (mailing_id, email, member_id, full_name)
  select distinct on (lower(x.email)) m.id, lower(x.email), x.id, x.full_name
  from public.members x
  where x.community_id = p.community_id and x.status <> 'left' and x.email is not null
    and not exists (select 1 from public.news_mail_unsubscribes u
                    where u.community_id = p.community_id and u.email = lower(x.email))
  order by lower(x.email), x.created_at;
  update public.news_mailings
     set total = (select count(*) from public.news_mailing_recipients r where r.mailing_id = m.id),
         status = case when exists (select 1 from public.news_mailing_recipients r where r.mailing_id = m.id)
                       then 'queued'::public.news_mailing_status else 'done' end,
         finished_at = case when exists (select 1 from public.news_mailing_recipients r where r.mailing_id = m.id)
                            then null else now() end
   where id = m.id
  returning * into m;
  return m;
end
$$;

REVOKE ALL ON FUNCTION public.send_news_post(p_post_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.send_news_post(p_post_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.send_news_post(p_post_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.send_news_post(p_post_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.send_news_post(p_post_id uuid) TO service_role;

CREATE FUNCTION public.set_news_comment_hidden(p_comment_id uuid, p_hidden boolean) RETURNS public.news_comments
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  c public.news_comments;
begin
  select * into c from public.news_comments where id = p_comment_id;
  if c.id is null or not app_private.has_area(c.community_id, 'news') then
    perform app_private.fail('comment_not_found', 'No such comment');
  end if;
  update public.news_comments
     set hidden_at = case when p_hidden then coalesce(hidden_at, now()) end,
         hidden_by = case when p_hidden then coalesce(hidden_by, auth.uid()) end
   where id = p_comment_id
  returning * into c;
  return c;
end
$$;

REVOKE ALL ON FUNCTION public.set_news_comment_hidden(p_comment_id uuid, p_hidden boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.set_news_comment_hidden(p_comment_id uuid, p_hidden boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_news_comment_hidden(p_comment_id uuid, p_hidden boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_news_comment_hidden(p_comment_id uuid, p_hidden boolean) TO authenticated;
GRANT ALL ON FUNCTION public.set_news_comment_hidden(p_comment_id uuid, p_hidden boolean) TO service_role;

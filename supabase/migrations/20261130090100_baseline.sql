-- The club schema as of 30 November 2026: the 93 migrations written from 22 to 30 November,
-- squashed into one (decision 0980). It carries the version of the last of them, so a
-- database that applied them all skips it, as `supabase migration squash` does. The objects
-- are the ones under supabase/schemas/, in the order supabase/config.toml applies them;
-- the rows at the end are the reference data those migrations inserted.

set check_function_bodies = off;

-- schemas/shared/schema.sql

CREATE SCHEMA app_private;

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';

GRANT USAGE ON SCHEMA app_private TO anon;
GRANT USAGE ON SCHEMA app_private TO authenticated;
GRANT USAGE ON SCHEMA app_private TO service_role;

-- schemas/billing/types.sql

CREATE TYPE public.billing_interval AS ENUM (
    'one_time',
    'monthly',
    'quarterly',
    'annually'
);

CREATE TYPE public.invoice_status AS ENUM (
    'draft',
    'issued',
    'paid',
    'void',
    'credited'
);

CREATE TYPE public.payment_frequency AS ENUM (
    'one_time',
    'monthly',
    'quarterly',
    'annually'
);

CREATE TYPE public.payment_method AS ENUM (
    'mobilepay',
    'betalingsservice',
    'card',
    'bank_transfer',
    'cash',
    'account_credit'
);

-- schemas/booking/types.sql

CREATE TYPE public.booking_availability AS ENUM (
    'weekly',
    'specific_days',
    'timeslot'
);

CREATE TYPE public.booking_price_mode AS ENUM (
    'none',
    'hourly',
    'individual'
);

CREATE TYPE public.booking_status AS ENUM (
    'booked',
    'checked_in',
    'cancelled'
);

-- schemas/community/types.sql

CREATE TYPE public.admin_area AS ENUM (
    'analytics',
    'billing',
    'booking',
    'event',
    'group',
    'knowledge_base',
    'member',
    'news'
);

CREATE TYPE public.membership_role AS ENUM (
    'member',
    'admin',
    'owner'
);

-- schemas/events/types.sql

CREATE TYPE public.event_kind AS ENUM (
    'internal',
    'external'
);

CREATE TYPE public.event_status AS ENUM (
    'draft',
    'scheduled',
    'published',
    'cancelled'
);

CREATE TYPE public.event_visibility AS ENUM (
    'public',
    'members',
    'invite_only',
    'hidden'
);

-- schemas/groups/types.sql

CREATE TYPE public.group_visibility AS ENUM (
    'public',
    'members',
    'invite_only'
);

-- schemas/knowledge_base/types.sql

CREATE TYPE public.kb_article_status AS ENUM (
    'draft',
    'published',
    'archived'
);

CREATE TYPE public.kb_visibility AS ENUM (
    'public',
    'members',
    'admins'
);

-- schemas/members/types.sql

CREATE TYPE public.gender AS ENUM (
    'female',
    'male',
    'other'
);

CREATE TYPE public.member_status AS ENUM (
    'active',
    'passive',
    'left'
);

-- schemas/news/types.sql

CREATE TYPE public.news_mailing_status AS ENUM (
    'queued',
    'sending',
    'done'
);

CREATE TYPE public.news_visibility AS ENUM (
    'public',
    'members',
    'hidden'
);

-- schemas/orders/types.sql

CREATE TYPE public.order_status AS ENUM (
    'awaiting_payment',
    'sent_to_customer',
    'activated',
    'ordered'
);

-- schemas/shared/types.sql

CREATE TYPE public.repeat_rule AS ENUM (
    'never',
    'weekly',
    'biweekly',
    'monthly',
    'yearly',
    'first_weekday',
    'last_weekday'
);

-- schemas/shared/functions.sql

set check_function_bodies = off;

CREATE FUNCTION app_private.bump_counter(p_community uuid, p_kind text, p_at_least bigint) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into app_private.counters as c (community_id, kind, last_value) values (p_community, p_kind, p_at_least)
  on conflict (community_id, kind) do update set last_value = greatest(c.last_value, excluded.last_value)
$$;

REVOKE ALL ON FUNCTION app_private.bump_counter(p_community uuid, p_kind text, p_at_least bigint) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.bump_counter(p_community uuid, p_kind text, p_at_least bigint) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.bump_counter(p_community uuid, p_kind text, p_at_least bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION app_private.bump_counter(p_community uuid, p_kind text, p_at_least bigint) TO anon;
GRANT ALL ON FUNCTION app_private.bump_counter(p_community uuid, p_kind text, p_at_least bigint) TO authenticated;
GRANT ALL ON FUNCTION app_private.bump_counter(p_community uuid, p_kind text, p_at_least bigint) TO service_role;

CREATE FUNCTION app_private.check_range(p_from date, p_to date, p_bucket text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    AS $$
begin
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 3660 then
    perform app_private.fail('invalid_range', 'Choose a date range of at most ten years');
  end if;
  if p_bucket not in ('day', 'week', 'month', 'quarter', 'year') then
    perform app_private.fail('invalid_bucket', 'Bucket is one of day, week, month, quarter, year');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_range(p_from date, p_to date, p_bucket text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.check_rich_text(p_doc jsonb) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $$
declare
  problem text;
begin
  if p_doc is null then return true; end if;
  if octet_length(p_doc::text) > 262144 then
    problem := 'the document is larger than 256 KB';
  else
    problem := app_private.rich_text_problem(p_doc, null, 'doc', 0);
  end if;
  if problem is not null then
    raise exception using errcode = '22023', message = 'invalid_rich_text',
      detail = 'Rich text refused: ' || problem,
      hint = 'Send the editor''s document: allowed are paragraphs, headings, lists, images, bold, italic and links (http, https, mailto).';
  end if;
  return true;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_rich_text(p_doc jsonb) FROM anon, authenticated, service_role;

CREATE FUNCTION public.danish_holidays(p_from date, p_to date) RETURNS TABLE(on_date date, name_da text, name_en text)
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  with years as (select generate_series(extract(year from p_from)::int, extract(year from p_to)::int) as y),
  days as (
    select make_date(y, 1, 1) as d, 'Nytårsdag' as da, 'New Year''s Day' as en from years
    union all select app_private.easter_sunday(y) - 3, 'Skærtorsdag', 'Maundy Thursday' from years
    union all select app_private.easter_sunday(y) - 2, 'Langfredag', 'Good Friday' from years
    union all select app_private.easter_sunday(y), 'Påskedag', 'Easter Sunday' from years
    union all select app_private.easter_sunday(y) + 1, '2. påskedag', 'Easter Monday' from years
    union all select app_private.easter_sunday(y) + 26, 'Store bededag', 'General Prayer Day' from years where y < 2024
    union all select app_private.easter_sunday(y) + 39, 'Kristi himmelfartsdag', 'Ascension Day' from years
    union all select app_private.easter_sunday(y) + 49, 'Pinsedag', 'Whit Sunday' from years
    union all select app_private.easter_sunday(y) + 50, '2. pinsedag', 'Whit Monday' from years
    union all select make_date(y, 12, 25), 'Juledag', 'Christmas Day' from years
    union all select make_date(y, 12, 26), '2. juledag', 'Boxing Day' from years)
  select d, da, en from days where d between p_from and p_to order by d
$$;

REVOKE ALL ON FUNCTION public.danish_holidays(p_from date, p_to date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.danish_holidays(p_from date, p_to date) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.danish_holidays(p_from date, p_to date) TO anon;
GRANT ALL ON FUNCTION public.danish_holidays(p_from date, p_to date) TO authenticated;
GRANT ALL ON FUNCTION public.danish_holidays(p_from date, p_to date) TO service_role;

CREATE FUNCTION app_private.decode_html_entities(p_text text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $$
declare
  v text := p_text;
  m text[];
  code bigint;
begin
  v := replace(replace(replace(replace(v, '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"');
  v := replace(replace(v, '&#39;', ''''), '&apos;', '''');
  loop
    m := regexp_match(v, '&#([xX]?)([0-9a-fA-F]{1,7});');
    exit when m is null;
    begin
      code := case when m[1] = '' then m[2]::bigint else ('x' || lpad(m[2], 8, '0'))::bit(32)::bigint end;
    exception when others then
      code := 65533;
    end;
    if code < 32 or code > 1114111 or code between 55296 and 57343 then code := 65533; end if;
    v := replace(v, '&#' || m[1] || m[2] || ';', chr(code::int));
  end loop;
  return replace(v, '&amp;', '&');
end
$$;

REVOKE ALL ON FUNCTION app_private.decode_html_entities(p_text text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.ean_check_digit_ok(p_ean text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select p_ean ~ '^[0-9]{13}$'
     and (10 - (select sum(substr(p_ean, i, 1)::int * case when i % 2 = 0 then 3 else 1 end)
                from generate_series(1, 12) i) % 10) % 10 = substr(p_ean, 13, 1)::int
$_$;

REVOKE ALL ON FUNCTION app_private.ean_check_digit_ok(p_ean text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.easter_sunday(p_year integer) RETURNS date
    LANGUAGE plpgsql IMMUTABLE
    AS $$
declare a int; b int; c int; d int; e int; f int; g int; h int; i int; k int; l int; m int;
begin
  a := p_year % 19; b := p_year / 100; c := p_year % 100; d := b / 4; e := b % 4;
  f := (b + 8) / 25; g := (b - f + 1) / 3; h := (19 * a + b - d - g + 15) % 30;
  i := c / 4; k := c % 4; l := (32 + 2 * e + 2 * i - h - k) % 7; m := (a + 11 * h + 22 * l) / 451;
  return make_date(p_year, (h + l - 7 * m + 114) / 31, ((h + l - 7 * m + 114) % 31) + 1);
end
$$;

REVOKE ALL ON FUNCTION app_private.easter_sunday(p_year integer) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.empty_rich_text() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select '{"type":"doc","content":[{"type":"paragraph"}]}'::jsonb
$$;

REVOKE ALL ON FUNCTION app_private.empty_rich_text() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.fail(code text, detail text) RETURNS void
    LANGUAGE plpgsql
    AS $$
begin
  raise exception using errcode = 'P0001', message = code, detail = detail;
end
$$;

REVOKE ALL ON FUNCTION app_private.fail(code text, detail text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.fail(code text, detail text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.fail(code text, detail text) TO anon;
GRANT ALL ON FUNCTION app_private.fail(code text, detail text) TO authenticated;
GRANT ALL ON FUNCTION app_private.fail(code text, detail text) TO service_role;

CREATE FUNCTION app_private.fold_name(p_name text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select lower(translate(trim(p_name), 'ÆØÅÄÖÜÉÈÁÀ', 'æøåäöüéèáà'))
$$;

REVOKE ALL ON FUNCTION app_private.fold_name(p_name text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.html_attribute(p_tag text, p_name text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select app_private.decode_html_entities(coalesce(m[1], m[2], m[3]))
  from regexp_match(p_tag, '\s' || p_name || '\s*=\s*(?:"([^"]*)"|''([^'']*)''|([^\s>"'']+))', 'i') m
$$;

REVOKE ALL ON FUNCTION app_private.html_attribute(p_tag text, p_name text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.html_to_rich_text(p_html text) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $_$
declare
  tok text;
  tag text;
  closing boolean;
  blocks jsonb := '[]';
  inline jsonb := '[]';
  items jsonb := '[]';
  block_type text := 'paragraph';
  heading_level int := 2;
  list_type text;
  list_depth int := 0;
  bold int := 0;
  italic int := 0;
  link text;
  skip int := 0;
  marks jsonb;
  txt text;
  para text;
  src text;
begin
  if p_html is null or trim(p_html) = '' then return null; end if;
  if p_html !~ '<[A-Za-z/!]' then
    -- Plain text: blank lines separate paragraphs, single line breaks stay line breaks.
    for para in select unnest(regexp_split_to_array(trim(p_html), '\r?\n\s*\r?\n')) loop
      inline := '[]';
      for txt in select unnest(regexp_split_to_array(trim(para), '\r?\n')) loop
        if jsonb_array_length(inline) > 0 then inline := inline || '[{"type":"hardBreak"}]'; end if;
        if trim(txt) <> '' then inline := inline || jsonb_build_array(jsonb_build_object('type', 'text', 'text', txt)); end if;
      end loop;
      if jsonb_array_length(inline) > 0 then
        blocks := blocks || jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content', inline));
      end if;
    end loop;
    return case when jsonb_array_length(blocks) = 0 then null
                else jsonb_build_object('type', 'doc', 'content', blocks) end;
  end if;

  for tok in select (regexp_matches(p_html, '<[^>]*>|[^<]+|<', 'g'))[1] loop
    if tok ~ '^<[A-Za-z/!]' then
      closing := tok ~ '^</';
      tag := lower(substring(tok from '^</?\s*([A-Za-z0-9]+)'));
      if tag is null then continue; end if;
      if tag in ('script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'svg', 'math',
                 'title', 'head', 'select', 'frameset', 'noembed', 'xmp') then
        skip := greatest(skip + case when closing then -1 when tok ~ '/\s*>$' then 0 else 1 end, 0);
        continue;
      end if;
      continue when skip > 0;
      if tag in ('p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'section', 'article', 'header',
                 'footer', 'pre', 'table', 'tr', 'li', 'ul', 'ol', 'hr') then
        -- A block boundary: the words so far become a paragraph, heading or list item.
        if jsonb_array_length(inline) > 0 then
          if list_depth > 0 then
            items := items || jsonb_build_array(jsonb_build_object('type', 'listItem', 'content',
                       jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content', inline))));
          elsif block_type = 'heading' then
            blocks := blocks || jsonb_build_array(jsonb_build_object('type', 'heading', 'attrs',
                        jsonb_build_object('level', heading_level), 'content', inline));
          else
            blocks := blocks || jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content', inline));
          end if;
          inline := '[]';
        end if;
        if tag in ('ul', 'ol') then
          if not closing then
            if list_depth = 0 then list_type := case tag when 'ol' then 'orderedList' else 'bulletList' end; end if;
            list_depth := list_depth + 1;
          elsif list_depth > 0 then
            list_depth := list_depth - 1;
            if list_depth = 0 and jsonb_array_length(items) > 0 then
              blocks := blocks || jsonb_build_array(jsonb_build_object('type', list_type, 'content', items));
              items := '[]';
            end if;
          end if;
        elsif tag ~ '^h[1-6]$' then
          block_type := case when closing then 'paragraph' else 'heading' end;
          heading_level := least(greatest(substring(tag from 2)::int, 2), 4);
        end if;
      elsif tag in ('strong', 'b') then
        bold := greatest(bold + case when closing then -1 else 1 end, 0);
      elsif tag in ('em', 'i') then
        italic := greatest(italic + case when closing then -1 else 1 end, 0);
      elsif tag = 'a' then
        link := case when closing then null else app_private.html_attribute(tok, 'href') end;
        if link is not null and not app_private.rich_text_link_ok(to_jsonb(link)) then link := null; end if;
      elsif tag = 'br' and not closing then
        if jsonb_array_length(inline) > 0 then inline := inline || '[{"type":"hardBreak"}]'; end if;
      elsif tag = 'img' and not closing and list_depth = 0 then
        src := app_private.html_attribute(tok, 'src');
        if src is not null and app_private.rich_text_image_ok(to_jsonb(src)) then
          if jsonb_array_length(inline) > 0 then
            blocks := blocks || jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content', inline));
            inline := '[]';
          end if;
          blocks := blocks || jsonb_build_array(jsonb_build_object('type', 'image', 'attrs', jsonb_build_object(
                      'src', src, 'alt', left(coalesce(app_private.html_attribute(tok, 'alt'), ''), 500))));
        end if;
      end if;
      continue;
    end if;
    continue when skip > 0;
    txt := regexp_replace(app_private.decode_html_entities(tok), '\s+', ' ', 'g');
    if jsonb_array_length(inline) = 0 then txt := ltrim(txt); end if;
    continue when txt = '';
    marks := '[]';
    if bold > 0 then marks := marks || '[{"type":"bold"}]'; end if;
    if italic > 0 then marks := marks || '[{"type":"italic"}]'; end if;
    if link is not null then
      marks := marks || jsonb_build_array(jsonb_build_object('type', 'link', 'attrs', jsonb_build_object(
                 'href', link, 'target', '_blank', 'rel', 'noopener noreferrer nofollow')));
    end if;
    inline := inline || jsonb_build_array(case when jsonb_array_length(marks) = 0
      then jsonb_build_object('type', 'text', 'text', txt)
      else jsonb_build_object('type', 'text', 'text', txt, 'marks', marks) end);
  end loop;
  if jsonb_array_length(inline) > 0 then
    if list_depth > 0 then
      items := items || jsonb_build_array(jsonb_build_object('type', 'listItem', 'content',
                 jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content', inline))));
    else
      blocks := blocks || jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content', inline));
    end if;
  end if;
  if jsonb_array_length(items) > 0 then
    blocks := blocks || jsonb_build_array(jsonb_build_object('type', coalesce(list_type, 'bulletList'), 'content', items));
  end if;
  return case when jsonb_array_length(blocks) = 0 then null
              else jsonb_build_object('type', 'doc', 'content', blocks) end;
end
$_$;

REVOKE ALL ON FUNCTION app_private.html_to_rich_text(p_html text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.is_trusted() RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select coalesce(auth.role(), '') in ('', 'service_role')
$$;

REVOKE ALL ON FUNCTION app_private.is_trusted() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.is_trusted() TO anon;
GRANT ALL ON FUNCTION app_private.is_trusted() TO authenticated;
GRANT ALL ON FUNCTION app_private.is_trusted() TO service_role;

CREATE FUNCTION app_private.link_names_internal_address(p_url text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE
    AS $_$
declare
  v_host text := lower(substring(p_url from '^[a-zA-Z]+://(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)'));
  v_ip inet;
begin
  if v_host is null or v_host = '' then
    return false;
  end if;
  v_host := trim(both '[]' from v_host);
  if v_host !~ '^[0-9.]+$' and v_host !~ ':' then
    return false;
  end if;
  begin
    v_ip := v_host::inet;
  exception when others then
    return false;
  end;
  return v_ip <<= any (array['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16',
      '172.16.0.0/12', '192.0.0.0/24', '192.168.0.0/16', '198.18.0.0/15', '224.0.0.0/3', '::/127',
      'fc00::/7', 'fe80::/10', 'ff00::/8', '::ffff:0:0/96']::inet[]);
end
$_$;

REVOKE ALL ON FUNCTION app_private.link_names_internal_address(p_url text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.local_instant(p_local timestamp without time zone, p_tz text) RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case when ((p_local at time zone p_tz) at time zone p_tz) = p_local then p_local at time zone p_tz end
$$;

REVOKE ALL ON FUNCTION app_private.local_instant(p_local timestamp without time zone, p_tz text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.next_number(p_community uuid, p_kind text) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into app_private.counters as c (community_id, kind, last_value) values (p_community, p_kind, 1)
  on conflict (community_id, kind) do update set last_value = c.last_value + 1
  returning last_value
$$;

REVOKE ALL ON FUNCTION app_private.next_number(p_community uuid, p_kind text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.next_number(p_community uuid, p_kind text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.next_number(p_community uuid, p_kind text) FROM PUBLIC;
GRANT ALL ON FUNCTION app_private.next_number(p_community uuid, p_kind text) TO anon;
GRANT ALL ON FUNCTION app_private.next_number(p_community uuid, p_kind text) TO authenticated;
GRANT ALL ON FUNCTION app_private.next_number(p_community uuid, p_kind text) TO service_role;

CREATE FUNCTION app_private.on_view_created() RETURNS event_trigger
    LANGUAGE plpgsql
    AS $$
declare r record;
begin
  for r in select * from pg_event_trigger_ddl_commands()
           where object_type = 'view' and schema_name in ('public', 'storage') loop
    perform app_private.owner_view_write_privileges_off(r.objid::regclass);
  end loop;
end
$$;

REVOKE ALL ON FUNCTION app_private.on_view_created() FROM anon, authenticated, service_role;

CREATE FUNCTION public.operator_user_id(p_email text) RETURNS uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.require_service_role();
  return (select u.id from auth.users u where lower(u.email) = lower(trim(p_email)) limit 1);
end
$$;

REVOKE ALL ON FUNCTION public.operator_user_id(p_email text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.operator_user_id(p_email text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.operator_user_id(p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_user_id(p_email text) TO service_role;

CREATE FUNCTION app_private.owner_view_write_privileges_off(p_view regclass) RETURNS void
    LANGUAGE plpgsql
    AS $$
begin
  if not exists (select 1 from pg_class c where c.oid = p_view and c.relkind = 'v'
                   and coalesce(c.reloptions, '{}') && array['security_invoker=true', 'security_invoker=on']) then
    execute format('revoke insert, update, delete, truncate on %s from anon, authenticated', p_view);
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.owner_view_write_privileges_off(p_view regclass) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.owner_view_write_privileges_off(p_view regclass) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.owner_view_write_privileges_off(p_view regclass) FROM PUBLIC;

-- Event triggers need a superuser (our platform's migrations run as one; a Supabase
-- project's do not). Where it cannot be created, the explicit grants of each view in these
-- files still keep owner views read-only, and the writable-columns test catches a later one.
DO $$
begin
  if (select rolsuper from pg_roles where rolname = current_user) then
    drop event trigger if exists owner_views_read_only;
    create event trigger owner_views_read_only on ddl_command_end
      when tag in ('CREATE VIEW', 'ALTER VIEW')
      execute function app_private.on_view_created();
  end if;
end
$$;

CREATE FUNCTION app_private.periods(p_from date, p_to date, p_bucket text) RETURNS TABLE(period_start date, period_end date)
    LANGUAGE sql IMMUTABLE
    AS $$
  with step as (select case p_bucket when 'quarter' then interval '3 months' else ('1 ' || p_bucket)::interval end as i)
  select s::date, (s + step.i)::date
  from step, generate_series(date_trunc(p_bucket, p_from::timestamp), p_to::timestamp, step.i) s
$$;

REVOKE ALL ON FUNCTION app_private.periods(p_from date, p_to date, p_bucket text) FROM anon, authenticated, service_role;

CREATE FUNCTION public.recurrence_starts(p_first timestamp with time zone, p_rule public.repeat_rule, p_until date, p_time_zone text DEFAULT 'Europe/Copenhagen'::text) RETURNS SETOF timestamp with time zone
    LANGUAGE plpgsql STABLE
    AS $$
declare
  local0 timestamp := p_first at time zone p_time_zone;
  wd int := extract(isodow from local0)::int;
  month0 timestamp := date_trunc('month', local0);
  clock interval := local0 - date_trunc('day', local0);
  n int;
  candidate timestamp;
  month_start timestamp;
  last_day timestamp;
begin
  if p_rule = 'never' or p_until is null then
    return next p_first;
    return;
  end if;
  for n in 0..600 loop
    candidate := case p_rule
      when 'weekly' then local0 + make_interval(days => 7 * n)
      when 'biweekly' then local0 + make_interval(days => 14 * n)
      when 'monthly' then local0 + make_interval(months => n)
      when 'yearly' then local0 + make_interval(years => n)
      else null end;
    if p_rule in ('first_weekday', 'last_weekday') then
      month_start := month0 + make_interval(months => n);
      if p_rule = 'first_weekday' then
        candidate := month_start + make_interval(days => (wd - extract(isodow from month_start)::int + 7) % 7) + clock;
      else
        last_day := month_start + interval '1 month' - interval '1 day';
        candidate := last_day - make_interval(days => (extract(isodow from last_day)::int - wd + 7) % 7) + clock;
      end if;
      continue when candidate < local0;
    end if;
    exit when candidate::date > p_until;
    return next candidate at time zone p_time_zone;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION public.recurrence_starts(p_first timestamp with time zone, p_rule public.repeat_rule, p_until date, p_time_zone text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.recurrence_starts(p_first timestamp with time zone, p_rule public.repeat_rule, p_until date, p_time_zone text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.recurrence_starts(p_first timestamp with time zone, p_rule public.repeat_rule, p_until date, p_time_zone text) TO anon;
GRANT ALL ON FUNCTION public.recurrence_starts(p_first timestamp with time zone, p_rule public.repeat_rule, p_until date, p_time_zone text) TO authenticated;
GRANT ALL ON FUNCTION public.recurrence_starts(p_first timestamp with time zone, p_rule public.repeat_rule, p_until date, p_time_zone text) TO service_role;

CREATE FUNCTION app_private.require_service_role() RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if not app_private.is_trusted() then
    perform app_private.fail('operator_only', 'Only the operator (service role) may do this');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.require_service_role() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.rich_text_attrs_problem(p_type text, p_attrs jsonb, p_at text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $_$
declare
  k text;
  v jsonb;
  allowed text[] := case p_type
    when 'heading' then array['level']
    when 'orderedList' then array['start', 'type']
    when 'image' then array['src', 'alt', 'title', 'width', 'height']
    when 'link' then array['href', 'target', 'rel', 'class', 'title']
    else array[]::text[] end;
begin
  if p_attrs is null or p_attrs = 'null'::jsonb then
    if p_type in ('heading', 'image', 'link') then
      return format('%s at %s needs its attributes', p_type, p_at);
    end if;
    return null;
  end if;
  if jsonb_typeof(p_attrs) <> 'object' then
    return format('attrs of %s at %s must be an object', p_type, p_at);
  end if;
  for k, v in select * from jsonb_each(p_attrs) loop
    if not k = any (allowed) then
      return format('attribute "%s" is not allowed on %s (at %s)', left(k, 40), p_type, p_at);
    end if;
    if v = 'null'::jsonb and k not in ('level', 'href', 'src') then
      continue;
    end if;
    if (p_type, k) = ('heading', 'level') then
      if v not in ('2', '3', '4') then return format('heading level at %s must be 2, 3 or 4', p_at); end if;
    elsif (p_type, k) = ('orderedList', 'start') then
      if jsonb_typeof(v) <> 'number' or v::text !~ '^[0-9]{1,6}$' then
        return format('list start at %s must be a whole number', p_at);
      end if;
    elsif (p_type, k) = ('orderedList', 'type') then
      if v not in ('"1"', '"a"', '"A"', '"i"', '"I"') then return format('list numbering at %s is not allowed', p_at); end if;
    elsif (p_type, k) = ('image', 'src') then
      if not app_private.rich_text_image_ok(v) then
        return format('image at %s must come from an https address or this server''s storage', p_at);
      end if;
    elsif (p_type, k) in (('image', 'width'), ('image', 'height')) then
      if jsonb_typeof(v) <> 'number' or v::text !~ '^[0-9]{1,5}$' then
        return format('image %s at %s must be a whole number of pixels', k, p_at);
      end if;
    elsif (p_type, k) = ('link', 'href') then
      if not app_private.rich_text_link_ok(v) then
        return format('link at %s must start with http://, https:// or mailto:', p_at);
      end if;
    elsif (p_type, k) = ('link', 'target') then
      if v <> '"_blank"' then return format('link target at %s may only be _blank', p_at); end if;
    elsif (p_type, k) = ('link', 'class') then
      if jsonb_typeof(v) <> 'string' or (v #>> '{}') !~ '^[A-Za-z0-9 _-]{0,100}$' then
        return format('link class at %s is not allowed', p_at);
      end if;
    elsif (p_type, k) = ('link', 'rel') then
      if jsonb_typeof(v) <> 'string' or (v #>> '{}') !~ '^[a-z ]{0,60}$' then
        return format('link rel at %s is not allowed', p_at);
      end if;
    elsif jsonb_typeof(v) <> 'string' or length(v #>> '{}') > 500 then
      -- image alt and title, link title: short plain strings.
      return format('%s %s at %s must be a short text', p_type, k, p_at);
    end if;
  end loop;
  if p_type = 'heading' and not p_attrs ? 'level' then return format('heading at %s needs a level', p_at); end if;
  if p_type = 'image' and (p_attrs -> 'src') is null then return format('image at %s needs a src', p_at); end if;
  if p_type = 'link' and (p_attrs -> 'href') is null then return format('link at %s needs an href', p_at); end if;
  return null;
end
$_$;

REVOKE ALL ON FUNCTION app_private.rich_text_attrs_problem(p_type text, p_attrs jsonb, p_at text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.rich_text_children(p_type text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select case p_type
    when 'doc' then array['paragraph', 'heading', 'bulletList', 'orderedList', 'image']
    when 'paragraph' then array['text', 'hardBreak']
    when 'heading' then array['text', 'hardBreak']
    when 'bulletList' then array['listItem']
    when 'orderedList' then array['listItem']
    when 'listItem' then array['paragraph', 'heading', 'bulletList', 'orderedList', 'image']
    when 'text' then array[]::text[]
    when 'hardBreak' then array[]::text[]
    when 'image' then array[]::text[]
  end
$$;

REVOKE ALL ON FUNCTION app_private.rich_text_children(p_type text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.rich_text_image_ok(p_src jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $_$
  select jsonb_typeof(p_src) = 'string' and length(p_src #>> '{}') <= 2048
     and (p_src #>> '{}') ~* '^(https://[^\s<>"''`\\]+|/storage/v1/object/public/[A-Za-z0-9._~%/-]+)$'
     and (p_src #>> '{}') !~ '\.\./'
$_$;

REVOKE ALL ON FUNCTION app_private.rich_text_image_ok(p_src jsonb) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.rich_text_link_ok(p_href jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $_$
  select jsonb_typeof(p_href) = 'string' and length(p_href #>> '{}') <= 2048
     and (p_href #>> '{}') ~* '^(https?://[^\s<>"''`\\]+|mailto:[^\s<>"''`\\/:]+@[^\s<>"''`\\]+)$'
$_$;

REVOKE ALL ON FUNCTION app_private.rich_text_link_ok(p_href jsonb) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.rich_text_plain(p_doc jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $_$
  select coalesce(string_agg(t #>> '{}', ' '), '')
  from jsonb_path_query(coalesce(p_doc, '{}'::jsonb), 'strict $.** ? (@.type == "text").text') t
  where jsonb_typeof(t) = 'string'
$_$;

REVOKE ALL ON FUNCTION app_private.rich_text_plain(p_doc jsonb) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.rich_text_problem(p_node jsonb, p_parent text, p_at text, p_depth integer) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $$
declare
  v_type text;
  k text;
  m jsonb;
  child jsonb;
  i int := 0;
  problem text;
  seen text[] := '{}';
begin
  if p_depth > 24 then return format('the document is nested too deeply at %s', p_at); end if;
  if jsonb_typeof(p_node) <> 'object' then return format('%s must be an object', p_at); end if;
  if jsonb_typeof(p_node -> 'type') is distinct from 'string' then return format('%s has no type', p_at); end if;
  v_type := p_node ->> 'type';
  if app_private.rich_text_children(v_type) is null then
    return format('node type "%s" is not allowed (at %s)', left(v_type, 40), p_at);
  end if;
  if p_parent is null and v_type <> 'doc' then return 'the document must start with a doc node'; end if;
  if p_parent is not null and not v_type = any (app_private.rich_text_children(p_parent)) then
    return format('%s may not hold %s (at %s)', p_parent, v_type, p_at);
  end if;
  for k in select jsonb_object_keys(p_node) loop
    if not k = any (array['type', 'attrs', 'content', 'marks', 'text']) then
      return format('key "%s" is not allowed on %s (at %s)', left(k, 40), v_type, p_at);
    end if;
  end loop;
  problem := app_private.rich_text_attrs_problem(v_type, p_node -> 'attrs', p_at);
  if problem is not null then return problem; end if;
  if v_type = 'text' then
    if jsonb_typeof(p_node -> 'text') is distinct from 'string' or p_node ->> 'text' = '' then
      return format('text at %s must be a non-empty string', p_at);
    end if;
  elsif p_node ? 'text' then
    return format('%s at %s may not carry text', v_type, p_at);
  end if;
  if p_node ? 'marks' and p_node -> 'marks' <> 'null'::jsonb then
    if v_type not in ('text', 'hardBreak') then return format('%s at %s may not carry marks', v_type, p_at); end if;
    if jsonb_typeof(p_node -> 'marks') <> 'array' then return format('marks at %s must be a list', p_at); end if;
    for m in select * from jsonb_array_elements(p_node -> 'marks') loop
      if jsonb_typeof(m) <> 'object' or not (m ->> 'type') = any (array['bold', 'italic', 'link']) then
        return format('mark %s is not allowed (at %s)', left(coalesce(m ->> 'type', m::text), 40), p_at);
      end if;
      if (m ->> 'type') = any (seen) then return format('mark %s repeats at %s', m ->> 'type', p_at); end if;
      seen := seen || (m ->> 'type');
      for k in select jsonb_object_keys(m) loop
        if k not in ('type', 'attrs') then return format('key "%s" is not allowed on a mark (at %s)', left(k, 40), p_at); end if;
      end loop;
      problem := app_private.rich_text_attrs_problem(m ->> 'type', m -> 'attrs', p_at);
      if problem is not null then return problem; end if;
    end loop;
  end if;
  if p_node ? 'content' and p_node -> 'content' <> 'null'::jsonb then
    if jsonb_typeof(p_node -> 'content') <> 'array' then return format('content at %s must be a list', p_at); end if;
    if cardinality(app_private.rich_text_children(v_type)) = 0 and jsonb_array_length(p_node -> 'content') > 0 then
      return format('%s at %s may not hold content', v_type, p_at);
    end if;
    for child in select * from jsonb_array_elements(p_node -> 'content') loop
      problem := app_private.rich_text_problem(child, v_type, p_at || '.content[' || i || ']', p_depth + 1);
      if problem is not null then return problem; end if;
      i := i + 1;
    end loop;
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.rich_text_problem(p_node jsonb, p_parent text, p_at text, p_depth integer) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.slug_from_name(p_name text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select left(trim(both '-' from regexp_replace(
           lower(replace(replace(replace(replace(replace(replace(
             replace(replace(replace(replace(coalesce(p_name, ''),
               'Æ', 'ae'), 'æ', 'ae'), 'Ø', 'oe'), 'ø', 'oe'), 'Å', 'aa'), 'å', 'aa'),
               'É', 'e'), 'é', 'e'), 'Ü', 'u'), 'ü', 'u')),
           '[^a-z0-9]+', '-', 'g')), 63)
$$;

REVOKE ALL ON FUNCTION app_private.slug_from_name(p_name text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.trusted_or_trigger() RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select pg_trigger_depth() > 1 or app_private.is_trusted()
$$;

REVOKE ALL ON FUNCTION app_private.trusted_or_trigger() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.user_label(p_user uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select u.email from auth.users u where u.id = p_user), p_user::text)
$$;

REVOKE ALL ON FUNCTION app_private.user_label(p_user uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.user_name_in(p_community_id uuid, p_user_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select m.full_name from public.members m
                   where m.community_id = p_community_id and m.user_id = p_user_id order by m.created_at limit 1),
                  (select u.email::text from auth.users u where u.id = p_user_id))
$$;

REVOKE ALL ON FUNCTION app_private.user_name_in(p_community_id uuid, p_user_id uuid) FROM anon, authenticated, service_role;

-- schemas/billing/tables.sql

CREATE TABLE public.volunteer_credit_rules (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    min_hours numeric(6,2) NOT NULL,
    credit_ore integer NOT NULL,
    season_start date NOT NULL,
    season_end date NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT volunteer_credit_rules_check CHECK ((season_end >= season_start)),
    CONSTRAINT volunteer_credit_rules_credit_ore_check CHECK ((credit_ore > 0)),
    CONSTRAINT volunteer_credit_rules_min_hours_check CHECK ((min_hours > (0)::numeric)),
    CONSTRAINT volunteer_credit_rules_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0))
);

ALTER TABLE ONLY public.volunteer_credit_rules
    ADD CONSTRAINT volunteer_credit_rules_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.volunteer_credit_rules
    ADD CONSTRAINT volunteer_credit_rules_pkey PRIMARY KEY (id);

ALTER TABLE public.volunteer_credit_rules ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.volunteer_credit_rules FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.volunteer_credit_rules TO anon;
GRANT ALL ON TABLE public.volunteer_credit_rules TO authenticated;
GRANT ALL ON TABLE public.volunteer_credit_rules TO service_role;

CREATE TABLE public.invoices (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    account_id uuid NOT NULL,
    number bigint,
    status public.invoice_status DEFAULT 'draft'::public.invoice_status NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    issued_on date,
    due_on date,
    subtotal_ore bigint DEFAULT 0 NOT NULL,
    vat_ore bigint DEFAULT 0 NOT NULL,
    total_ore bigint DEFAULT 0 NOT NULL,
    paid_ore bigint DEFAULT 0 NOT NULL,
    note text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    kind text DEFAULT 'invoice'::text NOT NULL,
    credited_invoice_id uuid,
    fees_ore bigint DEFAULT 0 NOT NULL,
    emailed_at timestamp with time zone,
    CONSTRAINT invoices_credit_note_refers CHECK (((kind = 'credit_note'::text) = (credited_invoice_id IS NOT NULL))),
    CONSTRAINT invoices_fees_ore_check CHECK ((fees_ore >= 0)),
    CONSTRAINT invoices_kind_check CHECK ((kind = ANY (ARRAY['invoice'::text, 'credit_note'::text])))
);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_community_id_number_key UNIQUE (community_id, number);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);

ALTER TABLE public.invoices ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.invoices FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.invoices TO anon;
GRANT ALL ON TABLE public.invoices TO authenticated;
GRANT ALL ON TABLE public.invoices TO service_role;

CREATE TABLE public.payment_terms (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    days_due integer DEFAULT 14 NOT NULL,
    is_default boolean DEFAULT false NOT NULL,
    reminder_days integer[] DEFAULT '{}'::integer[] NOT NULL,
    reminder_fee_ore integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payment_terms_days_due_check CHECK (((days_due >= 0) AND (days_due <= 365))),
    CONSTRAINT payment_terms_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT payment_terms_reminder_fee_ore_check CHECK (((reminder_fee_ore >= 0) AND (reminder_fee_ore <= 10000)))
);

ALTER TABLE ONLY public.payment_terms
    ADD CONSTRAINT payment_terms_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.payment_terms
    ADD CONSTRAINT payment_terms_pkey PRIMARY KEY (id);

ALTER TABLE public.payment_terms ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.payment_terms FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.payment_terms TO anon;
GRANT ALL ON TABLE public.payment_terms TO authenticated;
GRANT ALL ON TABLE public.payment_terms TO service_role;

CREATE TABLE app_private.invoice_numbers_ahead (
    invoice_id uuid NOT NULL,
    number bigint NOT NULL
);

REVOKE ALL ON TABLE app_private.invoice_numbers_ahead FROM anon, authenticated, service_role;

ALTER TABLE ONLY app_private.invoice_numbers_ahead
    ADD CONSTRAINT invoice_numbers_ahead_pkey PRIMARY KEY (invoice_id);

CREATE TABLE public.account_credits (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    account_id uuid NOT NULL,
    amount_ore bigint NOT NULL,
    source text NOT NULL,
    invoice_id uuid,
    payment_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT account_credits_amount_ore_check CHECK ((amount_ore <> 0)),
    CONSTRAINT account_credits_source_check CHECK ((source = ANY (ARRAY['overpayment'::text, 'credited_payment'::text, 'applied'::text])))
);

ALTER TABLE ONLY public.account_credits
    ADD CONSTRAINT account_credits_pkey PRIMARY KEY (id);

ALTER TABLE public.account_credits ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.account_credits FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.account_credits TO anon;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.account_credits TO authenticated;
GRANT ALL ON TABLE public.account_credits TO service_role;

CREATE TABLE public.billing_account_totals (
    account_id uuid NOT NULL,
    community_id uuid NOT NULL,
    outstanding_ore bigint DEFAULT 0 NOT NULL,
    credit_ore bigint DEFAULT 0 NOT NULL,
    open_invoices integer DEFAULT 0 NOT NULL,
    first_due_on date,
    last_due_on date
);

ALTER TABLE ONLY public.billing_account_totals
    ADD CONSTRAINT billing_account_totals_pkey PRIMARY KEY (account_id);

ALTER TABLE public.billing_account_totals ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.billing_account_totals FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.billing_account_totals TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.billing_account_totals TO authenticated;
GRANT ALL ON TABLE public.billing_account_totals TO service_role;

CREATE TABLE public.billing_accounts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    kind text DEFAULT 'member'::text NOT NULL,
    member_id uuid,
    email text,
    cvr text,
    ean text,
    street text,
    postal_code text,
    city text,
    plan_id uuid,
    payment_terms_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    language text DEFAULT 'da'::text NOT NULL,
    note text,
    order_reference text,
    contact_reference text,
    CONSTRAINT billing_accounts_contact_reference_check CHECK (((contact_reference IS NULL) OR (length(contact_reference) <= 40))),
    CONSTRAINT billing_accounts_cvr_check CHECK (((cvr IS NULL) OR (cvr ~ '^[0-9]{8}$'::text))),
    CONSTRAINT billing_accounts_ean_check CHECK (((ean IS NULL) OR (ean ~ '^[0-9]{13}$'::text))),
    CONSTRAINT billing_accounts_email_check CHECK (((email IS NULL) OR (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT billing_accounts_kind_check CHECK ((kind = ANY (ARRAY['member'::text, 'household'::text, 'organisation'::text, 'public_body'::text]))),
    CONSTRAINT billing_accounts_language_check CHECK ((language = ANY (ARRAY['da'::text, 'en'::text]))),
    CONSTRAINT billing_accounts_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT billing_accounts_order_reference_check CHECK (((order_reference IS NULL) OR (length(order_reference) <= 35)))
);

ALTER TABLE ONLY public.billing_accounts
    ADD CONSTRAINT billing_accounts_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.billing_accounts
    ADD CONSTRAINT billing_accounts_pkey PRIMARY KEY (id);

ALTER TABLE public.billing_accounts ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.billing_accounts FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.billing_accounts TO anon;
GRANT ALL ON TABLE public.billing_accounts TO authenticated;
GRANT ALL ON TABLE public.billing_accounts TO service_role;

CREATE TABLE public.billing_plans (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    description text,
    price_ore integer NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    billing_interval public.billing_interval DEFAULT 'annually'::public.billing_interval NOT NULL,
    vat_rate_bp integer DEFAULT 0 NOT NULL,
    vat_exempt boolean DEFAULT true NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    payment_terms_id uuid,
    grants text DEFAULT 'membership'::text NOT NULL,
    group_id uuid,
    CONSTRAINT billing_plans_grants_check CHECK ((grants = ANY (ARRAY['membership'::text, 'group'::text, 'nothing'::text]))),
    CONSTRAINT billing_plans_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT billing_plans_price_ore_check CHECK ((price_ore >= 0)),
    CONSTRAINT billing_plans_vat_rate_bp_check CHECK (((vat_rate_bp >= 0) AND (vat_rate_bp <= 10000)))
);

ALTER TABLE ONLY public.billing_plans
    ADD CONSTRAINT billing_plans_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.billing_plans
    ADD CONSTRAINT billing_plans_pkey PRIMARY KEY (id);

ALTER TABLE public.billing_plans ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.billing_plans FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.billing_plans TO anon;
GRANT ALL ON TABLE public.billing_plans TO authenticated;
GRANT ALL ON TABLE public.billing_plans TO service_role;

CREATE TABLE public.billing_settings (
    community_id uuid NOT NULL,
    bank_reg_no text,
    bank_account_no text,
    mobilepay_number text,
    invoice_email text,
    debtor_account text DEFAULT '5600'::text NOT NULL,
    revenue_exempt_account text DEFAULT '1000'::text NOT NULL,
    revenue_taxable_account text DEFAULT '1010'::text NOT NULL,
    vat_account text DEFAULT '7700'::text NOT NULL,
    fee_income_account text DEFAULT '1090'::text NOT NULL,
    bank_account text DEFAULT '5820'::text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    street text,
    postal_code text,
    city text,
    iban text,
    CONSTRAINT billing_settings_bank_account_no_check CHECK (((bank_account_no IS NULL) OR (bank_account_no ~ '^[0-9]{6,10}$'::text))),
    CONSTRAINT billing_settings_bank_reg_no_check CHECK (((bank_reg_no IS NULL) OR (bank_reg_no ~ '^[0-9]{4}$'::text))),
    CONSTRAINT billing_settings_city_check CHECK (((city IS NULL) OR (length(city) <= 80))),
    CONSTRAINT billing_settings_iban_check CHECK (((iban IS NULL) OR (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'::text))),
    CONSTRAINT billing_settings_invoice_email_check CHECK (((invoice_email IS NULL) OR (invoice_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT billing_settings_mobilepay_number_check CHECK (((mobilepay_number IS NULL) OR (mobilepay_number ~ '^[0-9]{4,8}$'::text))),
    CONSTRAINT billing_settings_postal_code_check CHECK (((postal_code IS NULL) OR (postal_code ~ '^[0-9]{4}$'::text))),
    CONSTRAINT billing_settings_street_check CHECK (((street IS NULL) OR (length(street) <= 160)))
);

ALTER TABLE ONLY public.billing_settings
    ADD CONSTRAINT billing_settings_pkey PRIMARY KEY (community_id);

ALTER TABLE public.billing_settings ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.billing_settings FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.billing_settings TO anon;
GRANT ALL ON TABLE public.billing_settings TO authenticated;
GRANT ALL ON TABLE public.billing_settings TO service_role;

CREATE TABLE public.invoice_lines (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    invoice_id uuid NOT NULL,
    description text NOT NULL,
    quantity integer DEFAULT 1 NOT NULL,
    unit_price_ore integer NOT NULL,
    vat_rate_bp integer DEFAULT 0 NOT NULL,
    vat_exempt boolean DEFAULT true NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    plan_id uuid,
    line_kind text DEFAULT 'charge'::text NOT NULL,
    net_ore bigint GENERATED ALWAYS AS (((
CASE
    WHEN (line_kind = 'credit'::text) THEN '-1'::integer
    ELSE 1
END * (quantity)::bigint) * unit_price_ore)) STORED,
    vat_ore bigint GENERATED ALWAYS AS (
CASE
    WHEN vat_exempt THEN (0)::bigint
    ELSE (
    CASE
        WHEN (line_kind = 'credit'::text) THEN '-1'::integer
        ELSE 1
    END * (round(((((quantity)::numeric * (unit_price_ore)::numeric) * (vat_rate_bp)::numeric) / (10000)::numeric)))::bigint)
END) STORED,
    CONSTRAINT invoice_lines_check CHECK (((NOT vat_exempt) OR (vat_rate_bp = 0))),
    CONSTRAINT invoice_lines_description_check CHECK ((length(TRIM(BOTH FROM description)) > 0)),
    CONSTRAINT invoice_lines_line_kind_check CHECK ((line_kind = ANY (ARRAY['charge'::text, 'credit'::text]))),
    CONSTRAINT invoice_lines_quantity_check CHECK ((quantity > 0)),
    CONSTRAINT invoice_lines_unit_price_ore_check CHECK ((unit_price_ore >= 0)),
    CONSTRAINT invoice_lines_vat_rate_bp_check CHECK (((vat_rate_bp >= 0) AND (vat_rate_bp <= 10000)))
);

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_pkey PRIMARY KEY (id);

ALTER TABLE public.invoice_lines ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.invoice_lines FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.invoice_lines TO anon;
GRANT ALL ON TABLE public.invoice_lines TO authenticated;
GRANT ALL ON TABLE public.invoice_lines TO service_role;

CREATE TABLE public.invoice_payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    invoice_id uuid NOT NULL,
    amount_ore bigint NOT NULL,
    method public.payment_method NOT NULL,
    paid_at timestamp with time zone DEFAULT now() NOT NULL,
    reference text,
    CONSTRAINT invoice_payments_amount_ore_check CHECK ((amount_ore > 0))
);

ALTER TABLE ONLY public.invoice_payments
    ADD CONSTRAINT invoice_payments_pkey PRIMARY KEY (id);

ALTER TABLE public.invoice_payments ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.invoice_payments FROM anon, authenticated, service_role;
GRANT SELECT,INSERT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.invoice_payments TO anon;
GRANT SELECT,INSERT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.invoice_payments TO authenticated;
GRANT ALL ON TABLE public.invoice_payments TO service_role;

CREATE TABLE public.invoice_reminders (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    invoice_id uuid NOT NULL,
    seq smallint NOT NULL,
    fee_ore integer NOT NULL,
    reminded_on date DEFAULT CURRENT_DATE NOT NULL,
    emailed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT invoice_reminders_fee_ore_check CHECK (((fee_ore >= 0) AND (fee_ore <= 10000))),
    CONSTRAINT invoice_reminders_seq_check CHECK (((seq >= 1) AND (seq <= 3)))
);

ALTER TABLE ONLY public.invoice_reminders
    ADD CONSTRAINT invoice_reminders_invoice_id_seq_key UNIQUE (invoice_id, seq);

ALTER TABLE ONLY public.invoice_reminders
    ADD CONSTRAINT invoice_reminders_pkey PRIMARY KEY (id);

ALTER TABLE public.invoice_reminders ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.invoice_reminders FROM anon, authenticated, service_role;
GRANT SELECT,INSERT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.invoice_reminders TO anon;
GRANT SELECT,INSERT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.invoice_reminders TO authenticated;
GRANT ALL ON TABLE public.invoice_reminders TO service_role;

CREATE TABLE public.invoice_status_counts (
    community_id uuid NOT NULL,
    status public.invoice_status NOT NULL,
    invoices bigint DEFAULT 0 NOT NULL,
    CONSTRAINT invoice_status_counts_invoices_check CHECK ((invoices >= 0))
);

ALTER TABLE ONLY public.invoice_status_counts
    ADD CONSTRAINT invoice_status_counts_pkey PRIMARY KEY (community_id, status);

ALTER TABLE public.invoice_status_counts ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.invoice_status_counts FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.invoice_status_counts TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.invoice_status_counts TO authenticated;
GRANT ALL ON TABLE public.invoice_status_counts TO service_role;

CREATE TABLE public.volunteer_credits (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    rule_id uuid NOT NULL,
    member_id uuid NOT NULL,
    hours numeric(8,2) NOT NULL,
    credit_ore integer NOT NULL,
    invoice_id uuid,
    applied_ore integer,
    earned_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT volunteer_credits_credit_ore_check CHECK ((credit_ore > 0))
);

ALTER TABLE ONLY public.volunteer_credits
    ADD CONSTRAINT volunteer_credits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.volunteer_credits
    ADD CONSTRAINT volunteer_credits_rule_id_member_id_key UNIQUE (rule_id, member_id);

ALTER TABLE public.volunteer_credits ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.volunteer_credits FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.volunteer_credits TO anon;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.volunteer_credits TO authenticated;
GRANT ALL ON TABLE public.volunteer_credits TO service_role;

-- schemas/booking/tables.sql

CREATE TABLE public.booking_products (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    club_id uuid,
    name text NOT NULL,
    description text,
    image_path text,
    account_id uuid,
    availability public.booking_availability DEFAULT 'weekly'::public.booking_availability NOT NULL,
    capacity integer DEFAULT 1 NOT NULL,
    price_mode public.booking_price_mode DEFAULT 'none'::public.booking_price_mode NOT NULL,
    price_ore integer DEFAULT 0 NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    require_contact_sharing boolean DEFAULT false NOT NULL,
    max_duration_minutes integer,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    min_duration_minutes integer,
    min_notice_minutes integer DEFAULT 0 NOT NULL,
    opens_days_ahead integer,
    cancel_deadline_hours integer DEFAULT 0 NOT NULL,
    CONSTRAINT booking_products_cancel_deadline_hours_check CHECK (((cancel_deadline_hours >= 0) AND (cancel_deadline_hours <= 8760))),
    CONSTRAINT booking_products_capacity_check CHECK ((capacity > 0)),
    CONSTRAINT booking_products_check CHECK (((price_mode = 'none'::public.booking_price_mode) = (price_ore = 0))),
    CONSTRAINT booking_products_duration_order CHECK (((min_duration_minutes IS NULL) OR (max_duration_minutes IS NULL) OR (min_duration_minutes <= max_duration_minutes))),
    CONSTRAINT booking_products_max_duration_minutes_check CHECK (((max_duration_minutes IS NULL) OR (max_duration_minutes > 0))),
    CONSTRAINT booking_products_min_duration_minutes_check CHECK (((min_duration_minutes IS NULL) OR (min_duration_minutes > 0))),
    CONSTRAINT booking_products_min_notice_minutes_check CHECK (((min_notice_minutes >= 0) AND (min_notice_minutes <= 525600))),
    CONSTRAINT booking_products_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT booking_products_opens_days_ahead_check CHECK (((opens_days_ahead IS NULL) OR ((opens_days_ahead >= 1) AND (opens_days_ahead <= 1000)))),
    CONSTRAINT booking_products_price_ore_check CHECK ((price_ore >= 0))
);

ALTER TABLE ONLY public.booking_products
    ADD CONSTRAINT booking_products_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.booking_products
    ADD CONSTRAINT booking_products_pkey PRIMARY KEY (id);

ALTER TABLE public.booking_products ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.booking_products FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.booking_products TO anon;
GRANT ALL ON TABLE public.booking_products TO authenticated;
GRANT ALL ON TABLE public.booking_products TO service_role;

CREATE TABLE public.bookings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    product_id uuid NOT NULL,
    member_id uuid NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    status public.booking_status DEFAULT 'booked'::public.booking_status NOT NULL,
    price_ore integer DEFAULT 0 NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    contact_shared boolean DEFAULT false NOT NULL,
    note text,
    checked_in_at timestamp with time zone,
    cancelled_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    series_id uuid,
    requirements jsonb DEFAULT '[]'::jsonb NOT NULL,
    late_cancellation boolean DEFAULT false NOT NULL,
    cancel_reason text,
    booked_by uuid,
    CONSTRAINT bookings_cancel_reason_check CHECK (((cancel_reason IS NULL) OR (length(cancel_reason) <= 200))),
    CONSTRAINT bookings_check CHECK ((ends_at > starts_at)),
    CONSTRAINT bookings_price_ore_check CHECK ((price_ore >= 0))
);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);

ALTER TABLE public.bookings ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.bookings;

REVOKE ALL ON TABLE public.bookings FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.bookings TO anon;
GRANT ALL ON TABLE public.bookings TO authenticated;
GRANT ALL ON TABLE public.bookings TO service_role;

CREATE TABLE public.booking_closed_days (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    product_id uuid,
    on_date date NOT NULL,
    reason text DEFAULT ''::text NOT NULL,
    CONSTRAINT booking_closed_days_reason_check CHECK ((length(reason) <= 200))
);

ALTER TABLE ONLY public.booking_closed_days
    ADD CONSTRAINT booking_closed_days_pkey PRIMARY KEY (id);

ALTER TABLE public.booking_closed_days ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.booking_closed_days FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.booking_closed_days TO anon;
GRANT ALL ON TABLE public.booking_closed_days TO authenticated;
GRANT ALL ON TABLE public.booking_closed_days TO service_role;

CREATE TABLE public.booking_feed_tokens (
    token text NOT NULL,
    community_id uuid NOT NULL,
    product_id uuid,
    member_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT booking_feed_tokens_check CHECK ((num_nonnulls(product_id, member_id) = 1)),
    CONSTRAINT booking_feed_tokens_token_check CHECK ((token ~ '^[0-9a-f]{64}$'::text))
);

ALTER TABLE ONLY public.booking_feed_tokens
    ADD CONSTRAINT booking_feed_tokens_pkey PRIMARY KEY (token);

ALTER TABLE public.booking_feed_tokens ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.booking_feed_tokens FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.booking_feed_tokens TO anon;
GRANT ALL ON TABLE public.booking_feed_tokens TO authenticated;
GRANT ALL ON TABLE public.booking_feed_tokens TO service_role;

CREATE TABLE public.booking_series (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    product_id uuid NOT NULL,
    member_id uuid NOT NULL,
    weekday smallint NOT NULL,
    starts_at time without time zone NOT NULL,
    ends_at time without time zone NOT NULL,
    first_day date NOT NULL,
    last_day date NOT NULL,
    skip_holidays boolean DEFAULT true NOT NULL,
    note text,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT booking_series_check CHECK ((ends_at > starts_at)),
    CONSTRAINT booking_series_check1 CHECK (((last_day >= first_day) AND ((last_day - first_day) <= 550))),
    CONSTRAINT booking_series_weekday_check CHECK (((weekday >= 1) AND (weekday <= 7)))
);

ALTER TABLE ONLY public.booking_series
    ADD CONSTRAINT booking_series_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.booking_series
    ADD CONSTRAINT booking_series_pkey PRIMARY KEY (id);

ALTER TABLE public.booking_series ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.booking_series FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.booking_series TO anon;
GRANT ALL ON TABLE public.booking_series TO authenticated;
GRANT ALL ON TABLE public.booking_series TO service_role;

CREATE TABLE public.product_availability (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    product_id uuid NOT NULL,
    weekday smallint,
    on_date date,
    starts_at time without time zone NOT NULL,
    ends_at time without time zone NOT NULL,
    CONSTRAINT product_availability_check CHECK ((num_nonnulls(weekday, on_date) = 1)),
    CONSTRAINT product_availability_check1 CHECK ((ends_at > starts_at)),
    CONSTRAINT product_availability_weekday_check CHECK (((weekday >= 1) AND (weekday <= 7)))
);

ALTER TABLE ONLY public.product_availability
    ADD CONSTRAINT product_availability_pkey PRIMARY KEY (id);

ALTER TABLE public.product_availability ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.product_availability FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.product_availability TO anon;
GRANT ALL ON TABLE public.product_availability TO authenticated;
GRANT ALL ON TABLE public.product_availability TO service_role;

CREATE TABLE public.product_required_certificates (
    community_id uuid NOT NULL,
    product_id uuid NOT NULL,
    kind text NOT NULL,
    CONSTRAINT product_required_certificates_kind_check CHECK ((kind ~ '^[a-z0-9_]{2,40}$'::text))
);

ALTER TABLE ONLY public.product_required_certificates
    ADD CONSTRAINT product_required_certificates_pkey PRIMARY KEY (product_id, kind);

ALTER TABLE public.product_required_certificates ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.product_required_certificates FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.product_required_certificates TO anon;
GRANT ALL ON TABLE public.product_required_certificates TO authenticated;
GRANT ALL ON TABLE public.product_required_certificates TO service_role;

CREATE TABLE public.product_required_groups (
    community_id uuid NOT NULL,
    product_id uuid NOT NULL,
    group_id uuid NOT NULL
);

ALTER TABLE ONLY public.product_required_groups
    ADD CONSTRAINT product_required_groups_pkey PRIMARY KEY (product_id, group_id);

ALTER TABLE public.product_required_groups ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.product_required_groups FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.product_required_groups TO anon;
GRANT ALL ON TABLE public.product_required_groups TO authenticated;
GRANT ALL ON TABLE public.product_required_groups TO service_role;

-- schemas/community/tables.sql

CREATE TABLE public.memberships (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    user_id uuid NOT NULL,
    role public.membership_role DEFAULT 'member'::public.membership_role NOT NULL,
    areas public.admin_area[] DEFAULT '{}'::public.admin_area[] NOT NULL,
    membership_manager boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_community_id_user_id_key UNIQUE (community_id, user_id);

ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_pkey PRIMARY KEY (id);

ALTER TABLE public.memberships ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.memberships FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.memberships TO anon;
GRANT ALL ON TABLE public.memberships TO authenticated;
GRANT ALL ON TABLE public.memberships TO service_role;

CREATE TABLE public.communities (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    logo_path text,
    time_zone text DEFAULT 'Europe/Copenhagen'::text NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    default_language text DEFAULT 'da'::text NOT NULL,
    cvr text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT communities_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT communities_cvr_check CHECK (((cvr IS NULL) OR (cvr ~ '^[0-9]{8}$'::text))),
    CONSTRAINT communities_default_language_check CHECK ((default_language = ANY (ARRAY['da'::text, 'en'::text]))),
    CONSTRAINT communities_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT communities_slug_check CHECK ((slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'::text))
);

ALTER TABLE ONLY public.communities
    ADD CONSTRAINT communities_pkey PRIMARY KEY (id);

ALTER TABLE public.communities ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.communities FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.communities TO anon;
GRANT ALL ON TABLE public.communities TO authenticated;
GRANT ALL ON TABLE public.communities TO service_role;

CREATE TABLE app_private.counters (
    community_id uuid NOT NULL,
    kind text NOT NULL,
    last_value bigint DEFAULT 0 NOT NULL
);

REVOKE ALL ON TABLE app_private.counters FROM anon, authenticated, service_role;

ALTER TABLE ONLY app_private.counters
    ADD CONSTRAINT counters_pkey PRIMARY KEY (community_id, kind);

CREATE TABLE app_private.setup_tokens (
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT setup_tokens_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);

REVOKE ALL ON TABLE app_private.setup_tokens FROM anon, authenticated, service_role;

ALTER TABLE ONLY app_private.setup_tokens
    ADD CONSTRAINT setup_tokens_pkey PRIMARY KEY (token_hash);

CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    community_id uuid NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    actor_user_id uuid,
    actor_email text,
    kind text NOT NULL,
    action text NOT NULL,
    subject text DEFAULT ''::text NOT NULL,
    subject_id text,
    details jsonb DEFAULT '{}'::jsonb NOT NULL,
    search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, app_private.fold_name(((((((COALESCE(actor_email, ''::text) || ' '::text) || translate(COALESCE(actor_email, ''::text), '@.'::text, '  '::text)) || ' '::text) || replace(action, '_'::text, ' '::text)) || ' '::text) || subject)))) STORED,
    CONSTRAINT audit_log_kind_check CHECK ((kind = ANY (ARRAY['permission'::text, 'cpr'::text, 'export'::text, 'deletion'::text, 'status'::text, 'money'::text, 'settings'::text])))
);
ALTER TABLE ONLY public.audit_log ALTER COLUMN search_words SET STATISTICS 1000;

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);

ALTER TABLE public.audit_log ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.audit_log FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.audit_log TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.audit_log TO authenticated;
GRANT ALL ON TABLE public.audit_log TO service_role;

ALTER TABLE public.audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

REVOKE ALL ON SEQUENCE public.audit_log_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.audit_log_id_seq TO anon;
GRANT ALL ON SEQUENCE public.audit_log_id_seq TO authenticated;
GRANT ALL ON SEQUENCE public.audit_log_id_seq TO service_role;

CREATE TABLE public.clubs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    description text,
    cvr text,
    logo_path text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    contact_name text,
    contact_email text,
    contact_phone text,
    CONSTRAINT clubs_contact_email_check CHECK (((contact_email IS NULL) OR (contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT clubs_contact_name_check CHECK (((contact_name IS NULL) OR (length(contact_name) <= 120))),
    CONSTRAINT clubs_contact_phone_check CHECK (((contact_phone IS NULL) OR (contact_phone ~ '^\+?[0-9 ]{6,20}$'::text))),
    CONSTRAINT clubs_cvr_check CHECK (((cvr IS NULL) OR (cvr ~ '^[0-9]{8}$'::text))),
    CONSTRAINT clubs_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0))
);

ALTER TABLE ONLY public.clubs
    ADD CONSTRAINT clubs_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.clubs
    ADD CONSTRAINT clubs_pkey PRIMARY KEY (id);

ALTER TABLE public.clubs ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.clubs FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.clubs TO anon;
GRANT ALL ON TABLE public.clubs TO authenticated;
GRANT ALL ON TABLE public.clubs TO service_role;

CREATE TABLE public.community_settings (
    community_id uuid NOT NULL,
    contact_email text,
    contact_phone text,
    address text,
    website text,
    welcome_text text,
    admin_welcome_text text,
    retention_months integer DEFAULT 60 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT community_settings_address_check CHECK (((address IS NULL) OR (length(address) <= 300))),
    CONSTRAINT community_settings_admin_welcome_text_check CHECK (((admin_welcome_text IS NULL) OR (length(admin_welcome_text) <= 5000))),
    CONSTRAINT community_settings_contact_email_check CHECK (((contact_email IS NULL) OR (contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT community_settings_contact_phone_check CHECK (((contact_phone IS NULL) OR (contact_phone ~ '^\+?[0-9 ]{6,20}$'::text))),
    CONSTRAINT community_settings_retention_months_check CHECK (((retention_months >= 12) AND (retention_months <= 120))),
    CONSTRAINT community_settings_website_check CHECK (((website IS NULL) OR (website ~ '^https?://[^\s]+$'::text))),
    CONSTRAINT community_settings_welcome_text_check CHECK (((welcome_text IS NULL) OR (length(welcome_text) <= 5000)))
);

ALTER TABLE ONLY public.community_settings
    ADD CONSTRAINT community_settings_pkey PRIMARY KEY (community_id);

ALTER TABLE public.community_settings ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.community_settings FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.community_settings TO anon;
GRANT ALL ON TABLE public.community_settings TO authenticated;
GRANT ALL ON TABLE public.community_settings TO service_role;

CREATE TABLE public.event_tags (
    community_id uuid NOT NULL,
    event_id uuid NOT NULL,
    tag_id uuid NOT NULL
);

ALTER TABLE ONLY public.event_tags
    ADD CONSTRAINT event_tags_pkey PRIMARY KEY (event_id, tag_id);

ALTER TABLE public.event_tags ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.event_tags FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.event_tags TO anon;
GRANT ALL ON TABLE public.event_tags TO authenticated;
GRANT ALL ON TABLE public.event_tags TO service_role;

CREATE TABLE public.group_tags (
    community_id uuid NOT NULL,
    group_id uuid NOT NULL,
    tag_id uuid NOT NULL
);

ALTER TABLE ONLY public.group_tags
    ADD CONSTRAINT group_tags_pkey PRIMARY KEY (group_id, tag_id);

ALTER TABLE public.group_tags ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.group_tags FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.group_tags TO anon;
GRANT ALL ON TABLE public.group_tags TO authenticated;
GRANT ALL ON TABLE public.group_tags TO service_role;

CREATE TABLE public.member_tags (
    community_id uuid NOT NULL,
    member_id uuid NOT NULL,
    tag_id uuid NOT NULL
);

ALTER TABLE ONLY public.member_tags
    ADD CONSTRAINT member_tags_pkey PRIMARY KEY (member_id, tag_id);

ALTER TABLE public.member_tags ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.member_tags FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.member_tags TO anon;
GRANT ALL ON TABLE public.member_tags TO authenticated;
GRANT ALL ON TABLE public.member_tags TO service_role;

CREATE TABLE public.redirects (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid,
    from_path text NOT NULL,
    to_url text NOT NULL,
    status_code smallint DEFAULT 302 NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT redirects_from_path_check CHECK ((from_path ~ '^/'::text)),
    CONSTRAINT redirects_status_code_check CHECK ((status_code = ANY (ARRAY[301, 302, 307, 308]))),
    CONSTRAINT redirects_to_url_check CHECK ((to_url ~ '^(/|https?://)'::text))
);

ALTER TABLE ONLY public.redirects
    ADD CONSTRAINT redirects_pkey PRIMARY KEY (id);

ALTER TABLE public.redirects ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.redirects FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.redirects TO anon;
GRANT ALL ON TABLE public.redirects TO authenticated;
GRANT ALL ON TABLE public.redirects TO service_role;

CREATE TABLE public.tags (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    color text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tags_color_check CHECK (((color IS NULL) OR (color ~ '^#[0-9a-fA-F]{6}$'::text))),
    CONSTRAINT tags_name_check CHECK (((length(TRIM(BOTH FROM name)) >= 1) AND (length(TRIM(BOTH FROM name)) <= 60)))
);

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_pkey PRIMARY KEY (id);

ALTER TABLE public.tags ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.tags FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.tags TO anon;
GRANT ALL ON TABLE public.tags TO authenticated;
GRANT ALL ON TABLE public.tags TO service_role;

-- schemas/events/tables.sql

CREATE TABLE public.events (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    club_id uuid,
    title text NOT NULL,
    location text,
    description jsonb,
    image_path text,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone,
    status public.event_status DEFAULT 'draft'::public.event_status NOT NULL,
    release_at timestamp with time zone,
    published_at timestamp with time zone,
    cancelled_at timestamp with time zone,
    visibility public.event_visibility DEFAULT 'members'::public.event_visibility NOT NULL,
    kind public.event_kind DEFAULT 'internal'::public.event_kind NOT NULL,
    repeat public.repeat_rule DEFAULT 'never'::public.repeat_rule NOT NULL,
    repeat_until date,
    series_id uuid,
    created_by uuid DEFAULT auth.uid(),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT events_check CHECK (((ends_at IS NULL) OR (ends_at >= starts_at))),
    CONSTRAINT events_check1 CHECK (((status <> 'scheduled'::public.event_status) OR (release_at IS NOT NULL))),
    CONSTRAINT events_check2 CHECK (((repeat = 'never'::public.repeat_rule) OR (repeat_until IS NOT NULL))),
    CONSTRAINT events_description_rich_text CHECK (app_private.check_rich_text(description)),
    CONSTRAINT events_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0))
);

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);

ALTER TABLE public.events ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.events FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.events TO anon;
GRANT ALL ON TABLE public.events TO authenticated;
GRANT ALL ON TABLE public.events TO service_role;

CREATE TABLE public.event_invitations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    event_id uuid NOT NULL,
    member_id uuid,
    group_id uuid,
    tag_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT event_invitations_check CHECK ((num_nonnulls(member_id, group_id, tag_id) = 1))
);

ALTER TABLE ONLY public.event_invitations
    ADD CONSTRAINT event_invitations_pkey PRIMARY KEY (id);

ALTER TABLE public.event_invitations ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.event_invitations FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.event_invitations TO anon;
GRANT ALL ON TABLE public.event_invitations TO authenticated;
GRANT ALL ON TABLE public.event_invitations TO service_role;

CREATE TABLE public.ticket_purchases (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    event_id uuid NOT NULL,
    ticket_id uuid NOT NULL,
    member_id uuid NOT NULL,
    quantity integer DEFAULT 1 NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    unit_price_ore integer DEFAULT 0 NOT NULL,
    total_ore integer DEFAULT 0 NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    purchased_at timestamp with time zone DEFAULT now() NOT NULL,
    cancelled_at timestamp with time zone,
    checked_in_at timestamp with time zone,
    CONSTRAINT ticket_purchases_quantity_check CHECK ((quantity > 0)),
    CONSTRAINT ticket_purchases_status_check CHECK ((status = ANY (ARRAY['active'::text, 'cancelled'::text]))),
    CONSTRAINT ticket_purchases_total_ore_check CHECK ((total_ore >= 0)),
    CONSTRAINT ticket_purchases_unit_price_ore_check CHECK ((unit_price_ore >= 0))
);

ALTER TABLE ONLY public.ticket_purchases
    ADD CONSTRAINT ticket_purchases_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.ticket_purchases
    ADD CONSTRAINT ticket_purchases_pkey PRIMARY KEY (id);

ALTER TABLE public.ticket_purchases ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.ticket_purchases;

REVOKE ALL ON TABLE public.ticket_purchases FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.ticket_purchases TO anon;
GRANT ALL ON TABLE public.ticket_purchases TO authenticated;
GRANT ALL ON TABLE public.ticket_purchases TO service_role;

CREATE TABLE public.volunteer_signups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    job_id uuid NOT NULL,
    timeslot_id uuid,
    member_id uuid,
    guest_email text,
    guest_name text,
    status text DEFAULT 'signed_up'::text NOT NULL,
    checked_in_at timestamp with time zone,
    checked_out_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT volunteer_signups_check CHECK ((((member_id IS NOT NULL) AND (guest_email IS NULL) AND (guest_name IS NULL)) OR ((member_id IS NULL) AND (guest_email IS NOT NULL) AND (length(TRIM(BOTH FROM guest_name)) > 0)))),
    CONSTRAINT volunteer_signups_check1 CHECK (((checked_out_at IS NULL) OR ((checked_in_at IS NOT NULL) AND (checked_out_at >= checked_in_at)))),
    CONSTRAINT volunteer_signups_guest_email_check CHECK (((guest_email IS NULL) OR (guest_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT volunteer_signups_status_check CHECK ((status = ANY (ARRAY['signed_up'::text, 'cancelled'::text])))
);

ALTER TABLE ONLY public.volunteer_signups
    ADD CONSTRAINT volunteer_signups_pkey PRIMARY KEY (id);

ALTER TABLE public.volunteer_signups ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.volunteer_signups;

REVOKE ALL ON TABLE public.volunteer_signups FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.volunteer_signups TO anon;
GRANT ALL ON TABLE public.volunteer_signups TO authenticated;
GRANT ALL ON TABLE public.volunteer_signups TO service_role;

CREATE TABLE public.addon_options (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    addon_id uuid NOT NULL,
    title text NOT NULL,
    price_ore integer DEFAULT 0 NOT NULL,
    capacity integer,
    hint text,
    sort_order integer DEFAULT 0 NOT NULL,
    CONSTRAINT addon_options_capacity_check CHECK (((capacity IS NULL) OR (capacity >= 0))),
    CONSTRAINT addon_options_price_ore_check CHECK ((price_ore >= 0)),
    CONSTRAINT addon_options_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0))
);

ALTER TABLE ONLY public.addon_options
    ADD CONSTRAINT addon_options_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.addon_options
    ADD CONSTRAINT addon_options_pkey PRIMARY KEY (id);

ALTER TABLE public.addon_options ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.addon_options FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.addon_options TO anon;
GRANT ALL ON TABLE public.addon_options TO authenticated;
GRANT ALL ON TABLE public.addon_options TO service_role;

CREATE TABLE public.event_addons (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    event_id uuid NOT NULL,
    name text NOT NULL,
    min_per_person integer DEFAULT 0 NOT NULL,
    max_per_person integer,
    sort_order integer DEFAULT 0 NOT NULL,
    CONSTRAINT event_addons_check CHECK (((max_per_person IS NULL) OR (max_per_person >= min_per_person))),
    CONSTRAINT event_addons_max_per_person_check CHECK (((max_per_person IS NULL) OR (max_per_person >= 1))),
    CONSTRAINT event_addons_min_per_person_check CHECK ((min_per_person >= 0)),
    CONSTRAINT event_addons_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0))
);

ALTER TABLE ONLY public.event_addons
    ADD CONSTRAINT event_addons_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.event_addons
    ADD CONSTRAINT event_addons_pkey PRIMARY KEY (id);

ALTER TABLE public.event_addons ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.event_addons FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.event_addons TO anon;
GRANT ALL ON TABLE public.event_addons TO authenticated;
GRANT ALL ON TABLE public.event_addons TO service_role;

CREATE TABLE public.purchase_addons (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    purchase_id uuid NOT NULL,
    option_id uuid NOT NULL,
    quantity integer NOT NULL,
    unit_price_ore integer NOT NULL,
    CONSTRAINT purchase_addons_quantity_check CHECK ((quantity > 0)),
    CONSTRAINT purchase_addons_unit_price_ore_check CHECK ((unit_price_ore >= 0))
);

ALTER TABLE ONLY public.purchase_addons
    ADD CONSTRAINT purchase_addons_pkey PRIMARY KEY (id);

ALTER TABLE public.purchase_addons ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.purchase_addons FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.purchase_addons TO anon;
GRANT ALL ON TABLE public.purchase_addons TO authenticated;
GRANT ALL ON TABLE public.purchase_addons TO service_role;

CREATE TABLE public.tickets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    event_id uuid NOT NULL,
    name text NOT NULL,
    participant_limit integer,
    join_opens_at timestamp with time zone,
    join_closes_at timestamp with time zone,
    refund_closes_at timestamp with time zone,
    price_ore integer DEFAULT 0 NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    is_free boolean GENERATED ALWAYS AS ((price_ore = 0)) STORED,
    max_per_purchase integer DEFAULT 10 NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tickets_check CHECK (((join_closes_at IS NULL) OR (join_opens_at IS NULL) OR (join_closes_at >= join_opens_at))),
    CONSTRAINT tickets_max_per_purchase_check CHECK (((max_per_purchase >= 1) AND (max_per_purchase <= 100))),
    CONSTRAINT tickets_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT tickets_participant_limit_check CHECK (((participant_limit IS NULL) OR (participant_limit > 0))),
    CONSTRAINT tickets_price_ore_check CHECK ((price_ore >= 0))
);

ALTER TABLE ONLY public.tickets
    ADD CONSTRAINT tickets_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.tickets
    ADD CONSTRAINT tickets_pkey PRIMARY KEY (id);

ALTER TABLE public.tickets ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.tickets FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.tickets TO anon;
GRANT ALL ON TABLE public.tickets TO authenticated;
GRANT ALL ON TABLE public.tickets TO service_role;

CREATE TABLE public.volunteer_jobs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    event_id uuid NOT NULL,
    title text NOT NULL,
    description text,
    relevant_roles text[] DEFAULT '{}'::text[] NOT NULL,
    compensation text,
    slots integer DEFAULT 1 NOT NULL,
    requires_child_certificate boolean DEFAULT false NOT NULL,
    CONSTRAINT volunteer_jobs_slots_check CHECK ((slots > 0)),
    CONSTRAINT volunteer_jobs_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0))
);

ALTER TABLE ONLY public.volunteer_jobs
    ADD CONSTRAINT volunteer_jobs_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.volunteer_jobs
    ADD CONSTRAINT volunteer_jobs_pkey PRIMARY KEY (id);

ALTER TABLE public.volunteer_jobs ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.volunteer_jobs FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.volunteer_jobs TO anon;
GRANT ALL ON TABLE public.volunteer_jobs TO authenticated;
GRANT ALL ON TABLE public.volunteer_jobs TO service_role;

CREATE TABLE public.volunteer_timeslots (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    job_id uuid NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    slots integer,
    CONSTRAINT volunteer_timeslots_check CHECK ((ends_at > starts_at)),
    CONSTRAINT volunteer_timeslots_slots_check CHECK (((slots IS NULL) OR (slots > 0)))
);

ALTER TABLE ONLY public.volunteer_timeslots
    ADD CONSTRAINT volunteer_timeslots_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.volunteer_timeslots
    ADD CONSTRAINT volunteer_timeslots_pkey PRIMARY KEY (id);

ALTER TABLE public.volunteer_timeslots ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.volunteer_timeslots FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.volunteer_timeslots TO anon;
GRANT ALL ON TABLE public.volunteer_timeslots TO authenticated;
GRANT ALL ON TABLE public.volunteer_timeslots TO service_role;

-- schemas/groups/tables.sql

CREATE TABLE public.group_members (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    group_id uuid NOT NULL,
    member_id uuid NOT NULL,
    role text DEFAULT 'member'::text NOT NULL,
    payment_status text DEFAULT 'not_required'::text NOT NULL,
    joined_at timestamp with time zone DEFAULT now() NOT NULL,
    left_at timestamp with time zone,
    welcome_sent_at timestamp with time zone,
    CONSTRAINT group_members_check CHECK (((left_at IS NULL) OR (left_at >= joined_at))),
    CONSTRAINT group_members_payment_status_check CHECK ((payment_status = ANY (ARRAY['not_required'::text, 'pending'::text, 'paid'::text]))),
    CONSTRAINT group_members_role_check CHECK ((role = ANY (ARRAY['member'::text, 'coach'::text, 'leader'::text])))
);

ALTER TABLE ONLY public.group_members
    ADD CONSTRAINT group_members_pkey PRIMARY KEY (id);

ALTER TABLE public.group_members ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.group_members;

REVOKE ALL ON TABLE public.group_members FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.group_members TO anon;
GRANT ALL ON TABLE public.group_members TO authenticated;
GRANT ALL ON TABLE public.group_members TO service_role;

CREATE TABLE app_private.group_welcome_outbox (
    group_member_id uuid NOT NULL,
    due_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    claimed_until timestamp with time zone,
    last_error text
);

REVOKE ALL ON TABLE app_private.group_welcome_outbox FROM anon, authenticated, service_role;

ALTER TABLE ONLY app_private.group_welcome_outbox
    ADD CONSTRAINT group_welcome_outbox_pkey PRIMARY KEY (group_member_id);

CREATE TABLE public.groups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    club_id uuid,
    title text NOT NULL,
    description jsonb,
    owner_member_id uuid,
    cover_image_path text,
    payment_frequency public.payment_frequency,
    price_ore integer DEFAULT 0 NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    visibility public.group_visibility DEFAULT 'members'::public.group_visibility NOT NULL,
    archived boolean DEFAULT false NOT NULL,
    archived_at timestamp with time zone,
    welcome_email text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    charging_starts_on date,
    mid_period_join text DEFAULT 'full'::text NOT NULL,
    requires_approval boolean DEFAULT false NOT NULL,
    welcome_subject_da text,
    welcome_body_da text,
    welcome_subject_en text,
    welcome_body_en text,
    CONSTRAINT groups_check CHECK (((payment_frequency IS NULL) = (price_ore = 0))),
    CONSTRAINT groups_description_rich_text CHECK (app_private.check_rich_text(description)),
    CONSTRAINT groups_mid_period_join_check CHECK ((mid_period_join = ANY (ARRAY['full'::text, 'pro_rata'::text, 'free_until_next_period'::text]))),
    CONSTRAINT groups_price_limit CHECK ((price_ore <= 100000000)),
    CONSTRAINT groups_price_ore_check CHECK ((price_ore >= 0)),
    CONSTRAINT groups_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0)),
    CONSTRAINT groups_welcome_body_da_check CHECK ((length(welcome_body_da) <= 10000)),
    CONSTRAINT groups_welcome_body_en_check CHECK ((length(welcome_body_en) <= 10000)),
    CONSTRAINT groups_welcome_subject_da_check CHECK ((length(welcome_subject_da) <= 200)),
    CONSTRAINT groups_welcome_subject_en_check CHECK ((length(welcome_subject_en) <= 200))
);

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_pkey PRIMARY KEY (id);

ALTER TABLE public.groups ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.groups FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.groups TO anon;
GRANT ALL ON TABLE public.groups TO authenticated;
GRANT ALL ON TABLE public.groups TO service_role;

CREATE TABLE public.group_join_requests (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    group_id uuid NOT NULL,
    member_id uuid NOT NULL,
    message text,
    status text DEFAULT 'pending'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_at timestamp with time zone,
    decided_by uuid,
    CONSTRAINT group_join_requests_check CHECK (((status = 'pending'::text) = (decided_at IS NULL))),
    CONSTRAINT group_join_requests_message_check CHECK ((length(message) <= 500)),
    CONSTRAINT group_join_requests_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'declined'::text])))
);

ALTER TABLE ONLY public.group_join_requests
    ADD CONSTRAINT group_join_requests_pkey PRIMARY KEY (id);

ALTER TABLE public.group_join_requests ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.group_join_requests;

REVOKE ALL ON TABLE public.group_join_requests FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.group_join_requests TO anon;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.group_join_requests TO authenticated;
GRANT ALL ON TABLE public.group_join_requests TO service_role;

CREATE TABLE public.group_fee_charges (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    group_id uuid NOT NULL,
    member_id uuid NOT NULL,
    group_member_id uuid NOT NULL,
    period_start date NOT NULL,
    invoice_id uuid NOT NULL,
    amount_ore integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT group_fee_charges_amount_ore_check CHECK ((amount_ore >= 0))
);

ALTER TABLE ONLY public.group_fee_charges
    ADD CONSTRAINT group_fee_charges_pkey PRIMARY KEY (id);

ALTER TABLE public.group_fee_charges ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.group_fee_charges FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,DELETE,TRIGGER,TRUNCATE ON TABLE public.group_fee_charges TO anon;
GRANT SELECT,REFERENCES,DELETE,TRIGGER,TRUNCATE ON TABLE public.group_fee_charges TO authenticated;
GRANT ALL ON TABLE public.group_fee_charges TO service_role;

-- schemas/knowledge_base/tables.sql

CREATE TABLE public.kb_articles (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    category_id uuid,
    title text NOT NULL,
    slug text NOT NULL,
    summary text,
    body jsonb DEFAULT app_private.empty_rich_text() NOT NULL,
    status public.kb_article_status DEFAULT 'draft'::public.kb_article_status NOT NULL,
    visibility public.kb_visibility DEFAULT 'members'::public.kb_visibility NOT NULL,
    pinned boolean DEFAULT false NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    author_id uuid DEFAULT auth.uid(),
    updated_by uuid,
    published_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    search_text text GENERATED ALWAYS AS (app_private.fold_name(((((title || ' '::text) || COALESCE(summary, ''::text)) || ' '::text) || app_private.rich_text_plain(body)))) STORED,
    CONSTRAINT kb_articles_body_rich_text CHECK (app_private.check_rich_text(body)),
    CONSTRAINT kb_articles_slug_check CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (length(slug) <= 120))),
    CONSTRAINT kb_articles_summary_check CHECK (((summary IS NULL) OR (length(summary) <= 500))),
    CONSTRAINT kb_articles_title_check CHECK (((length(TRIM(BOTH FROM title)) >= 1) AND (length(TRIM(BOTH FROM title)) <= 200)))
);

ALTER TABLE ONLY public.kb_articles
    ADD CONSTRAINT kb_articles_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.kb_articles
    ADD CONSTRAINT kb_articles_pkey PRIMARY KEY (id);

ALTER TABLE public.kb_articles ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.kb_articles FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.kb_articles TO anon;
GRANT ALL ON TABLE public.kb_articles TO authenticated;
GRANT ALL ON TABLE public.kb_articles TO service_role;

CREATE TABLE public.kb_categories (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    description text,
    sort_order integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT kb_categories_name_check CHECK (((length(TRIM(BOTH FROM name)) >= 1) AND (length(TRIM(BOTH FROM name)) <= 120)))
);

ALTER TABLE ONLY public.kb_categories
    ADD CONSTRAINT kb_categories_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.kb_categories
    ADD CONSTRAINT kb_categories_pkey PRIMARY KEY (id);

ALTER TABLE public.kb_categories ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.kb_categories FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.kb_categories TO anon;
GRANT ALL ON TABLE public.kb_categories TO authenticated;
GRANT ALL ON TABLE public.kb_categories TO service_role;

-- schemas/members/tables.sql

CREATE TABLE public.member_import_jobs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    requested_by uuid,
    file_name text NOT NULL,
    manager boolean DEFAULT false NOT NULL,
    status text DEFAULT 'uploading'::text NOT NULL,
    total integer NOT NULL,
    created integer DEFAULT 0 NOT NULL,
    merged integer DEFAULT 0 NOT NULL,
    skipped integer DEFAULT 0 NOT NULL,
    failed integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    CONSTRAINT member_import_jobs_check CHECK (((((created + merged) + skipped) + failed) <= total)),
    CONSTRAINT member_import_jobs_created_check CHECK ((created >= 0)),
    CONSTRAINT member_import_jobs_failed_check CHECK ((failed >= 0)),
    CONSTRAINT member_import_jobs_file_name_check CHECK (((length(file_name) >= 1) AND (length(file_name) <= 200))),
    CONSTRAINT member_import_jobs_merged_check CHECK ((merged >= 0)),
    CONSTRAINT member_import_jobs_skipped_check CHECK ((skipped >= 0)),
    CONSTRAINT member_import_jobs_status_check CHECK ((status = ANY (ARRAY['uploading'::text, 'queued'::text, 'running'::text, 'done'::text, 'cancelled'::text]))),
    CONSTRAINT member_import_jobs_total_check CHECK (((total >= 1) AND (total <= 50000)))
);

ALTER TABLE ONLY public.member_import_jobs
    ADD CONSTRAINT member_import_jobs_pkey PRIMARY KEY (id);

ALTER TABLE public.member_import_jobs ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.member_import_jobs;

REVOKE ALL ON TABLE public.member_import_jobs FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.member_import_jobs TO service_role;
GRANT SELECT ON TABLE public.member_import_jobs TO authenticated;

CREATE TABLE public.members (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    club_id uuid,
    user_id uuid,
    mid bigint NOT NULL,
    membership_id text,
    first_name text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    full_name text GENERATED ALWAYS AS (TRIM(BOTH FROM ((first_name || ' '::text) || last_name))) STORED,
    email text,
    phone text,
    gender public.gender,
    birth_date date,
    street text,
    postal_code text,
    city text,
    country character(2) DEFAULT 'DK'::bpchar NOT NULL,
    status public.member_status DEFAULT 'active'::public.member_status NOT NULL,
    joined_on date DEFAULT CURRENT_DATE NOT NULL,
    left_on date,
    cpr_masked text,
    permissions text[] DEFAULT '{}'::text[] NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    roles text[] DEFAULT '{}'::text[] NOT NULL,
    house_number text,
    floor text,
    door text,
    consent_note text,
    erased_at timestamp with time zone,
    CONSTRAINT members_check CHECK (((left_on IS NULL) OR (left_on >= joined_on))),
    CONSTRAINT members_consent_note_check CHECK (((consent_note IS NULL) OR (length(consent_note) <= 2000))),
    CONSTRAINT members_cpr_masked_check CHECK (((cpr_masked IS NULL) OR (cpr_masked ~ '^[0-9]{6}-xxxx$'::text))),
    CONSTRAINT members_door_check CHECK (((door IS NULL) OR (length(door) <= 10))),
    CONSTRAINT members_email_check CHECK (((email IS NULL) OR (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT members_first_name_check CHECK ((length(TRIM(BOTH FROM first_name)) > 0)),
    CONSTRAINT members_floor_check CHECK (((floor IS NULL) OR (length(floor) <= 10))),
    CONSTRAINT members_house_number_check CHECK (((house_number IS NULL) OR (length(house_number) <= 10))),
    CONSTRAINT members_phone_check CHECK (((phone IS NULL) OR (phone ~ '^\+?[0-9 ]{6,20}$'::text)))
);

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_community_id_mid_key UNIQUE (community_id, mid);

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_pkey PRIMARY KEY (id);

ALTER TABLE public.members ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.members FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.members TO anon;
GRANT ALL ON TABLE public.members TO authenticated;
GRANT ALL ON TABLE public.members TO service_role;

CREATE TABLE public.cpr_audit (
    id bigint NOT NULL,
    community_id uuid NOT NULL,
    member_id uuid,
    viewer_user_id uuid,
    action text NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    reason text,
    CONSTRAINT cpr_audit_action_check CHECK ((action = ANY (ARRAY['set'::text, 'reveal'::text, 'lookup'::text, 'export'::text, 'clear'::text, 'import'::text]))),
    CONSTRAINT cpr_audit_reason_check CHECK (((reason IS NULL) OR (length(reason) <= 500)))
);

ALTER TABLE ONLY public.cpr_audit
    ADD CONSTRAINT cpr_audit_pkey PRIMARY KEY (id);

ALTER TABLE public.cpr_audit ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.cpr_audit FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.cpr_audit TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.cpr_audit TO authenticated;
GRANT ALL ON TABLE public.cpr_audit TO service_role;

ALTER TABLE public.cpr_audit ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.cpr_audit_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

REVOKE ALL ON SEQUENCE public.cpr_audit_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.cpr_audit_id_seq TO anon;
GRANT ALL ON SEQUENCE public.cpr_audit_id_seq TO authenticated;
GRANT ALL ON SEQUENCE public.cpr_audit_id_seq TO service_role;

CREATE TABLE public.dk_postcodes (
    code text NOT NULL,
    city text NOT NULL,
    CONSTRAINT dk_postcodes_city_check CHECK ((length(TRIM(BOTH FROM city)) > 0)),
    CONSTRAINT dk_postcodes_code_check CHECK ((code ~ '^[0-9]{4}$'::text))
);

ALTER TABLE ONLY public.dk_postcodes
    ADD CONSTRAINT dk_postcodes_pkey PRIMARY KEY (code);

ALTER TABLE public.dk_postcodes ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.dk_postcodes FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.dk_postcodes TO anon;
GRANT ALL ON TABLE public.dk_postcodes TO authenticated;
GRANT ALL ON TABLE public.dk_postcodes TO service_role;

CREATE TABLE public.member_arrears (
    member_id uuid NOT NULL,
    community_id uuid NOT NULL,
    since date NOT NULL
);

ALTER TABLE ONLY public.member_arrears
    ADD CONSTRAINT member_arrears_pkey PRIMARY KEY (member_id);

ALTER TABLE public.member_arrears ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.member_arrears FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.member_arrears TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.member_arrears TO authenticated;
GRANT ALL ON TABLE public.member_arrears TO service_role;

CREATE TABLE public.member_certificates (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    member_id uuid NOT NULL,
    kind text NOT NULL,
    status text DEFAULT 'approved'::text NOT NULL,
    issued_on date,
    expires_on date,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    document_path text,
    CONSTRAINT member_certificates_check CHECK (((expires_on IS NULL) OR (issued_on IS NULL) OR (expires_on >= issued_on))),
    CONSTRAINT member_certificates_document_in_member_folder CHECK (((document_path IS NULL) OR ((document_path ~~ ((((community_id)::text || '/'::text) || (member_id)::text) || '/%'::text)) AND (length(document_path) <= 300)))),
    CONSTRAINT member_certificates_kind_check CHECK ((kind ~ '^[a-z0-9_]{2,40}$'::text)),
    CONSTRAINT member_certificates_status_check CHECK ((status = ANY (ARRAY['requested'::text, 'consented'::text, 'approved'::text, 'rejected'::text])))
);

ALTER TABLE ONLY public.member_certificates
    ADD CONSTRAINT member_certificates_pkey PRIMARY KEY (id);

ALTER TABLE public.member_certificates ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.member_certificates FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.member_certificates TO anon;
GRANT ALL ON TABLE public.member_certificates TO authenticated;
GRANT ALL ON TABLE public.member_certificates TO service_role;

CREATE TABLE public.member_cpr (
    member_id uuid NOT NULL,
    community_id uuid NOT NULL,
    cpr_encrypted bytea NOT NULL,
    cpr_hash text NOT NULL,
    cpr_masked text NOT NULL,
    legal_basis text NOT NULL,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL,
    recorded_by uuid,
    CONSTRAINT member_cpr_cpr_masked_check CHECK ((cpr_masked ~ '^[0-9]{6}-xxxx$'::text)),
    CONSTRAINT member_cpr_legal_basis_check CHECK ((legal_basis = ANY (ARRAY['consent'::text, 'legislation'::text, 'child_certificate'::text, 'grant_reporting'::text])))
);

ALTER TABLE ONLY public.member_cpr
    ADD CONSTRAINT member_cpr_pkey PRIMARY KEY (member_id);

ALTER TABLE public.member_cpr ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.member_cpr FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.member_cpr TO service_role;

CREATE TABLE public.member_history (
    id bigint NOT NULL,
    community_id uuid NOT NULL,
    member_id uuid NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    actor_user_id uuid,
    action text NOT NULL,
    changes jsonb DEFAULT '{}'::jsonb NOT NULL,
    reason text,
    CONSTRAINT member_history_action_check CHECK ((action = ANY (ARRAY['created'::text, 'updated'::text, 'cpr_set'::text, 'cpr_cleared'::text, 'cpr_revealed'::text, 'access_changed'::text, 'exported'::text, 'erased'::text, 'merged'::text]))),
    CONSTRAINT member_history_reason_check CHECK (((reason IS NULL) OR (length(reason) <= 500)))
);

ALTER TABLE ONLY public.member_history
    ADD CONSTRAINT member_history_pkey PRIMARY KEY (id);

ALTER TABLE public.member_history ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.member_history;

REVOKE ALL ON TABLE public.member_history FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.member_history TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.member_history TO authenticated;
GRANT ALL ON TABLE public.member_history TO service_role;

ALTER TABLE public.member_history ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.member_history_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

REVOKE ALL ON SEQUENCE public.member_history_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.member_history_id_seq TO anon;
GRANT ALL ON SEQUENCE public.member_history_id_seq TO authenticated;
GRANT ALL ON SEQUENCE public.member_history_id_seq TO service_role;

CREATE TABLE public.member_import_rows (
    job_id uuid NOT NULL,
    line integer NOT NULL,
    choice text,
    member_id uuid,
    fields jsonb DEFAULT '{}'::jsonb NOT NULL,
    cpr_encrypted bytea,
    status text DEFAULT 'pending'::text NOT NULL,
    error_code text,
    error_field text,
    claimed_at timestamp with time zone,
    CONSTRAINT member_import_rows_check CHECK (((status = 'pending'::text) OR (cpr_encrypted IS NULL))),
    CONSTRAINT member_import_rows_choice_check CHECK ((choice = ANY (ARRAY['create'::text, 'merge'::text, 'skip'::text]))),
    CONSTRAINT member_import_rows_fields_check CHECK (((jsonb_typeof(fields) = 'object'::text) AND (NOT (fields ? 'cpr'::text)))),
    CONSTRAINT member_import_rows_line_check CHECK ((line > 0)),
    CONSTRAINT member_import_rows_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'created'::text, 'merged'::text, 'skipped'::text, 'failed'::text])))
);

ALTER TABLE ONLY public.member_import_rows
    ADD CONSTRAINT member_import_rows_pkey PRIMARY KEY (job_id, line);

ALTER TABLE public.member_import_rows ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.member_import_rows FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.member_import_rows TO service_role;

GRANT SELECT(job_id) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(line) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(choice) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(member_id) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(fields) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(status) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(error_code) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(error_field) ON TABLE public.member_import_rows TO authenticated;

CREATE TABLE public.member_relations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    member_id uuid NOT NULL,
    related_member_id uuid NOT NULL,
    kind text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT member_relations_check CHECK ((member_id <> related_member_id)),
    CONSTRAINT member_relations_kind_check CHECK ((kind = ANY (ARRAY['guardian'::text, 'family'::text])))
);

ALTER TABLE ONLY public.member_relations
    ADD CONSTRAINT member_relations_member_id_related_member_id_kind_key UNIQUE (member_id, related_member_id, kind);

ALTER TABLE ONLY public.member_relations
    ADD CONSTRAINT member_relations_pkey PRIMARY KEY (id);

ALTER TABLE public.member_relations ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.member_relations FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.member_relations TO anon;
GRANT ALL ON TABLE public.member_relations TO authenticated;
GRANT ALL ON TABLE public.member_relations TO service_role;

-- schemas/news/tables.sql

CREATE TABLE public.news_mailings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    post_id uuid,
    requested_by uuid DEFAULT auth.uid(),
    status public.news_mailing_status DEFAULT 'queued'::public.news_mailing_status NOT NULL,
    total integer DEFAULT 0 NOT NULL,
    sent integer DEFAULT 0 NOT NULL,
    failed integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    subject text,
    body text,
    CONSTRAINT news_mailings_check CHECK (((sent + failed) <= total)),
    CONSTRAINT news_mailings_failed_check CHECK ((failed >= 0)),
    CONSTRAINT news_mailings_post_or_message CHECK (((post_id IS NOT NULL) OR ((subject IS NOT NULL) AND (body IS NOT NULL)))),
    CONSTRAINT news_mailings_sent_check CHECK ((sent >= 0)),
    CONSTRAINT news_mailings_total_check CHECK ((total >= 0))
);

ALTER TABLE ONLY public.news_mailings
    ADD CONSTRAINT news_mailings_pkey PRIMARY KEY (id);

ALTER TABLE public.news_mailings ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.news_mailings;

REVOKE ALL ON TABLE public.news_mailings FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.news_mailings TO anon;
GRANT ALL ON TABLE public.news_mailings TO authenticated;
GRANT ALL ON TABLE public.news_mailings TO service_role;

CREATE TABLE public.news_comments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    post_id uuid NOT NULL,
    author_id uuid,
    member_id uuid,
    author_name text NOT NULL,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    hidden_at timestamp with time zone,
    hidden_by uuid,
    CONSTRAINT news_comments_body_check CHECK (((length(TRIM(BOTH FROM body)) >= 1) AND (length(TRIM(BOTH FROM body)) <= 4000)))
);

ALTER TABLE ONLY public.news_comments
    ADD CONSTRAINT news_comments_pkey PRIMARY KEY (id);

ALTER TABLE public.news_comments ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.news_comments;

REVOKE ALL ON TABLE public.news_comments FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.news_comments TO anon;
GRANT ALL ON TABLE public.news_comments TO authenticated;
GRANT ALL ON TABLE public.news_comments TO service_role;

CREATE TABLE public.news_mail_unsubscribes (
    community_id uuid NOT NULL,
    email text NOT NULL,
    member_id uuid,
    mailing_id uuid,
    unsubscribed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT news_mail_unsubscribes_email_check CHECK ((email = lower(email)))
);

ALTER TABLE ONLY public.news_mail_unsubscribes
    ADD CONSTRAINT news_mail_unsubscribes_pkey PRIMARY KEY (community_id, email);

ALTER TABLE public.news_mail_unsubscribes ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.news_mail_unsubscribes FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.news_mail_unsubscribes TO anon;
GRANT ALL ON TABLE public.news_mail_unsubscribes TO authenticated;
GRANT ALL ON TABLE public.news_mail_unsubscribes TO service_role;

CREATE TABLE public.news_mailing_recipients (
    mailing_id uuid NOT NULL,
    email text NOT NULL,
    member_id uuid,
    full_name text DEFAULT ''::text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    error text,
    claimed_at timestamp with time zone,
    finished_at timestamp with time zone,
    unsubscribe_token text DEFAULT (replace((gen_random_uuid())::text, '-'::text, ''::text) || replace((gen_random_uuid())::text, '-'::text, ''::text)) NOT NULL,
    CONSTRAINT news_mailing_recipients_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text, 'failed'::text])))
);

ALTER TABLE ONLY public.news_mailing_recipients
    ADD CONSTRAINT news_mailing_recipients_pkey PRIMARY KEY (mailing_id, email);

ALTER TABLE public.news_mailing_recipients ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.news_mailing_recipients FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.news_mailing_recipients TO anon;
GRANT ALL ON TABLE public.news_mailing_recipients TO authenticated;
GRANT ALL ON TABLE public.news_mailing_recipients TO service_role;

CREATE TABLE public.news_posts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    club_id uuid,
    title text NOT NULL,
    content jsonb DEFAULT app_private.empty_rich_text() NOT NULL,
    author_id uuid DEFAULT auth.uid(),
    author_name text,
    image_path text,
    status public.event_status DEFAULT 'draft'::public.event_status NOT NULL,
    release_at timestamp with time zone,
    published_at timestamp with time zone,
    visibility public.news_visibility DEFAULT 'members'::public.news_visibility NOT NULL,
    allow_comments boolean DEFAULT true NOT NULL,
    link_url text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT news_posts_check CHECK (((status <> 'scheduled'::public.event_status) OR (release_at IS NOT NULL))),
    CONSTRAINT news_posts_content_rich_text CHECK (app_private.check_rich_text(content)),
    CONSTRAINT news_posts_link_url_check CHECK (((link_url IS NULL) OR (link_url ~* '^https?://[^\s/$.?#][^\s]*$'::text))),
    CONSTRAINT news_posts_status_kind CHECK ((status = ANY (ARRAY['draft'::public.event_status, 'scheduled'::public.event_status, 'published'::public.event_status]))),
    CONSTRAINT news_posts_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0))
);

ALTER TABLE ONLY public.news_posts
    ADD CONSTRAINT news_posts_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.news_posts
    ADD CONSTRAINT news_posts_pkey PRIMARY KEY (id);

ALTER TABLE public.news_posts ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.news_posts;

REVOKE ALL ON TABLE public.news_posts FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.news_posts TO anon;
GRANT ALL ON TABLE public.news_posts TO authenticated;
GRANT ALL ON TABLE public.news_posts TO service_role;

-- schemas/orders/tables.sql

CREATE TABLE public.orders (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    product_id uuid,
    product_name text NOT NULL,
    member_id uuid NOT NULL,
    status public.order_status DEFAULT 'awaiting_payment'::public.order_status NOT NULL,
    amount_ore integer DEFAULT 0 NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    status_changed_at timestamp with time zone DEFAULT now() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT orders_amount_ore_check CHECK ((amount_ore >= 0)),
    CONSTRAINT orders_product_name_check CHECK ((length(TRIM(BOTH FROM product_name)) > 0))
);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (id);

ALTER TABLE public.orders ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.orders FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.orders TO anon;
GRANT ALL ON TABLE public.orders TO authenticated;
GRANT ALL ON TABLE public.orders TO service_role;

CREATE TABLE public.order_status_changes (
    id bigint NOT NULL,
    community_id uuid NOT NULL,
    order_id uuid NOT NULL,
    from_status public.order_status,
    to_status public.order_status NOT NULL,
    changed_by uuid,
    changed_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.order_status_changes
    ADD CONSTRAINT order_status_changes_pkey PRIMARY KEY (id);

ALTER TABLE public.order_status_changes ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.order_status_changes FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.order_status_changes TO anon;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.order_status_changes TO authenticated;
GRANT ALL ON TABLE public.order_status_changes TO service_role;

ALTER TABLE public.order_status_changes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.order_status_changes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

REVOKE ALL ON SEQUENCE public.order_status_changes_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.order_status_changes_id_seq TO anon;
GRANT ALL ON SEQUENCE public.order_status_changes_id_seq TO authenticated;
GRANT ALL ON SEQUENCE public.order_status_changes_id_seq TO service_role;

-- schemas/analytics/functions.sql

set check_function_bodies = off;

CREATE FUNCTION app_private.age_band(p_age integer) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$
  select case when p_age is null then 'unknown'
              when p_age <= 12 then '0-12' when p_age <= 18 then '13-18' when p_age <= 24 then '19-24'
              when p_age <= 59 then '25-59' else '60+' end
$$;

REVOKE ALL ON FUNCTION app_private.age_band(p_age integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.age_band(p_age integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.age_band(p_age integer) FROM PUBLIC;

CREATE FUNCTION public.analytics_booking_utilisation(p_community_id uuid, p_from date, p_to date, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(product_id uuid, name text, bookings bigint, booked_hours numeric, available_hours numeric, utilisation numeric)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare tz text;
begin
  perform app_private.require_analytics(p_community_id);
  perform app_private.check_range(p_from, p_to, 'day');
  perform app_private.check_club(p_community_id, p_club_id);
  select c.time_zone into tz from public.communities c where c.id = p_community_id;
  return query
  with products as (
    select p.id, p.name, p.capacity from public.booking_products p
    where p.community_id = p_community_id and p.deleted_at is null
      and (p_club_id is null or p.club_id = p_club_id)),
  booked as (
    select b.product_id, count(*) as n, sum(extract(epoch from (b.ends_at - b.starts_at)) / 3600) as hours
    from public.bookings b
    where b.community_id = p_community_id and b.status <> 'cancelled'
      and b.product_id in (select products.id from products)
      and b.starts_at >= (p_from::timestamp at time zone tz) and b.starts_at < ((p_to + 1)::timestamp at time zone tz)
    group by b.product_id),
  days as (select d::date as day from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d),
  open_hours as (
    select a.product_id, sum(extract(epoch from (a.ends_at - a.starts_at)) / 3600) as hours
    from public.product_availability a join days on (a.weekday = extract(isodow from days.day) or a.on_date = days.day)
    where a.community_id = p_community_id and a.product_id in (select products.id from products)
    group by a.product_id)
  select p.id, p.name, coalesce(b.n, 0)::bigint, round(coalesce(b.hours, 0)::numeric, 2),
    round((coalesce(o.hours, 0) * p.capacity)::numeric, 2),
    case when coalesce(o.hours, 0) = 0 then null
         else round((coalesce(b.hours, 0) / (o.hours * p.capacity))::numeric, 4) end
  from products p
  left join booked b on b.product_id = p.id
  left join open_hours o on o.product_id = p.id
  order by p.name, p.id;
end
$$;

REVOKE ALL ON FUNCTION public.analytics_booking_utilisation(p_community_id uuid, p_from date, p_to date, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.analytics_booking_utilisation(p_community_id uuid, p_from date, p_to date, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.analytics_booking_utilisation(p_community_id uuid, p_from date, p_to date, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.analytics_booking_utilisation(p_community_id uuid, p_from date, p_to date, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.analytics_booking_utilisation(p_community_id uuid, p_from date, p_to date, p_club_id uuid) TO service_role;

CREATE FUNCTION public.analytics_event_attendance(p_community_id uuid, p_from date, p_to date, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(event_id uuid, title text, starts_at timestamp with time zone, capacity bigint, tickets_sold bigint, checked_in bigint, revenue_ore bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare tz text;
begin
  perform app_private.require_analytics(p_community_id);
  perform app_private.check_range(p_from, p_to, 'day');
  perform app_private.check_club(p_community_id, p_club_id);
  select c.time_zone into tz from public.communities c where c.id = p_community_id;
  return query
  with e as (
    select x.id, x.title, x.starts_at from public.events x
    where x.community_id = p_community_id and x.status <> 'draft'
      and x.starts_at >= (p_from::timestamp at time zone tz) and x.starts_at < ((p_to + 1)::timestamp at time zone tz)
      and (p_club_id is null or x.club_id = p_club_id)),
  sold as (
    select tp.event_id,
      sum(tp.quantity) filter (where tp.status = 'active') as sold,
      sum(tp.quantity) filter (where tp.status = 'active' and tp.checked_in_at is not null) as checked_in,
      sum(tp.total_ore) filter (where tp.status = 'active') as revenue
    from public.ticket_purchases tp where tp.event_id in (select e.id from e) group by tp.event_id),
  cap as (
    select t.event_id, sum(t.participant_limit) as capacity
    from public.tickets t where t.event_id in (select e.id from e) group by t.event_id)
  select e.id, e.title, e.starts_at, cap.capacity::bigint,
    coalesce(sold.sold, 0)::bigint, coalesce(sold.checked_in, 0)::bigint, coalesce(sold.revenue, 0)::bigint
  from e left join sold on sold.event_id = e.id left join cap on cap.event_id = e.id
  order by e.starts_at, e.id;
end
$$;

REVOKE ALL ON FUNCTION public.analytics_event_attendance(p_community_id uuid, p_from date, p_to date, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.analytics_event_attendance(p_community_id uuid, p_from date, p_to date, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.analytics_event_attendance(p_community_id uuid, p_from date, p_to date, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.analytics_event_attendance(p_community_id uuid, p_from date, p_to date, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.analytics_event_attendance(p_community_id uuid, p_from date, p_to date, p_club_id uuid) TO service_role;

CREATE FUNCTION public.analytics_group_growth(p_community_id uuid, p_from date, p_to date, p_bucket text DEFAULT 'month'::text, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(period_start date, group_id uuid, title text, members bigint, joined bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.require_analytics(p_community_id);
  perform app_private.check_range(p_from, p_to, p_bucket);
  perform app_private.check_club(p_community_id, p_club_id);
  return query
  with p as (select * from app_private.periods(p_from, p_to, p_bucket)),
  first_start as (select min(p.period_start)::timestamptz as at from p),
  g as (select x.id, x.title from public.groups x
        where x.community_id = p_community_id and (p_club_id is null or x.club_id = p_club_id)),
  gm as (select gm.group_id, gm.joined_at, gm.left_at from public.group_members gm
         where gm.community_id = p_community_id and gm.group_id in (select g.id from g)),
  base as (select gm.group_id, count(*) as n from gm, first_start f
           where gm.joined_at < f.at and (gm.left_at is null or gm.left_at >= f.at) group by gm.group_id),
  moves as (
    select d.group_id, date_trunc(p_bucket, d.at)::date as period_start, sum(d.delta) as delta, sum(d.joins) as joins
    from (select gm.group_id, gm.joined_at as at, 1 as delta, 1 as joins from gm, first_start f where gm.joined_at >= f.at
          union all
          select gm.group_id, gm.left_at, -1, 0 from gm, first_start f where gm.left_at >= f.at) d
    group by 1, 2)
  select p.period_start, g.id, g.title,
    (coalesce(b.n, 0) + coalesce(sum(mv.delta) over w, 0))::bigint,
    coalesce(mv.joins, 0)::bigint
  from p cross join g
  left join base b on b.group_id = g.id
  left join moves mv on mv.group_id = g.id and mv.period_start = p.period_start
  window w as (partition by g.id order by p.period_start)
  order by p.period_start, g.title, g.id;
end
$$;

REVOKE ALL ON FUNCTION public.analytics_group_growth(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.analytics_group_growth(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.analytics_group_growth(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.analytics_group_growth(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.analytics_group_growth(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) TO service_role;

CREATE FUNCTION public.analytics_member_demographics(p_community_id uuid, p_on date, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(age_band text, gender text, members bigint, active bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.require_analytics(p_community_id);
  if p_on is null then
    perform app_private.fail('invalid_date', 'Choose the day to count the members on');
  end if;
  perform app_private.check_club(p_community_id, p_club_id);
  return query
  select app_private.age_band(extract(year from age(p_on, m.birth_date))::int) as band,
         coalesce(m.gender::text, 'unknown') as sex,
         count(*)::bigint, (count(*) filter (where m.status = 'active'))::bigint
  from public.members m
  where m.community_id = p_community_id and m.joined_on <= p_on and (m.left_on is null or m.left_on > p_on)
    and (p_club_id is null or m.club_id = p_club_id)
  group by 1, 2
  order by 1, 2;
end
$$;

REVOKE ALL ON FUNCTION public.analytics_member_demographics(p_community_id uuid, p_on date, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.analytics_member_demographics(p_community_id uuid, p_on date, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.analytics_member_demographics(p_community_id uuid, p_on date, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.analytics_member_demographics(p_community_id uuid, p_on date, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.analytics_member_demographics(p_community_id uuid, p_on date, p_club_id uuid) TO service_role;

CREATE FUNCTION public.analytics_members_over_time(p_community_id uuid, p_from date, p_to date, p_bucket text DEFAULT 'month'::text, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(period_start date, members bigint, joined bigint, left_count bigint, active bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.require_analytics(p_community_id);
  perform app_private.check_range(p_from, p_to, p_bucket);
  perform app_private.check_club(p_community_id, p_club_id);
  return query
  with p as (select * from app_private.periods(p_from, p_to, p_bucket)),
  first_start as (select min(p.period_start) as at from p),
  m as (select x.joined_on, x.left_on, x.status = 'active' as is_active from public.members x
        where x.community_id = p_community_id and (p_club_id is null or x.club_id = p_club_id)),
  base as (
    select count(*) filter (where m.left_on is null or m.left_on >= f.at) as total,
           count(*) filter (where (m.left_on is null or m.left_on >= f.at) and m.is_active) as active
    from m, first_start f where m.joined_on < f.at),
  moves as (
    select date_trunc(p_bucket, d.day)::date as period_start, sum(d.delta) as delta, sum(d.active_delta) as active_delta,
           sum(d.joins) as joins, sum(d.leaves) as leaves
    from (select m.joined_on as day, 1 as delta, case when m.is_active then 1 else 0 end as active_delta, 1 as joins, 0 as leaves
          from m, first_start f where m.joined_on >= f.at
          union all
          select m.left_on, -1, case when m.is_active then -1 else 0 end, 0, 1
          from m, first_start f where m.left_on >= f.at) d
    group by 1)
  select p.period_start,
    (base.total + coalesce(sum(mv.delta) over w, 0))::bigint,
    coalesce(mv.joins, 0)::bigint,
    coalesce(mv.leaves, 0)::bigint,
    (base.active + coalesce(sum(mv.active_delta) over w, 0))::bigint
  from p cross join base left join moves mv on mv.period_start = p.period_start
  window w as (order by p.period_start)
  order by p.period_start;
end
$$;

REVOKE ALL ON FUNCTION public.analytics_members_over_time(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.analytics_members_over_time(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.analytics_members_over_time(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.analytics_members_over_time(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.analytics_members_over_time(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) TO service_role;

CREATE FUNCTION app_private.check_report_year(p_community_id uuid, p_year integer) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_zone text;
  v_first integer;
  v_now integer;
begin
  perform app_private.require_analytics(p_community_id);
  select time_zone, extract(year from created_at at time zone time_zone)::int,
         extract(year from now() at time zone time_zone)::int
    into v_zone, v_first, v_now
  from public.communities where id = p_community_id;
  -- The club's first year is the earliest of its creation and its oldest member's joining.
  select least(v_first, coalesce(min(extract(year from joined_on))::int, v_first)) into v_first
  from public.members where community_id = p_community_id;
  if p_year is null or p_year < v_first or p_year > v_now then
    perform app_private.fail('year_out_of_range',
      format('Reports exist for %s to %s', v_first, v_now));
  end if;
  return v_zone;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_report_year(p_community_id uuid, p_year integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.check_report_year(p_community_id uuid, p_year integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.check_report_year(p_community_id uuid, p_year integer) FROM PUBLIC;

CREATE FUNCTION public.overview_figures(p_community_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_zone text;
  v_today date;
  v_month date;
  v_day_start timestamptz;
  v_day_end timestamptz;
  v_result jsonb := '{}'::jsonb;
begin
  select time_zone into v_zone from public.communities where id = p_community_id;
  if v_zone is null or not (
    app_private.is_trusted() or exists (
      select 1 from public.memberships m
      where m.user_id = auth.uid() and m.community_id = p_community_id and cardinality(m.areas) > 0)) then
    perform app_private.fail('not_allowed', 'The overview is for administrators of the community');
  end if;
  v_today := (now() at time zone v_zone)::date;
  v_month := date_trunc('month', v_today)::date;
  v_day_start := v_today::timestamp at time zone v_zone;
  v_day_end := (v_today + 1)::timestamp at time zone v_zone;

  if app_private.has_area(p_community_id, 'event') then
    v_result := v_result || jsonb_build_object('events', jsonb_build_object(
      'upcoming', coalesce((
        select jsonb_agg(jsonb_build_object('id', e.id, 'title', e.title, 'starts_at', e.starts_at,
                                            'status', e.status, 'sold', s.sold, 'capacity', s.capacity)
                         order by e.starts_at)
        from (select id, title, starts_at, status from public.events
              where community_id = p_community_id and starts_at >= now()
                and status in ('published', 'scheduled')
              order by starts_at limit 5) e
        cross join lateral (
          select coalesce((select sum(p.quantity) from public.ticket_purchases p
                           where p.event_id = e.id and p.status = 'active'), 0)::int as sold,
                 (select case when count(*) = 0 or bool_or(t.participant_limit is null) then null
                              else sum(t.participant_limit) end
                  from public.tickets t where t.event_id = e.id)::int as capacity) s), '[]'::jsonb),
      -- Volunteer places still free on shifts in the next 14 days (a shift without its own
      -- number of places has the job's).
      'open_volunteer_slots', (
        select coalesce(sum(greatest(coalesce(ts.slots, j.slots) - (
                 select count(*) from public.volunteer_signups v
                 where v.timeslot_id = ts.id and v.status = 'signed_up'), 0)), 0)::int
        from public.volunteer_timeslots ts
        join public.volunteer_jobs j on j.id = ts.job_id
        join public.events e on e.id = j.event_id
        where ts.community_id = p_community_id and e.status in ('published', 'scheduled')
          and ts.starts_at >= now() and ts.starts_at < v_day_start + interval '15 days')));
  end if;

  if app_private.has_area(p_community_id, 'news') then
    v_result := v_result || jsonb_build_object('news', jsonb_build_object(
      'recent', coalesce((
        select jsonb_agg(jsonb_build_object('id', n.id, 'title', n.title, 'status', n.status,
                                            'release_at', n.release_at, 'published_at', n.published_at)
                         order by n.sort_at desc)
        from (select id, title, status, release_at, published_at, coalesce(published_at, release_at, created_at) as sort_at
              from public.news_posts where community_id = p_community_id and status in ('published', 'scheduled')
              order by coalesce(published_at, release_at, created_at) desc limit 5) n), '[]'::jsonb),
      'scheduled_today', (select count(*) from public.news_posts
                          where community_id = p_community_id and status = 'scheduled'
                            and release_at >= v_day_start and release_at < v_day_end)::int));
  end if;

  if app_private.has_area(p_community_id, 'member') then
    v_result := v_result || jsonb_build_object('members', jsonb_build_object(
      'count', (select count(*) from public.members where community_id = p_community_id and status <> 'left')::int,
      'joined_this_month', (select count(*) from public.members
                            where community_id = p_community_id and joined_on >= v_month)::int,
      'left_this_month', (select count(*) from public.members
                          where community_id = p_community_id and left_on >= v_month)::int,
      'certificates_expiring', (select count(*) from public.member_certificates c
                                join public.members m on m.id = c.member_id
                                where c.community_id = p_community_id and c.status = 'approved'
                                  and m.status <> 'left'
                                  and c.expires_on >= v_today and c.expires_on <= v_today + 30)::int));
  end if;

  if app_private.has_area(p_community_id, 'billing') then
    v_result := v_result || jsonb_build_object('billing', (
      select jsonb_build_object('currency', b -> 'currency', 'outstanding', b -> 'outstanding', 'overdue', b -> 'overdue')
      from public.billing_overview(p_community_id) as o(b)));
  end if;

  if app_private.has_area(p_community_id, 'booking') then
    v_result := v_result || jsonb_build_object('booking', jsonb_build_object(
      'today', (select count(*) from public.bookings
                where community_id = p_community_id and status <> 'cancelled'
                  and starts_at < v_day_end and ends_at > v_day_start)::int));
  end if;

  if app_private.has_area(p_community_id, 'group') then
    v_result := v_result || jsonb_build_object('groups', jsonb_build_object(
      'join_requests', (select count(*) from public.group_join_requests
                        where community_id = p_community_id and status = 'pending')::int));
  end if;

  return v_result || jsonb_build_object('today', v_today, 'time_zone', v_zone);
end
$$;

REVOKE ALL ON FUNCTION public.overview_figures(p_community_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.overview_figures(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.overview_figures(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.overview_figures(p_community_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.overview_figures(p_community_id uuid) TO service_role;

CREATE FUNCTION public.report_member_counts(p_community_id uuid, p_year integer, p_max_age integer DEFAULT NULL::integer, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(activity_id uuid, activity text, gender text, age_band text, members bigint)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select d.activity_id, d.activity, d.gender, d.age_band, count(*)
  from public.report_member_counts_detail(p_community_id, p_year, p_max_age, p_club_id) d
  group by d.activity_id, d.activity, d.gender, d.age_band
  order by d.activity, d.gender, d.age_band
$$;

REVOKE ALL ON FUNCTION public.report_member_counts(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.report_member_counts(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.report_member_counts(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.report_member_counts(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.report_member_counts(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) TO service_role;

CREATE FUNCTION public.report_member_counts_detail(p_community_id uuid, p_year integer, p_max_age integer DEFAULT NULL::integer, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(member_id uuid, first_name text, last_name text, gender text, birth_date date, age integer, age_band text, activity_id uuid, activity text, counted_from date, paid_by text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_zone text := app_private.check_report_year(p_community_id, p_year);
  v_end date := make_date(p_year, 12, 31);
  v_latest_start date := make_date(p_year, 10, 1);
begin
  if p_max_age is not null and (p_max_age < 0 or p_max_age > 130) then
    perform app_private.fail('invalid_age', 'The age limit is between 0 and 130');
  end if;
  perform app_private.check_club(p_community_id, p_club_id);
  return query
  select m.id, m.first_name, m.last_name, coalesce(m.gender::text, 'unknown'), m.birth_date, a.age,
         app_private.age_band(a.age),
         g.id, g.title, greatest(m.joined_on, (gm.joined_at at time zone v_zone)::date),
         case when gm.role in ('coach', 'leader') then gm.role else 'fee' end
  from public.group_members gm
  join public.groups g on g.id = gm.group_id
  join public.members m on m.id = gm.member_id
  cross join lateral (select extract(year from age(v_end, m.birth_date))::int as age) a
  where gm.community_id = p_community_id
    and g.price_ore > 0
    and (p_club_id is null or g.club_id = p_club_id)
    and (p_max_age is null or a.age <= p_max_age)
    and m.status <> 'passive'
    and m.joined_on <= v_latest_start and (m.left_on is null or m.left_on > v_end)
    and (gm.joined_at at time zone v_zone)::date <= v_latest_start
    and (gm.left_at is null or (gm.left_at at time zone v_zone)::date > v_end)
    and (gm.role in ('coach', 'leader') or exists (
      select 1 from public.group_fee_charges c join public.invoices i on i.id = c.invoice_id
      where c.group_member_id = gm.id and c.period_start between make_date(p_year, 1, 1) and v_end
        and i.status = 'paid'))
  order by g.title, m.last_name, m.first_name, m.id;
end
$$;

REVOKE ALL ON FUNCTION public.report_member_counts_detail(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.report_member_counts_detail(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.report_member_counts_detail(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.report_member_counts_detail(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.report_member_counts_detail(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) TO service_role;

CREATE FUNCTION public.report_premises_hours(p_community_id uuid, p_year integer, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(product_id uuid, product text, bookings bigint, hours numeric, under25_hours numeric, over25_hours numeric, unknown_age_hours numeric)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select d.product_id, d.product, count(*), sum(d.hours),
         coalesce(sum(d.hours) filter (where d.age_group = 'under25'), 0),
         coalesce(sum(d.hours) filter (where d.age_group = 'over25'), 0),
         coalesce(sum(d.hours) filter (where d.age_group = 'unknown'), 0)
  from public.report_premises_hours_detail(p_community_id, p_year, p_club_id) d
  group by d.product_id, d.product
  order by d.product, d.product_id
$$;

REVOKE ALL ON FUNCTION public.report_premises_hours(p_community_id uuid, p_year integer, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.report_premises_hours(p_community_id uuid, p_year integer, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.report_premises_hours(p_community_id uuid, p_year integer, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.report_premises_hours(p_community_id uuid, p_year integer, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.report_premises_hours(p_community_id uuid, p_year integer, p_club_id uuid) TO service_role;

CREATE FUNCTION public.report_premises_hours_detail(p_community_id uuid, p_year integer, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(booking_id uuid, product_id uuid, product text, member_id uuid, first_name text, last_name text, day date, hours numeric, age integer, age_group text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_zone text := app_private.check_report_year(p_community_id, p_year);
begin
  perform app_private.check_club(p_community_id, p_club_id);
  return query
  select b.id, p.id, p.name, m.id, m.first_name, m.last_name, x.day,
         round((extract(epoch from (b.ends_at - b.starts_at)) / 3600)::numeric, 2), x.age,
         case when x.age is null then 'unknown' when x.age < 25 then 'under25' else 'over25' end
  from public.bookings b
  join public.booking_products p on p.id = b.product_id
  left join public.members m on m.id = b.member_id
  cross join lateral (select (b.starts_at at time zone v_zone)::date as day) d
  cross join lateral (select d.day, extract(year from age(d.day, m.birth_date))::int as age) x
  where b.community_id = p_community_id and b.status <> 'cancelled'
    and b.starts_at >= (make_date(p_year, 1, 1)::timestamp at time zone v_zone)
    and b.starts_at < (make_date(p_year + 1, 1, 1)::timestamp at time zone v_zone)
    and (p_club_id is null or p.club_id = p_club_id)
  order by p.name, b.starts_at, b.id;
end
$$;

REVOKE ALL ON FUNCTION public.report_premises_hours_detail(p_community_id uuid, p_year integer, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.report_premises_hours_detail(p_community_id uuid, p_year integer, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.report_premises_hours_detail(p_community_id uuid, p_year integer, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.report_premises_hours_detail(p_community_id uuid, p_year integer, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.report_premises_hours_detail(p_community_id uuid, p_year integer, p_club_id uuid) TO service_role;

CREATE FUNCTION app_private.require_analytics(p_community uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app_private.has_area(p_community, 'analytics') then
    perform app_private.fail('not_allowed', 'Analytics are for analytics admins of the community');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.require_analytics(p_community uuid) FROM anon, authenticated, service_role;

-- schemas/billing/functions.sql

set check_function_bodies = off;

CREATE FUNCTION app_private.account_refresh_arrears() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.refresh_member_arrears(array_remove(array[old.member_id, new.member_id], null));
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.account_refresh_arrears() FROM anon, authenticated, service_role;

CREATE FUNCTION public.accounting_export_csv(p_community_id uuid, p_from date, p_to date) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select 'Dato;Bilag;Konto;Tekst;Beløb;Momskode' || E'\n' || coalesce(string_agg(
    to_char(p.posted_on, 'DD-MM-YYYY') || ';' || p.voucher || ';' || p.account || ';"' ||
    replace(p.description, '"', '""') || '";' ||
    replace(to_char(p.amount_ore / 100.0, 'FM999999999990.00'), '.', ',') || ';' || p.vat_code, E'\n' order by p.ord), '')
    || E'\n'
  from public.accounting_postings(p_community_id, p_from, p_to) with ordinality
       as p(posted_on, voucher, account, description, amount_ore, vat_code, ord)
$$;

REVOKE ALL ON FUNCTION public.accounting_export_csv(p_community_id uuid, p_from date, p_to date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.accounting_export_csv(p_community_id uuid, p_from date, p_to date) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.accounting_export_csv(p_community_id uuid, p_from date, p_to date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.accounting_export_csv(p_community_id uuid, p_from date, p_to date) TO authenticated;
GRANT ALL ON FUNCTION public.accounting_export_csv(p_community_id uuid, p_from date, p_to date) TO service_role;

CREATE FUNCTION public.accounting_postings(p_community_id uuid, p_from date, p_to date) RETURNS TABLE(posted_on date, voucher text, account text, description text, amount_ore bigint, vat_code text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  s public.billing_settings;
  v_zone text;
begin
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'The accounting export is for billing admins of the community');
  end if;
  if p_from is null or p_to is null or p_to < p_from then
    perform app_private.fail('invalid_period', 'Give a period whose end is not before its start');
  end if;
  select * into s from public.billing_settings where community_id = p_community_id;
  s.debtor_account := coalesce(s.debtor_account, '5600');
  s.revenue_exempt_account := coalesce(s.revenue_exempt_account, '1000');
  s.revenue_taxable_account := coalesce(s.revenue_taxable_account, '1010');
  s.vat_account := coalesce(s.vat_account, '7700');
  s.fee_income_account := coalesce(s.fee_income_account, '1090');
  s.bank_account := coalesce(s.bank_account, '5820');
  select time_zone into v_zone from public.communities where id = p_community_id;
  return query
  with docs as (
    select i.*, case when i.kind = 'credit_note' then -1 else 1 end as sign,
           case when i.kind = 'credit_note' then 'Kreditnota ' else 'Faktura ' end || i.number || ', ' || a.name as text
    from public.invoices i join public.billing_accounts a on a.id = i.account_id
    where i.community_id = p_community_id and i.number is not null and i.issued_on between p_from and p_to
  ), lines as (
    select d.id, sum(l.net_ore) filter (where l.vat_exempt) as exempt, sum(l.net_ore) filter (where not l.vat_exempt) as taxable
    from docs d join public.invoice_lines l on l.invoice_id = d.id group by d.id
  )
  select x.posted_on, x.voucher, x.account, x.description, x.amount_ore::bigint, x.vat_code from (
    select d.issued_on as posted_on, d.number::text as voucher, s.debtor_account as account, d.text as description,
           d.sign * d.total_ore as amount_ore, '' as vat_code, d.number as n, 1 as k
    from docs d
    union all
    select d.issued_on, d.number::text, s.revenue_exempt_account, d.text, -d.sign * l.exempt, 'MOMSFRI', d.number, 2
    from docs d join lines l on l.id = d.id where coalesce(l.exempt, 0) <> 0
    union all
    select d.issued_on, d.number::text, s.revenue_taxable_account, d.text, -d.sign * l.taxable, 'U25', d.number, 3
    from docs d join lines l on l.id = d.id where coalesce(l.taxable, 0) <> 0
    union all
    select d.issued_on, d.number::text, s.vat_account, d.text, -d.sign * d.vat_ore, 'U25', d.number, 4
    from docs d where d.vat_ore <> 0
    union all
    select r.reminded_on, i.number || '-R' || r.seq, acc.account, 'Rykkergebyr ' || r.seq || ', faktura ' || i.number,
           acc.sign * r.fee_ore, case when acc.sign < 0 then 'MOMSFRI' else '' end, i.number, 5
    from public.invoice_reminders r join public.invoices i on i.id = r.invoice_id
    cross join (values (s.debtor_account, 1), (s.fee_income_account, -1)) acc(account, sign)
    where r.community_id = p_community_id and r.fee_ore > 0 and r.reminded_on between p_from and p_to
    union all
    select (p.paid_at at time zone v_zone)::date, i.number || '-B', acc.account,
           'Betaling ' || p.method::text || ', faktura ' || i.number, acc.sign * p.amount_ore, '', i.number, 6
    from public.invoice_payments p join public.invoices i on i.id = p.invoice_id
    cross join (values (s.bank_account, 1), (s.debtor_account, -1)) acc(account, sign)
    where p.community_id = p_community_id and p.method <> 'account_credit'
      and (p.paid_at at time zone v_zone)::date between p_from and p_to
  ) x
  order by x.posted_on, x.n, x.k, x.amount_ore desc;
end
$$;

REVOKE ALL ON FUNCTION public.accounting_postings(p_community_id uuid, p_from date, p_to date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.accounting_postings(p_community_id uuid, p_from date, p_to date) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.accounting_postings(p_community_id uuid, p_from date, p_to date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.accounting_postings(p_community_id uuid, p_from date, p_to date) TO authenticated;
GRANT ALL ON FUNCTION public.accounting_postings(p_community_id uuid, p_from date, p_to date) TO service_role;

CREATE FUNCTION app_private.accounts_add_totals() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.billing_account_totals (account_id, community_id)
  select id, community_id from new_rows
  on conflict (account_id) do nothing;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.accounts_add_totals() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.after_credit_note_issued() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_original public.invoices;
begin
  update public.invoices set status = 'credited' where id = new.credited_invoice_id returning * into v_original;
  if v_original.paid_ore > 0 then
    insert into public.account_credits (community_id, account_id, amount_ore, source, invoice_id)
    values (v_original.community_id, v_original.account_id, v_original.paid_ore, 'credited_payment', v_original.id);
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_credit_note_issued() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.after_invoice_lines_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  create temporary table if not exists pg_temp.touched_invoices (id uuid) on commit drop;
  delete from pg_temp.touched_invoices;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into pg_temp.touched_invoices select distinct invoice_id from new_lines;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    insert into pg_temp.touched_invoices select distinct invoice_id from old_lines;
  end if;
  if exists (select 1 from public.invoices i join pg_temp.touched_invoices t on t.id = i.id where i.status <> 'draft') then
    perform app_private.fail('invoice_not_draft', 'Only draft invoices can be edited; an issued invoice is credited instead');
  end if;
  update public.invoices i set subtotal_ore = s.net, vat_ore = s.vat, total_ore = s.net + s.vat
  from (select t.id, coalesce(sum(l.net_ore), 0) as net, coalesce(sum(l.vat_ore), 0) as vat
        from (select distinct id from pg_temp.touched_invoices) t
        left join public.invoice_lines l on l.invoice_id = t.id group by t.id) s
  where i.id = s.id and (i.subtotal_ore, i.vat_ore, i.total_ore) is distinct from (s.net, s.vat, s.net + s.vat);
  if exists (select 1 from public.invoices i join pg_temp.touched_invoices t on t.id = i.id where i.total_ore < 0) then
    perform app_private.fail('negative_total', 'Credit lines cannot take an invoice below zero');
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_invoice_lines_change() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.after_invoice_paid() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.group_members gm set payment_status = 'paid'
  from public.group_fee_charges c
  where c.invoice_id = new.id and gm.id = c.group_member_id;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_invoice_paid() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.after_invoice_payment() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  i public.invoices;
  v_owed bigint;
  v_applied bigint;
begin
  select * into i from public.invoices where id = new.invoice_id for update;
  if i.kind <> 'invoice' then
    perform app_private.fail('invoice_not_payable', 'A credit note is not paid; record payments on invoices');
  end if;
  if i.status = 'paid' then
    perform app_private.fail('invoice_already_paid', 'This invoice is paid in full already');
  end if;
  if i.status <> 'issued' then
    perform app_private.fail('invoice_not_payable', format('Payments are recorded on issued invoices only; this one is %s', i.status));
  end if;
  v_owed := i.total_ore + i.fees_ore - i.paid_ore;
  v_applied := least(new.amount_ore, v_owed);
  if new.method = 'account_credit' and new.amount_ore > v_owed then
    perform app_private.fail('overpayment_from_credit', 'Account credit pays at most what the invoice still owes');
  end if;
  update public.invoices set paid_ore = paid_ore + v_applied,
    status = case when paid_ore + v_applied >= total_ore + fees_ore then 'paid'::public.invoice_status else status end
  where id = i.id;
  if new.amount_ore > v_applied then
    insert into public.account_credits (community_id, account_id, amount_ore, source, invoice_id, payment_id)
    values (i.community_id, i.account_id, new.amount_ore - v_applied, 'overpayment', i.id, new.id);
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_invoice_payment() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.after_invoice_reminder() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.fee_ore > 0 then
    update public.invoices set fees_ore = fees_ore + new.fee_ore where id = new.invoice_id;
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_invoice_reminder() FROM anon, authenticated, service_role;

CREATE FUNCTION public.apply_account_credit(p_invoice_id uuid) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  i public.invoices;
  v_available bigint;
  v_amount bigint;
  v_payment uuid;
begin
  i := app_private.billing_invoice(p_invoice_id);
  -- One account's credit is spent by one call at a time.
  perform 1 from public.billing_accounts where id = i.account_id for update;
  select coalesce(sum(amount_ore), 0) into v_available from public.account_credits where account_id = i.account_id;
  v_amount := least(v_available, i.total_ore + i.fees_ore - i.paid_ore);
  if v_amount <= 0 then
    perform app_private.fail('no_credit', 'The account has no credit to apply');
  end if;
  perform set_config('app.applying_credit', p_invoice_id::text, true);
  insert into public.invoice_payments (community_id, invoice_id, amount_ore, method, reference)
  values (i.community_id, i.id, v_amount, 'account_credit', 'Tilgodehavende') returning id into v_payment;
  perform set_config('app.applying_credit', '', true);
  insert into public.account_credits (community_id, account_id, amount_ore, source, invoice_id, payment_id)
  values (i.community_id, i.account_id, -v_amount, 'applied', i.id, v_payment);
  return v_amount;
end
$$;

REVOKE ALL ON FUNCTION public.apply_account_credit(p_invoice_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.apply_account_credit(p_invoice_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.apply_account_credit(p_invoice_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_account_credit(p_invoice_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.apply_account_credit(p_invoice_id uuid) TO service_role;

CREATE FUNCTION public.apply_volunteer_credits(p_invoice_id uuid) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.billing_invoice(p_invoice_id);
  if not exists (select 1 from public.invoice_lines l where l.invoice_id = p_invoice_id and l.plan_id is not null)
     and not exists (select 1 from public.group_fee_charges c where c.invoice_id = p_invoice_id) then
    return 0;
  end if;
  return app_private.attach_volunteer_credits(p_invoice_id);
end
$$;

REVOKE ALL ON FUNCTION public.apply_volunteer_credits(p_invoice_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.apply_volunteer_credits(p_invoice_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.apply_volunteer_credits(p_invoice_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_volunteer_credits(p_invoice_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.apply_volunteer_credits(p_invoice_id uuid) TO service_role;

CREATE FUNCTION app_private.attach_volunteer_credits(p_invoice_id uuid) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  i public.invoices;
  v_member uuid;
  v_language text;
  v_hours numeric;
  v_room bigint;
  v_amount bigint;
  v_total bigint := 0;
  r record;
begin
  select * into i from public.invoices where id = p_invoice_id for update;
  select a.member_id, a.language into v_member, v_language from public.billing_accounts a where a.id = i.account_id;
  if i.status <> 'draft' or i.kind <> 'invoice' or v_member is null then
    return 0;
  end if;
  for r in select * from public.volunteer_credit_rules vr
           where vr.community_id = i.community_id and vr.active
             and not exists (select 1 from public.volunteer_credits vc where vc.rule_id = vr.id and vc.member_id = v_member) loop
    v_hours := app_private.volunteer_hours(v_member, r.season_start, r.season_end);
    if v_hours >= r.min_hours then
      insert into public.volunteer_credits (community_id, rule_id, member_id, hours, credit_ore)
      values (i.community_id, r.id, v_member, v_hours, r.credit_ore);
    end if;
  end loop;
  for r in select vc.*, vr.name from public.volunteer_credits vc join public.volunteer_credit_rules vr on vr.id = vc.rule_id
           where vc.member_id = v_member and vc.invoice_id is null order by vc.earned_at, vc.id for update of vc loop
    select coalesce(sum(l.net_ore), 0) into v_room from public.invoice_lines l where l.invoice_id = i.id;
    v_amount := least(r.credit_ore, v_room);
    exit when v_amount <= 0;
    insert into public.invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore, vat_rate_bp,
                                      vat_exempt, sort_order, line_kind)
    values (i.community_id, i.id,
            case when v_language = 'en'
                 then format('Volunteer credit, %s: %s hours', r.name, to_char(r.hours, 'FM9990.0'))
                 else format('Klubhjælp, %s: %s timer', r.name, replace(to_char(r.hours, 'FM9990.0'), '.', ',')) end,
            1, v_amount, 0, true, 1000, 'credit');
    update public.volunteer_credits set invoice_id = i.id, applied_ore = v_amount where id = r.id;
    v_total := v_total + v_amount;
  end loop;
  return v_total;
end
$$;

REVOKE ALL ON FUNCTION app_private.attach_volunteer_credits(p_invoice_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.attach_volunteer_credits(p_invoice_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.attach_volunteer_credits(p_invoice_id uuid) FROM PUBLIC;

CREATE FUNCTION app_private.before_billing_account_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $_$
begin
  new.name := trim(new.name);
  new.cvr := nullif(regexp_replace(coalesce(new.cvr, ''), '[\s-]', '', 'g'), '');
  new.ean := nullif(regexp_replace(coalesce(new.ean, ''), '[\s-]', '', 'g'), '');
  new.email := nullif(trim(coalesce(new.email, '')), '');
  new.order_reference := nullif(trim(coalesce(new.order_reference, '')), '');
  new.contact_reference := nullif(trim(coalesce(new.contact_reference, '')), '');
  if new.cvr is not null and new.cvr !~ '^[0-9]{8}$' then
    perform app_private.fail('invalid_cvr', 'A CVR number has exactly 8 digits');
  end if;
  if new.ean is not null and new.ean !~ '^[0-9]{13}$' then
    perform app_private.fail('invalid_ean', 'An EAN location number has exactly 13 digits');
  end if;
  -- Only a new or changed number is checked, so an account saved before the check can still
  -- be edited; the OIOUBL file refuses such a number when it is made.
  if new.ean is not null and (tg_op = 'INSERT' or new.ean is distinct from old.ean)
     and not app_private.ean_check_digit_ok(new.ean) then
    perform app_private.fail('invalid_ean_check_digit',
      'The last digit of an EAN location number is a check digit, and it does not match the first 12; check the number with the public body');
  end if;
  if new.order_reference is not null and length(new.order_reference) > 35 then
    perform app_private.fail('invalid_order_reference', 'An order number has at most 35 characters');
  end if;
  if new.contact_reference is not null and length(new.contact_reference) > 40 then
    perform app_private.fail('invalid_contact_reference', 'A person reference has at most 40 characters');
  end if;
  if new.kind = 'organisation' and new.cvr is null then
    perform app_private.fail('cvr_required', 'An organisation is invoiced with its CVR number (8 digits)');
  end if;
  if new.kind = 'public_body' and new.ean is null then
    perform app_private.fail('ean_required', 'A public body is invoiced with its EAN location number (13 digits)');
  end if;
  if new.email is not null and new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    perform app_private.fail('invalid_email', 'The e-mail address is not valid');
  end if;
  return new;
end
$_$;

REVOKE ALL ON FUNCTION app_private.before_billing_account_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_billing_plan_delete() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if pg_trigger_depth() = 1 and (exists (select 1 from public.invoice_lines l where l.plan_id = old.id)
                                 or exists (select 1 from public.billing_accounts a where a.plan_id = old.id)) then
    perform app_private.fail('plan_in_use', 'This plan has been used; archive it instead of deleting it');
  end if;
  return old;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_billing_plan_delete() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_billing_plan_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.name := trim(new.name);
  if new.price_ore < 0 then
    perform app_private.fail('negative_amount', 'A plan''s price cannot be negative');
  end if;
  -- Denmark: kontingent is exempt (momsloven §13), anything taxable carries 25 %.
  if not ((new.vat_exempt and new.vat_rate_bp = 0) or (not new.vat_exempt and new.vat_rate_bp = 2500)) then
    perform app_private.fail('invalid_vat_class', 'A plan is either VAT exempt at 0 % or taxable at 25 %');
  end if;
  if (new.grants = 'group') <> (new.group_id is not null) then
    perform app_private.fail('invalid_grant', 'A plan that grants a group names that group, and only such a plan does');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_billing_plan_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_invoice_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if old.status <> 'draft' and not app_private.trusted_or_trigger() then
    perform app_private.fail('invoice_not_draft', 'Only drafts can be deleted; an issued invoice keeps its number and is credited instead');
  end if;
  return old;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_invoice_delete() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_invoice_line_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.description := trim(coalesce(new.description, ''));
  if new.description = '' then
    perform app_private.fail('description_required', 'Every invoice line needs a description');
  end if;
  if new.unit_price_ore is null or new.unit_price_ore < 0 then
    perform app_private.fail('negative_amount', 'A line amount cannot be negative; credit the invoice or add a credit line');
  end if;
  if new.quantity is null or new.quantity < 1 then
    perform app_private.fail('invalid_quantity', 'A line''s quantity is a whole number of at least 1');
  end if;
  if new.vat_exempt and new.vat_rate_bp <> 0 then
    perform app_private.fail('vat_on_exempt_line', 'A VAT-exempt line cannot carry VAT');
  end if;
  if new.vat_rate_bp < 0 or new.vat_rate_bp > 10000 then
    perform app_private.fail('invalid_vat_rate', 'A VAT rate lies between 0 % and 100 %');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_invoice_line_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_invoice_payment() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if new.amount_ore is null or new.amount_ore <= 0 then
    perform app_private.fail('invalid_amount', 'A payment is an amount above zero');
  end if;
  if new.method = 'account_credit' and not app_private.trusted_or_trigger()
     and coalesce(current_setting('app.applying_credit', true), '') <> new.invoice_id::text then
    perform app_private.fail('invalid_method', 'Account credit is used with "apply credit", not recorded as a payment');
  end if;
  new.reference := nullif(trim(coalesce(new.reference, '')), '');
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_invoice_payment() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_invoice_reminder() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  i public.invoices;
  t public.payment_terms;
  v_last date;
  v_count integer;
begin
  select * into i from public.invoices where id = new.invoice_id for update;
  if i.kind <> 'invoice' or i.status <> 'issued' then
    perform app_private.fail('not_remindable', 'Only issued, unpaid invoices get reminders');
  end if;
  t := app_private.invoice_terms(i.id);
  select count(*), max(reminded_on) into v_count, v_last from public.invoice_reminders where invoice_id = i.id;
  new.seq := v_count + 1;
  new.reminded_on := coalesce(new.reminded_on, current_date);
  if new.seq > least(3, coalesce(cardinality(t.reminder_days), 0)) then
    perform app_private.fail('no_more_reminders', 'The payment terms allow no further reminder for this invoice');
  end if;
  if new.reminded_on < i.due_on + t.reminder_days[new.seq] then
    perform app_private.fail('reminder_too_early', format('Reminder %s is due on %s by the payment terms',
                             new.seq, i.due_on + t.reminder_days[new.seq]));
  end if;
  if v_last is not null and new.reminded_on < v_last + 10 then
    perform app_private.fail('reminders_too_close', 'Reminders are sent at least ten days apart (renteloven §9b)');
  end if;
  new.fee_ore := coalesce(new.fee_ore, t.reminder_fee_ore);
  if new.fee_ore > t.reminder_fee_ore then
    perform app_private.fail('reminder_fee_too_high', 'A reminder fee is at most what the payment terms set (and at most 100 kr)');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_invoice_reminder() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_invoice_reminder_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if (new.invoice_id, new.seq, new.fee_ore, new.reminded_on) is distinct from (old.invoice_id, old.seq, old.fee_ore, old.reminded_on) then
    perform app_private.fail('read_only_field', 'A reminder is a record: only its sending is noted');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_invoice_reminder_update() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_invoice_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_days int;
  v_inner boolean := app_private.trusted_or_trigger();
  v_original public.invoices;
begin
  if tg_op = 'INSERT' then
    if new.status <> 'draft' then
      perform app_private.fail('invalid_transition', 'An invoice starts as a draft');
    end if;
    new.number := null;
    new.paid_ore := 0;
    new.fees_ore := 0;
    new.emailed_at := null;
    if not v_inner then
      new.subtotal_ore := 0; new.vat_ore := 0; new.total_ore := 0;
    end if;
    if new.kind = 'credit_note' then
      select * into v_original from public.invoices where id = new.credited_invoice_id;
      if v_original.id is null or v_original.kind <> 'invoice' or v_original.status not in ('issued', 'paid') then
        perform app_private.fail('invoice_not_creditable', 'Only an issued or paid invoice can be credited');
      end if;
      new.account_id := v_original.account_id;
      new.currency := v_original.currency;
    end if;
    return new;
  end if;

  if new.number is distinct from old.number and not app_private.is_trusted() then
    perform app_private.fail('read_only_field', 'Invoice numbers are assigned when the invoice is issued');
  end if;
  if (new.kind, new.credited_invoice_id) is distinct from (old.kind, old.credited_invoice_id) then
    perform app_private.fail('read_only_field', 'An invoice cannot become a credit note or change what it credits');
  end if;
  if not v_inner and (new.paid_ore, new.fees_ore) is distinct from (old.paid_ore, old.fees_ore) then
    perform app_private.fail('read_only_field', 'Paid amounts and fees follow the recorded payments and reminders');
  end if;
  if not v_inner and (new.subtotal_ore, new.vat_ore, new.total_ore) is distinct from (old.subtotal_ore, old.vat_ore, old.total_ore) then
    perform app_private.fail('read_only_field', 'An invoice''s totals follow its lines');
  end if;
  if old.status <> 'draft' and (new.subtotal_ore, new.vat_ore, new.total_ore, new.account_id, new.currency, new.issued_on)
       is distinct from (old.subtotal_ore, old.vat_ore, old.total_ore, old.account_id, old.currency, old.issued_on) then
    perform app_private.fail('invoice_not_draft', 'An issued invoice never changes its amounts; credit it instead');
  end if;

  if new.status <> old.status then
    if not (old.status, new.status) in (('draft', 'issued'), ('draft', 'void'), ('issued', 'paid'), ('issued', 'void'),
                                        ('issued', 'credited'), ('paid', 'credited')) then
      perform app_private.fail('invalid_transition', format('An invoice cannot go from %s to %s', old.status, new.status));
    end if;
    if new.status = 'credited' and not v_inner then
      perform app_private.fail('invalid_transition', 'An invoice is credited by issuing its credit note');
    end if;
    if new.status = 'paid' and new.paid_ore < new.total_ore + new.fees_ore then
      perform app_private.fail('not_fully_paid', 'An invoice is paid when payments cover its total; record the payment');
    end if;
    if old.status = 'issued' and new.status = 'void' and (old.paid_ore > 0 or old.kind = 'credit_note') then
      perform app_private.fail('invoice_not_voidable', 'An invoice with payments (or a credit note) cannot be voided; credit it instead');
    end if;
    if new.status = 'issued' then
      if not exists (select 1 from public.invoice_lines l where l.invoice_id = new.id and l.line_kind = 'charge' and l.net_ore > 0) then
        perform app_private.fail('invoice_empty', 'An invoice needs at least one line with an amount');
      end if;
      if new.kind = 'credit_note' then
        select * into v_original from public.invoices where id = new.credited_invoice_id for update;
        if v_original.status not in ('issued', 'paid') then
          perform app_private.fail('invoice_not_creditable', 'Only an issued or paid invoice can be credited');
        end if;
        if (new.subtotal_ore, new.vat_ore, new.total_ore) is distinct from
             (v_original.subtotal_ore, v_original.vat_ore, v_original.total_ore)
           or exists (select description, quantity, unit_price_ore, vat_rate_bp, vat_exempt, line_kind
                      from public.invoice_lines where invoice_id = new.id
                      except all
                      select description, quantity, unit_price_ore, vat_rate_bp, vat_exempt, line_kind
                      from public.invoice_lines where invoice_id = v_original.id)
           or exists (select description, quantity, unit_price_ore, vat_rate_bp, vat_exempt, line_kind
                      from public.invoice_lines where invoice_id = v_original.id
                      except all
                      select description, quantity, unit_price_ore, vat_rate_bp, vat_exempt, line_kind
                      from public.invoice_lines where invoice_id = new.id) then
          perform app_private.fail('credit_note_mismatch', 'A credit note reverses its invoice exactly, line by line');
        end if;
      end if;
      -- Bulk loads (trusted) may number their invoices themselves and bump the counter. A batch
      -- issued by app_private.issue_invoices_in_order has taken its numbers from the counter
      -- already, in its order, and left them in invoice_numbers_ahead.
      if new.number is null or not app_private.is_trusted() then
        new.number := coalesce((select n.number from app_private.invoice_numbers_ahead n where n.invoice_id = new.id),
                               app_private.next_number(new.community_id, 'invoice'));
      end if;
      new.issued_on := coalesce(new.issued_on, current_date);
      if new.kind = 'credit_note' then
        new.due_on := new.issued_on;
      else
        select coalesce(t.days_due, (select days_due from public.payment_terms d
                                     where d.community_id = new.community_id and d.is_default), 14)
          into v_days
          from public.billing_accounts a left join public.payment_terms t on t.id = a.payment_terms_id
         where a.id = new.account_id;
        new.due_on := coalesce(new.due_on, new.issued_on + coalesce(v_days, 14));
        -- Fully covered by credit lines: nothing to pay.
        if new.total_ore = 0 then
          new.status := 'paid';
        end if;
      end if;
    end if;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_invoice_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_payment_terms_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
declare i integer;
begin
  new.name := trim(new.name);
  if new.days_due is null or new.days_due < 0 or new.days_due > 365 then
    perform app_private.fail('invalid_days_due', 'Days until due is a whole number from 0 to 365');
  end if;
  if cardinality(new.reminder_days) > 3 then
    perform app_private.fail('too_many_reminders', 'At most three reminders may carry a fee (renteloven §9b)');
  end if;
  if new.reminder_fee_ore < 0 or new.reminder_fee_ore > 10000 then
    perform app_private.fail('reminder_fee_too_high', 'A reminder fee is at most 100 kr (renteloven §9b)');
  end if;
  for i in 1 .. coalesce(cardinality(new.reminder_days), 0) loop
    if new.reminder_days[i] is null or new.reminder_days[i] < 1 then
      perform app_private.fail('invalid_reminder_schedule', 'A reminder is sent at the earliest one day after the due date');
    end if;
    if i > 1 and new.reminder_days[i] - new.reminder_days[i - 1] < 10 then
      perform app_private.fail('reminders_too_close', 'Reminders are sent at least ten days apart (renteloven §9b)');
    end if;
  end loop;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_payment_terms_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.billing_credit_rule(p_rule_id uuid) RETURNS public.volunteer_credit_rules
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare r public.volunteer_credit_rules;
begin
  select * into r from public.volunteer_credit_rules where id = p_rule_id;
  if r.id is null or not app_private.has_area(r.community_id, 'billing') then
    perform app_private.fail('rule_not_found', 'No such volunteer credit rule among yours');
  end if;
  return r;
end
$$;

REVOKE ALL ON FUNCTION app_private.billing_credit_rule(p_rule_id uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.billing_invoice(p_invoice_id uuid) RETURNS public.invoices
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare i public.invoices;
begin
  select * into i from public.invoices where id = p_invoice_id;
  if i.id is null or not app_private.has_area(i.community_id, 'billing') then
    perform app_private.fail('invoice_not_found', 'No such invoice among yours');
  end if;
  return i;
end
$$;

REVOKE ALL ON FUNCTION app_private.billing_invoice(p_invoice_id uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION public.billing_overview(p_community_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_zone text;
  v_today date;
  v_month date;
begin
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'The billing overview is for billing admins of the community');
  end if;
  select time_zone into v_zone from public.communities where id = p_community_id;
  v_today := (now() at time zone v_zone)::date;
  v_month := date_trunc('month', v_today)::date;
  return jsonb_build_object(
    'currency', (select currency from public.communities where id = p_community_id),
    'outstanding', (select jsonb_build_object('ore', coalesce(sum(t.outstanding_ore), 0), 'count', coalesce(sum(t.open_invoices), 0))
                    from public.billing_account_totals t where t.community_id = p_community_id and t.open_invoices > 0),
    'overdue', (select jsonb_build_object('ore', coalesce(sum(i.total_ore + i.fees_ore - i.paid_ore), 0), 'count', count(*))
                from public.invoices i where i.community_id = p_community_id and i.status = 'issued' and i.kind = 'invoice'
                  and i.due_on < v_today),
    'paid_this_month', (select jsonb_build_object('ore', coalesce(sum(p.amount_ore), 0), 'count', count(*))
                        from public.invoice_payments p where p.community_id = p_community_id
                          and p.method <> 'account_credit' and p.paid_at >= (v_month::timestamp at time zone v_zone)),
    'drafts', (select count(*) from public.invoices i where i.community_id = p_community_id and i.status = 'draft'),
    'members_in_arrears', (select count(distinct a.member_id) from public.billing_account_totals t
                           join public.billing_accounts a on a.id = t.account_id
                           where t.community_id = p_community_id and t.first_due_on < v_today
                             and a.member_id is not null),
    'next_fee_runs', coalesce((
      select jsonb_agg(jsonb_build_object('frequency', r.payment_frequency, 'groups', r.groups, 'members', r.members,
                                          'next_period_start', r.next_start) order by r.next_start)
      from (select g.payment_frequency, count(distinct g.id) as groups, count(gm.id) as members,
                   (p.period_end)::date as next_start
            from public.groups g
            left join public.group_members gm on gm.group_id = g.id and gm.left_at is null
            cross join lateral app_private.fee_period(g.payment_frequency, v_today) p
            where g.community_id = p_community_id and not g.archived and g.price_ore > 0
              and g.payment_frequency is not null and g.payment_frequency <> 'one_time'
            group by g.payment_frequency, p.period_end) r), '[]'::jsonb));
end
$$;

REVOKE ALL ON FUNCTION public.billing_overview(p_community_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.billing_overview(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.billing_overview(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.billing_overview(p_community_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.billing_overview(p_community_id uuid) TO service_role;

CREATE FUNCTION public.create_due_reminders(p_community_id uuid, p_day date DEFAULT CURRENT_DATE) RETURNS TABLE(reminder_id uuid, invoice_id uuid, invoice_number bigint, seq smallint, fee_ore integer)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare r record;
begin
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'Reminders are made by billing admins of the community');
  end if;
  if p_day is null then
    perform app_private.fail('invalid_day', 'Give the day to remind on');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('create_due_reminders:' || p_community_id::text, 0));
  for r in
    select i.id, i.number from public.invoices i
    cross join lateral app_private.invoice_terms(i.id) t
    where i.community_id = p_community_id and i.kind = 'invoice' and i.status = 'issued' and i.due_on < p_day
      and (select count(*) from public.invoice_reminders x where x.invoice_id = i.id) < least(3, cardinality(t.reminder_days))
      and i.due_on + t.reminder_days[(select count(*) from public.invoice_reminders x where x.invoice_id = i.id)::int + 1] <= p_day
      and not exists (select 1 from public.invoice_reminders x where x.invoice_id = i.id and x.reminded_on > p_day - 10)
    order by i.number
  loop
    insert into public.invoice_reminders (community_id, invoice_id, reminded_on, fee_ore)
    values (p_community_id, r.id, p_day, null)
    returning id, invoice_id, r.number, seq, fee_ore into reminder_id, invoice_id, invoice_number, seq, fee_ore;
    return next;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION public.create_due_reminders(p_community_id uuid, p_day date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.create_due_reminders(p_community_id uuid, p_day date) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.create_due_reminders(p_community_id uuid, p_day date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_due_reminders(p_community_id uuid, p_day date) TO authenticated;
GRANT ALL ON FUNCTION public.create_due_reminders(p_community_id uuid, p_day date) TO service_role;

CREATE FUNCTION public.credit_invoice(p_invoice_id uuid, p_reason text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  i public.invoices;
  v_note uuid;
begin
  select * into i from public.invoices where id = p_invoice_id;
  if i.id is null then
    perform app_private.fail('invoice_not_found', 'No such invoice among yours');
  end if;
  if exists (select 1 from public.invoices where credited_invoice_id = i.id) then
    perform app_private.fail('invoice_already_credited', 'This invoice has a credit note already');
  end if;
  insert into public.invoices (community_id, account_id, kind, credited_invoice_id, currency, note)
  values (i.community_id, i.account_id, 'credit_note', i.id, i.currency,
          coalesce(nullif(trim(coalesce(p_reason, '')), ''), 'Kreditnota for faktura ' || i.number))
  returning id into v_note;
  insert into public.invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore, vat_rate_bp,
                                    vat_exempt, sort_order, plan_id, line_kind)
  select community_id, v_note, description, quantity, unit_price_ore, vat_rate_bp, vat_exempt, sort_order, plan_id, line_kind
  from public.invoice_lines where invoice_id = i.id order by sort_order, id;
  update public.invoices set status = 'issued' where id = v_note;
  return v_note;
end
$$;

REVOKE ALL ON FUNCTION public.credit_invoice(p_invoice_id uuid, p_reason text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.credit_invoice(p_invoice_id uuid, p_reason text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.credit_invoice(p_invoice_id uuid, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.credit_invoice(p_invoice_id uuid, p_reason text) TO authenticated;
GRANT ALL ON FUNCTION public.credit_invoice(p_invoice_id uuid, p_reason text) TO service_role;

CREATE FUNCTION app_private.credits_refresh_account_totals() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_accounts uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct account_id order by account_id) into v_accounts from new_rows;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct account_id order by account_id) into v_accounts from old_rows;
  else
    select array_agg(distinct account_id order by account_id) into v_accounts
      from (select account_id from new_rows union select account_id from old_rows) x;
  end if;
  perform app_private.refresh_account_totals(v_accounts);
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.credits_refresh_account_totals() FROM anon, authenticated, service_role;

CREATE FUNCTION public.invoice_document(p_invoice_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  i public.invoices;
  a public.billing_accounts;
  s public.billing_settings;
begin
  select * into i from public.invoices where id = p_invoice_id;
  select * into a from public.billing_accounts where id = i.account_id;
  if i.id is null or not (app_private.has_area(i.community_id, 'billing')
                          or coalesce(a.member_id = any (app_private.my_member_ids()), false)) then
    perform app_private.fail('invoice_not_found', 'No such invoice among yours');
  end if;
  select * into s from public.billing_settings where community_id = i.community_id;
  return jsonb_build_object(
    'invoice', jsonb_build_object(
      'id', i.id, 'number', i.number, 'kind', i.kind, 'status', i.status, 'currency', i.currency,
      'issued_on', i.issued_on, 'due_on', i.due_on, 'note', i.note,
      'subtotal_ore', i.subtotal_ore, 'vat_ore', i.vat_ore, 'total_ore', i.total_ore,
      'fees_ore', i.fees_ore, 'paid_ore', i.paid_ore,
      'credited_number', (select o.number from public.invoices o where o.id = i.credited_invoice_id),
      'credited_issued_on', (select o.issued_on from public.invoices o where o.id = i.credited_invoice_id)),
    'lines', coalesce((select jsonb_agg(jsonb_build_object(
        'description', l.description, 'quantity', l.quantity, 'unit_price_ore', l.unit_price_ore,
        'vat_rate_bp', l.vat_rate_bp, 'vat_exempt', l.vat_exempt, 'line_kind', l.line_kind,
        'net_ore', l.net_ore, 'vat_ore', l.vat_ore) order by l.sort_order, l.id)
      from public.invoice_lines l where l.invoice_id = i.id), '[]'::jsonb),
    'account', jsonb_build_object(
      'name', a.name, 'kind', a.kind, 'email', a.email, 'cvr', a.cvr, 'ean', a.ean, 'street', a.street,
      'postal_code', a.postal_code, 'city', a.city, 'language', a.language,
      'order_reference', a.order_reference, 'contact_reference', a.contact_reference),
    'club', (select jsonb_build_object('name', c.name, 'cvr', c.cvr, 'time_zone', c.time_zone,
                                       'street', s.street, 'postal_code', s.postal_code, 'city', s.city)
             from public.communities c where c.id = i.community_id),
    'payment', case when s.community_id is null then '{}'::jsonb
                    else jsonb_build_object('bank_reg_no', s.bank_reg_no, 'bank_account_no', s.bank_account_no,
                                            'iban', s.iban, 'mobilepay_number', s.mobilepay_number,
                                            'invoice_email', s.invoice_email) end,
    'reminders', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'seq', r.seq, 'fee_ore', r.fee_ore,
                                                               'reminded_on', r.reminded_on, 'emailed_at', r.emailed_at)
                                            order by r.seq)
                           from public.invoice_reminders r where r.invoice_id = i.id), '[]'::jsonb));
end
$$;

REVOKE ALL ON FUNCTION public.invoice_document(p_invoice_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.invoice_document(p_invoice_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.invoice_document(p_invoice_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.invoice_document(p_invoice_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.invoice_document(p_invoice_id uuid) TO service_role;

CREATE FUNCTION public.invoice_group_fees(p_community_id uuid, p_day date DEFAULT CURRENT_DATE, p_limit integer DEFAULT NULL::integer) RETURNS TABLE(invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select * from app_private.run_group_fees(p_community_id, p_day, null, p_limit)
$$;

REVOKE ALL ON FUNCTION public.invoice_group_fees(p_community_id uuid, p_day date, p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.invoice_group_fees(p_community_id uuid, p_day date, p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.invoice_group_fees(p_community_id uuid, p_day date, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.invoice_group_fees(p_community_id uuid, p_day date, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.invoice_group_fees(p_community_id uuid, p_day date, p_limit integer) TO service_role;

CREATE FUNCTION public.invoice_list_count(p_community_id uuid, p_status text DEFAULT NULL::text) RETURNS bigint
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_overdue bigint := 0;
  v_total bigint;
begin
  if not app_private.has_area(p_community_id, 'billing') then
    return null;
  end if;
  if p_status is not null and p_status not in ('draft', 'issued', 'overdue', 'paid', 'void', 'credited') then
    perform app_private.fail('invalid_status', 'Unknown invoice status');
  end if;
  if p_status in ('issued', 'overdue') then
    select count(*) into v_overdue from public.invoices i
     where i.community_id = p_community_id and i.status = 'issued' and i.kind = 'invoice'
       and i.due_on < current_date;
    if p_status = 'overdue' then
      return v_overdue;
    end if;
  end if;
  select coalesce(sum(c.invoices), 0) into v_total from public.invoice_status_counts c
   where c.community_id = p_community_id
     and (p_status is null or c.status = (case when p_status = 'overdue' then 'issued' else p_status end)::public.invoice_status);
  return v_total - v_overdue;
end
$$;

REVOKE ALL ON FUNCTION public.invoice_list_count(p_community_id uuid, p_status text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.invoice_list_count(p_community_id uuid, p_status text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.invoice_list_count(p_community_id uuid, p_status text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.invoice_list_count(p_community_id uuid, p_status text) TO authenticated;
GRANT ALL ON FUNCTION public.invoice_list_count(p_community_id uuid, p_status text) TO service_role;

CREATE FUNCTION app_private.invoice_terms(p_invoice_id uuid) RETURNS public.payment_terms
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select t.* from public.invoices i
  join public.billing_accounts a on a.id = i.account_id
  join public.payment_terms t on t.id = a.payment_terms_id or (a.payment_terms_id is null and t.community_id = i.community_id and t.is_default)
  where i.id = p_invoice_id
  order by (t.id = a.payment_terms_id) desc nulls last
  limit 1
$$;

REVOKE ALL ON FUNCTION app_private.invoice_terms(p_invoice_id uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.invoices_count_statuses() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    update public.invoice_status_counts c set invoices = c.invoices + d.n
      from (select community_id, status, count(*) as n from new_rows group by community_id, status) d
     where c.community_id = d.community_id and c.status = d.status;
  elsif tg_op = 'DELETE' then
    update public.invoice_status_counts c set invoices = c.invoices - d.n
      from (select community_id, status, count(*) as n from old_rows group by community_id, status) d
     where c.community_id = d.community_id and c.status = d.status;
  else
    update public.invoice_status_counts c set invoices = c.invoices + d.n
      from (select community_id, status, sum(n) as n
              from (select community_id, status, 1 as n from new_rows
                    union all
                    select community_id, status, -1 from old_rows) r
             group by community_id, status
            having sum(n) <> 0) d
     where c.community_id = d.community_id and c.status = d.status;
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.invoices_count_statuses() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.invoices_count_truncated() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.invoice_status_counts set invoices = 0;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.invoices_count_truncated() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.invoices_lock_status_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_community uuid := case when tg_op = 'DELETE' then old.community_id else new.community_id end;
  v_key text := 'app.invoice_counts_' || replace(v_community::text, '-', '');
  v_rows int;
begin
  if coalesce(current_setting(v_key, true), '') <> txid_current()::text then
    perform 1 from public.invoice_status_counts where community_id = v_community order by status for update;
    get diagnostics v_rows = row_count;
    -- A delete adds no counters: the community's may be going away in the same statement.
    if v_rows < cardinality(enum_range(null::public.invoice_status)) and tg_op <> 'DELETE' then
      insert into public.invoice_status_counts (community_id, status)
      select v_community, s from unnest(enum_range(null::public.invoice_status)) s order by s
      on conflict do nothing;
      perform 1 from public.invoice_status_counts where community_id = v_community order by status for update;
    end if;
    perform set_config(v_key, txid_current()::text, true);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

REVOKE ALL ON FUNCTION app_private.invoices_lock_status_counts() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.invoices_refresh_account_totals() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_accounts uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct account_id order by account_id) into v_accounts from new_rows;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct account_id order by account_id) into v_accounts from old_rows;
  else
    -- Only rows whose money, state or due date changed (a sent e-mail changes none of them).
    select array_agg(distinct x.account_id order by x.account_id) into v_accounts
      from (select n.account_id from new_rows n join old_rows o on o.id = n.id
             where (n.account_id, n.status, n.kind, n.total_ore, n.fees_ore, n.paid_ore, n.due_on)
                   is distinct from (o.account_id, o.status, o.kind, o.total_ore, o.fees_ore, o.paid_ore, o.due_on)
            union
            select o.account_id from new_rows n join old_rows o on o.id = n.id
             where n.account_id is distinct from o.account_id) x;
  end if;
  perform app_private.refresh_account_totals(v_accounts);
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.invoices_refresh_account_totals() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.invoices_refresh_arrears() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_accounts uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct n.account_id) into v_accounts from new_rows n
     where n.kind = 'invoice' and n.status = 'issued' and n.due_on is not null and n.paid_ore < n.total_ore;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.account_id) into v_accounts from old_rows o
     where o.kind = 'invoice' and o.status = 'issued' and o.due_on is not null and o.paid_ore < o.total_ore;
  else
    select array_agg(distinct x.account_id) into v_accounts
      from old_rows o join new_rows n on n.id = o.id
      cross join lateral (values (o.account_id), (n.account_id)) x (account_id)
     where n.kind = 'invoice'
       and ((o.status = 'issued' and o.due_on is not null and o.paid_ore < o.total_ore)
              is distinct from (n.status = 'issued' and n.due_on is not null and n.paid_ore < n.total_ore)
            or ((n.status = 'issued' and n.due_on is not null and n.paid_ore < n.total_ore)
                and (o.due_on, o.account_id) is distinct from (n.due_on, n.account_id)));
  end if;
  if v_accounts is null then
    return null;
  end if;
  perform app_private.refresh_member_arrears(array(
    select distinct a.member_id from public.billing_accounts a
     where a.id = any (v_accounts) and a.member_id is not null));
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.invoices_refresh_arrears() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.invoices_refresh_arrears() FROM PUBLIC;

CREATE FUNCTION public.issue_invoice(p_invoice_id uuid) RETURNS bigint
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare v_number bigint;
begin
  if not exists (select 1 from public.invoices where id = p_invoice_id) then
    perform app_private.fail('invoice_not_found', 'No such invoice among yours');
  end if;
  perform public.apply_volunteer_credits(p_invoice_id);
  update public.invoices set status = 'issued' where id = p_invoice_id and status = 'draft' returning number into v_number;
  if v_number is null then
    perform app_private.fail('invalid_transition', 'Only a draft invoice can be issued');
  end if;
  return v_number;
end
$$;

REVOKE ALL ON FUNCTION public.issue_invoice(p_invoice_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.issue_invoice(p_invoice_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.issue_invoice(p_invoice_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.issue_invoice(p_invoice_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.issue_invoice(p_invoice_id uuid) TO service_role;

CREATE FUNCTION app_private.issue_invoices_in_order(p_community_id uuid, p_invoice_ids uuid[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_count integer := coalesce(cardinality(p_invoice_ids), 0);
  v_last bigint;
  v_issued integer;
begin
  if v_count = 0 then
    return;
  end if;
  insert into app_private.counters as c (community_id, kind, last_value) values (p_community_id, 'invoice', v_count)
  on conflict (community_id, kind) do update set last_value = c.last_value + v_count
  returning last_value into v_last;
  insert into app_private.invoice_numbers_ahead (invoice_id, number)
  select u.id, v_last - v_count + u.ord from unnest(p_invoice_ids) with ordinality u (id, ord);
  update public.invoices i set status = 'issued'
   where i.id = any (p_invoice_ids) and i.community_id = p_community_id and i.status = 'draft';
  get diagnostics v_issued = row_count;
  delete from app_private.invoice_numbers_ahead where invoice_id = any (p_invoice_ids);
  -- A number taken and not used would be a gap: issue all of them or none.
  if v_issued <> v_count then
    perform app_private.fail('invalid_transition', 'Only draft invoices of the community are issued together');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.issue_invoices_in_order(p_community_id uuid, p_invoice_ids uuid[]) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.issue_invoices_in_order(p_community_id uuid, p_invoice_ids uuid[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.issue_invoices_in_order(p_community_id uuid, p_invoice_ids uuid[]) FROM PUBLIC;

CREATE FUNCTION public.link_member_account(p_member_id uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_member public.members;
  v_user uuid;
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null then
    perform app_private.fail('member_not_found', 'No such member');
  end if;
  if v_member.user_id is not null then
    return v_member.user_id;
  end if;
  select u.id into v_user from auth.users u where lower(u.email) = lower(v_member.email);
  if v_user is null then
    perform app_private.fail('user_not_found', 'No account has the member''s e-mail address');
  end if;
  if exists (select 1 from public.members m where m.community_id = v_member.community_id and m.user_id = v_user) then
    perform app_private.fail('account_already_linked', 'That account already belongs to another member here');
  end if;
  update public.members set user_id = v_user where id = p_member_id;
  return v_user;
end
$$;

REVOKE ALL ON FUNCTION public.link_member_account(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.link_member_account(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.link_member_account(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.link_member_account(p_member_id uuid) TO service_role;

CREATE FUNCTION public.make_default_payment_terms(p_terms_id uuid) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare v_community uuid;
begin
  select community_id into v_community from public.payment_terms where id = p_terms_id;
  if v_community is null then
    perform app_private.fail('terms_not_found', 'These payment terms do not exist or are not yours to change');
  end if;
  update public.payment_terms set is_default = false where community_id = v_community and is_default and id <> p_terms_id;
  update public.payment_terms set is_default = true where id = p_terms_id;
end
$$;

REVOKE ALL ON FUNCTION public.make_default_payment_terms(p_terms_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.make_default_payment_terms(p_terms_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.make_default_payment_terms(p_terms_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.make_default_payment_terms(p_terms_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.make_default_payment_terms(p_terms_id uuid) TO service_role;

CREATE FUNCTION public.mark_invoice_emailed(p_invoice_id uuid, p_reminder_id uuid DEFAULT NULL::uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.billing_invoice(p_invoice_id);
  if p_reminder_id is null then
    update public.invoices set emailed_at = now() where id = p_invoice_id;
  else
    update public.invoice_reminders set emailed_at = now() where id = p_reminder_id and invoice_id = p_invoice_id;
  end if;
end
$$;

REVOKE ALL ON FUNCTION public.mark_invoice_emailed(p_invoice_id uuid, p_reminder_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.mark_invoice_emailed(p_invoice_id uuid, p_reminder_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.mark_invoice_emailed(p_invoice_id uuid, p_reminder_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mark_invoice_emailed(p_invoice_id uuid, p_reminder_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.mark_invoice_emailed(p_invoice_id uuid, p_reminder_id uuid) TO service_role;

CREATE FUNCTION app_private.my_account_ids() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(a.id), '{}') from public.billing_accounts a
  join public.members m on m.id = a.member_id
  where m.user_id = auth.uid()
$$;

REVOKE ALL ON FUNCTION app_private.my_account_ids() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.my_account_ids() TO anon;
GRANT ALL ON FUNCTION app_private.my_account_ids() TO authenticated;
GRANT ALL ON FUNCTION app_private.my_account_ids() TO service_role;

CREATE FUNCTION app_private.refresh_account_totals(p_accounts uuid[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if coalesce(cardinality(p_accounts), 0) = 0 then
    return;
  end if;
  insert into public.billing_account_totals (account_id, community_id)
  select a.id, a.community_id from public.billing_accounts a where a.id = any (p_accounts)
  on conflict (account_id) do nothing;
  perform 1 from public.billing_account_totals t where t.account_id = any (p_accounts)
   order by t.account_id for update;
  update public.billing_account_totals t
     set outstanding_ore = s.outstanding, credit_ore = s.credit, open_invoices = s.open,
         first_due_on = s.first_due, last_due_on = s.last_due
    from (select a.id,
                 coalesce(o.outstanding, 0) as outstanding, coalesce(o.open, 0) as open,
                 o.first_due, o.last_due, coalesce(c.credit, 0) as credit
            from unnest(p_accounts) as a(id)
            left join lateral (
              select sum(i.total_ore + i.fees_ore - i.paid_ore) as outstanding, count(*) as open,
                     min(i.due_on) as first_due, max(i.due_on) as last_due
                from public.invoices i
               where i.account_id = a.id and i.status = 'issued' and i.kind = 'invoice') o on true
            left join lateral (
              select sum(ac.amount_ore) as credit from public.account_credits ac where ac.account_id = a.id) c on true) s
   where t.account_id = s.id
     and (t.outstanding_ore, t.credit_ore, t.open_invoices, t.first_due_on, t.last_due_on)
         is distinct from (s.outstanding, s.credit, s.open::int, s.first_due, s.last_due);
end
$$;

REVOKE ALL ON FUNCTION app_private.refresh_account_totals(p_accounts uuid[]) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.refresh_account_totals(p_accounts uuid[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.refresh_account_totals(p_accounts uuid[]) FROM PUBLIC;

CREATE FUNCTION app_private.touch_billing_settings() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.updated_at := now();
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.touch_billing_settings() FROM anon, authenticated, service_role;

CREATE FUNCTION public.volunteer_credit_hours(p_rule_id uuid, p_member_id uuid) RETURNS TABLE(signup_id uuid, event_title text, job_title text, checked_in_at timestamp with time zone, checked_out_at timestamp with time zone, hours numeric)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare r public.volunteer_credit_rules := app_private.billing_credit_rule(p_rule_id);
begin
  return query
  select s.id, e.title, j.title, s.checked_in_at, s.checked_out_at,
         round(extract(epoch from (s.checked_out_at - s.checked_in_at)) / 3600, 2)
  from public.volunteer_signups s
  join public.volunteer_jobs j on j.id = s.job_id
  join public.events e on e.id = j.event_id
  join public.communities c on c.id = s.community_id
  where s.member_id = p_member_id and s.community_id = r.community_id and s.status = 'signed_up'
    and s.checked_in_at is not null and s.checked_out_at is not null
    and (s.checked_in_at at time zone c.time_zone)::date between r.season_start and r.season_end
  order by s.checked_in_at;
end
$$;

REVOKE ALL ON FUNCTION public.volunteer_credit_hours(p_rule_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.volunteer_credit_hours(p_rule_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.volunteer_credit_hours(p_rule_id uuid, p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.volunteer_credit_hours(p_rule_id uuid, p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.volunteer_credit_hours(p_rule_id uuid, p_member_id uuid) TO service_role;

CREATE FUNCTION public.volunteer_credit_standing(p_rule_id uuid) RETURNS TABLE(member_id uuid, full_name text, hours numeric, qualifies boolean, credit_id uuid, invoice_id uuid, applied_ore integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare r public.volunteer_credit_rules := app_private.billing_credit_rule(p_rule_id);
begin
  return query
  select m.id, m.full_name, h.hours, h.hours >= r.min_hours, vc.id, vc.invoice_id, vc.applied_ore
  from public.members m
  cross join lateral (select app_private.volunteer_hours(m.id, r.season_start, r.season_end) as hours) h
  left join public.volunteer_credits vc on vc.rule_id = r.id and vc.member_id = m.id
  where m.community_id = r.community_id
    and exists (select 1 from public.volunteer_signups s where s.member_id = m.id and s.checked_out_at is not null)
    and h.hours > 0
  order by h.hours desc, m.full_name;
end
$$;

REVOKE ALL ON FUNCTION public.volunteer_credit_standing(p_rule_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.volunteer_credit_standing(p_rule_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.volunteer_credit_standing(p_rule_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.volunteer_credit_standing(p_rule_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.volunteer_credit_standing(p_rule_id uuid) TO service_role;

-- schemas/booking/functions.sql

set check_function_bodies = off;

CREATE FUNCTION public.admin_book_product(p_product_id uuid, p_member_id uuid, p_starts_local timestamp without time zone, p_ends_local timestamp without time zone, p_share_contact boolean DEFAULT false, p_note text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  p public.booking_products;
  tz text;
  v_starts timestamptz;
  v_ends timestamptz;
  r record;
begin
  if p_starts_local is null or p_ends_local is null or p_ends_local <= p_starts_local then
    perform app_private.fail('invalid_period', 'A booking must end after it starts');
  end if;
  p := app_private.product_for_booking(p_product_id, true);
  perform app_private.require_member_in(p_member_id, p.community_id);
  select c.time_zone into tz from public.communities c where c.id = p.community_id;
  v_starts := app_private.local_instant(p_starts_local, tz);
  v_ends := app_private.local_instant(p_ends_local, tz);
  if v_starts is null or v_ends is null then
    perform app_private.fail('invalid_local_time',
      format('%s does not exist in %s (the clock skips that hour when summer time starts)',
             case when v_starts is null then p_starts_local else p_ends_local end, tz));
  end if;
  perform app_private.lock_booking_hours(p.id, v_starts, v_ends);
  r := app_private.booking_refusal(p, p_member_id, v_starts, v_ends, p_share_contact, true);
  if r.code is not null then
    perform app_private.fail(r.code, r.message);
  end if;
  return app_private.insert_booking(p, p_member_id, v_starts, v_ends, p_share_contact, p_note, null);
end
$$;

REVOKE ALL ON FUNCTION public.admin_book_product(p_product_id uuid, p_member_id uuid, p_starts_local timestamp without time zone, p_ends_local timestamp without time zone, p_share_contact boolean, p_note text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.admin_book_product(p_product_id uuid, p_member_id uuid, p_starts_local timestamp without time zone, p_ends_local timestamp without time zone, p_share_contact boolean, p_note text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_book_product(p_product_id uuid, p_member_id uuid, p_starts_local timestamp without time zone, p_ends_local timestamp without time zone, p_share_contact boolean, p_note text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_book_product(p_product_id uuid, p_member_id uuid, p_starts_local timestamp without time zone, p_ends_local timestamp without time zone, p_share_contact boolean, p_note text) TO authenticated;
GRANT ALL ON FUNCTION public.admin_book_product(p_product_id uuid, p_member_id uuid, p_starts_local timestamp without time zone, p_ends_local timestamp without time zone, p_share_contact boolean, p_note text) TO service_role;

CREATE FUNCTION app_private.before_booking_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if new.status <> old.status then
    if not (old.status, new.status) in (('booked', 'checked_in'), ('booked', 'cancelled')) then
      perform app_private.fail('invalid_transition', format('A booking cannot go from %s to %s', old.status, new.status));
    end if;
    if new.status = 'checked_in' then new.checked_in_at := coalesce(new.checked_in_at, now()); end if;
    if new.status = 'cancelled' then new.cancelled_at := now(); end if;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_booking_update() FROM anon, authenticated, service_role;

CREATE FUNCTION public.book_product(p_product_id uuid, p_starts_at timestamp with time zone, p_ends_at timestamp with time zone, p_share_contact boolean DEFAULT false, p_note text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  p public.booking_products;
  v_member uuid;
  r record;
begin
  if p_starts_at is null or p_ends_at is null or p_ends_at <= p_starts_at then
    perform app_private.fail('invalid_period', 'A booking must end after it starts');
  end if;
  p := app_private.product_for_booking(p_product_id, false);
  v_member := app_private.my_member_id(p.community_id);
  if v_member is null then
    perform app_private.fail('not_a_member', 'Only members of the community can book');
  end if;
  perform app_private.lock_booking_hours(p.id, p_starts_at, p_ends_at);
  r := app_private.booking_refusal(p, v_member, p_starts_at, p_ends_at, p_share_contact, false);
  if r.code is not null then
    perform app_private.fail(r.code, r.message);
  end if;
  return app_private.insert_booking(p, v_member, p_starts_at, p_ends_at, p_share_contact, p_note, null);
end
$$;

REVOKE ALL ON FUNCTION public.book_product(p_product_id uuid, p_starts_at timestamp with time zone, p_ends_at timestamp with time zone, p_share_contact boolean, p_note text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.book_product(p_product_id uuid, p_starts_at timestamp with time zone, p_ends_at timestamp with time zone, p_share_contact boolean, p_note text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.book_product(p_product_id uuid, p_starts_at timestamp with time zone, p_ends_at timestamp with time zone, p_share_contact boolean, p_note text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.book_product(p_product_id uuid, p_starts_at timestamp with time zone, p_ends_at timestamp with time zone, p_share_contact boolean, p_note text) TO authenticated;
GRANT ALL ON FUNCTION public.book_product(p_product_id uuid, p_starts_at timestamp with time zone, p_ends_at timestamp with time zone, p_share_contact boolean, p_note text) TO service_role;

CREATE FUNCTION app_private.booking_admin_product(p_product_id uuid) RETURNS public.booking_products
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare p public.booking_products;
begin
  select * into p from public.booking_products where id = p_product_id;
  if p.id is null or not app_private.has_area(p.community_id, 'booking') then
    perform app_private.fail('product_not_found', 'No such product');
  end if;
  return p;
end
$$;

REVOKE ALL ON FUNCTION app_private.booking_admin_product(p_product_id uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION public.booking_calendar(p_community_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) RETURNS TABLE(id uuid, product_id uuid, starts_at timestamp with time zone, ends_at timestamp with time zone, status public.booking_status, member_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_admin boolean;
  v_mine uuid[];
begin
  if p_from is null or p_to is null or p_to <= p_from or p_to - p_from > interval '42 days' then
    perform app_private.fail('invalid_range', 'The calendar shows at most 42 days, ending after they start');
  end if;
  v_admin := app_private.has_area(p_community_id, 'booking');
  v_mine := case when v_admin then '{}'::uuid[] else app_private.my_member_ids() end;
  if not v_admin and cardinality(v_mine) = 0 then
    return;
  end if;
  return query
  select b.id, b.product_id, b.starts_at, b.ends_at, b.status, m.full_name
  from public.bookings b
  join public.members m on m.id = b.member_id
  where b.community_id = p_community_id and b.status <> 'cancelled'
    and b.starts_at >= p_from and b.starts_at < p_to
    and (v_admin or b.member_id = any (v_mine))
  order by b.starts_at, b.id;
end
$$;

REVOKE ALL ON FUNCTION public.booking_calendar(p_community_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.booking_calendar(p_community_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.booking_calendar(p_community_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_calendar(p_community_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.booking_calendar(p_community_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) TO service_role;

CREATE FUNCTION app_private.booking_feed(p_token text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  t public.booking_feed_tokens;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Feeds are read through the feed URL');
  end if;
  select * into t from public.booking_feed_tokens where token = p_token;
  if t.token is null then
    return null;
  end if;
  return jsonb_build_object(
    'kind', case when t.product_id is not null then 'product' else 'member' end,
    'name', coalesce((select p.name from public.booking_products p where p.id = t.product_id),
                     (select trim(m.first_name || ' ' || coalesce(m.last_name, '')) from public.members m
                       where m.id = t.member_id)),
    'community', (select c.name from public.communities c where c.id = t.community_id),
    'time_zone', (select c.time_zone from public.communities c where c.id = t.community_id),
    'bookings', coalesce((
      select jsonb_agg(jsonb_build_object('id', b.id, 'product', p.name, 'starts_at', b.starts_at,
               'ends_at', b.ends_at, 'status', b.status, 'created_at', b.created_at,
               'booker', case when t.member_id is not null or b.contact_shared
                              then trim(m.first_name || ' ' || coalesce(m.last_name, '')) end)
               order by b.starts_at)
        from public.bookings b
        join public.booking_products p on p.id = b.product_id
        join public.members m on m.id = b.member_id
       where (b.product_id = t.product_id or b.member_id = t.member_id)
         and b.starts_at >= now() - interval '90 days' and b.starts_at < now() + interval '400 days'), '[]'));
end
$$;

REVOKE ALL ON FUNCTION app_private.booking_feed(p_token text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.booking_feed(p_token text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.booking_feed(p_token text) FROM PUBLIC;

CREATE FUNCTION public.booking_feed_token(p_product_id uuid DEFAULT NULL::uuid, p_member_id uuid DEFAULT NULL::uuid, p_renew boolean DEFAULT false) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_community uuid;
  v_token text;
begin
  if num_nonnulls(p_product_id, p_member_id) <> 1 then
    perform app_private.fail('invalid_feed', 'A feed is for one product or one member');
  end if;
  if p_product_id is not null then
    select community_id into v_community from public.booking_products where id = p_product_id and deleted_at is null;
  else
    select community_id into v_community from public.members where id = p_member_id;
  end if;
  if v_community is null or not app_private.has_area(v_community, 'booking') then
    perform app_private.fail('feed_not_found', 'No such product or member');
  end if;
  if coalesce(p_renew, false) then
    delete from public.booking_feed_tokens
     where product_id is not distinct from p_product_id and member_id is not distinct from p_member_id;
  end if;
  select token into v_token from public.booking_feed_tokens
   where product_id is not distinct from p_product_id and member_id is not distinct from p_member_id;
  if v_token is null then
    v_token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
    insert into public.booking_feed_tokens (token, community_id, product_id, member_id)
    values (v_token, v_community, p_product_id, p_member_id);
  end if;
  return v_token;
end
$$;

REVOKE ALL ON FUNCTION public.booking_feed_token(p_product_id uuid, p_member_id uuid, p_renew boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.booking_feed_token(p_product_id uuid, p_member_id uuid, p_renew boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.booking_feed_token(p_product_id uuid, p_member_id uuid, p_renew boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_feed_token(p_product_id uuid, p_member_id uuid, p_renew boolean) TO authenticated;
GRANT ALL ON FUNCTION public.booking_feed_token(p_product_id uuid, p_member_id uuid, p_renew boolean) TO service_role;

CREATE FUNCTION app_private.booking_refusal(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_on_behalf boolean, OUT code text, OUT message text) RETURNS record
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  tz text;
  l_start timestamp;
  l_end timestamp;
  t_end time;
  v_len interval;
  v_text text;
  v_overlap int;
  v_requirements jsonb;
begin
  if p_starts is null or p_ends is null or p_ends <= p_starts then
    code := 'invalid_period'; message := 'A booking must end after it starts'; return;
  end if;
  if p.deleted_at is not null then
    code := 'product_deleted'; message := format('%s has been deleted and cannot be booked', p.name); return;
  end if;
  select c.time_zone into tz from public.communities c where c.id = p.community_id;
  l_start := p_starts at time zone tz;
  l_end := p_ends at time zone tz;
  v_len := p_ends - p_starts;
  if p_starts < now() then
    code := 'in_the_past'; message := 'A booking cannot start in the past'; return;
  end if;
  if l_start::date <> l_end::date and l_end <> l_start::date + 1 then
    code := 'outside_availability'; message := 'A booking must stay within one day'; return;
  end if;
  if p.min_duration_minutes is not null and v_len < make_interval(mins => p.min_duration_minutes) then
    code := 'too_short'; message := format('%s is booked for at least %s minutes', p.name, p.min_duration_minutes); return;
  end if;
  if p.max_duration_minutes is not null and v_len > make_interval(mins => p.max_duration_minutes) then
    code := 'too_long'; message := format('%s is booked for at most %s minutes', p.name, p.max_duration_minutes); return;
  end if;
  if not p_on_behalf then
    if p_starts < now() + make_interval(mins => p.min_notice_minutes) then
      code := 'too_soon'; message := format('%s must be booked at least %s minutes ahead', p.name, p.min_notice_minutes);
      return;
    end if;
    if p.opens_days_ahead is not null and l_start::date > (now() at time zone tz)::date + p.opens_days_ahead then
      code := 'not_open_yet';
      message := format('Bookings of %s open %s days ahead; the last bookable day is now %s', p.name,
                        p.opens_days_ahead, (now() at time zone tz)::date + p.opens_days_ahead);
      return;
    end if;
  end if;
  select string_agg(coalesce(nullif(d.reason, ''), 'closed'), ', ') into v_text from public.booking_closed_days d
  where d.community_id = p.community_id and (d.product_id is null or d.product_id = p.id) and d.on_date = l_start::date;
  if v_text is not null then
    code := 'closed_day'; message := format('%s is closed on %s (%s)', p.name, l_start::date, v_text); return;
  end if;
  t_end := case when l_end::date > l_start::date then time '24:00' else l_end::time end;
  if not exists (
    select 1 from public.product_availability a
    where a.product_id = p.id
      and (a.weekday = extract(isodow from l_start) or a.on_date = l_start::date)
      and (case when p.availability = 'timeslot' then a.starts_at = l_start::time and a.ends_at = t_end
                else a.starts_at <= l_start::time and t_end <= a.ends_at end)) then
    code := 'outside_availability';
    message := case when p.availability = 'timeslot'
                    then format('%s can only be booked in its fixed timeslots', p.name)
                    else format('%s is not open at that time', p.name) end;
    return;
  end if;
  v_requirements := app_private.booking_requirements(p.id, p_member, l_start::date);
  select string_agg(r ->> 'detail', '; ') into v_text
  from jsonb_array_elements(v_requirements) r
  where r ->> 'type' = 'certificate' and not (r ->> 'met')::boolean;
  if v_text is not null then
    code := 'certificate_missing'; message := format('A required certificate is not valid on the booked day: %s', v_text);
    return;
  end if;
  select string_agg(r ->> 'name', ', ') into v_text
  from jsonb_array_elements(v_requirements) r
  where r ->> 'type' = 'group' and not (r ->> 'met')::boolean;
  if v_text is not null then
    code := 'group_required'; message := format('%s is only for members of: %s', p.name, v_text); return;
  end if;
  if p.require_contact_sharing and not coalesce(p_share, false) then
    code := 'contact_sharing_required'; message := format('%s requires that the booker shares contact details', p.name);
    return;
  end if;
  select count(*) into v_overlap from public.bookings b
  where b.product_id = p.id and b.status <> 'cancelled' and b.starts_at < p_ends and b.ends_at > p_starts
    and b.starts_at > p_starts - interval '1 day';
  if v_overlap >= p.capacity then
    code := 'fully_booked'; message := format('%s is fully booked at that time', p.name); return;
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.booking_refusal(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_on_behalf boolean, OUT code text, OUT message text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.booking_refusal(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_on_behalf boolean, OUT code text, OUT message text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.booking_refusal(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_on_behalf boolean, OUT code text, OUT message text) FROM PUBLIC;

CREATE FUNCTION app_private.booking_requirements(p_product uuid, p_member uuid, p_day date) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(r order by r ->> 'type', r ->> 'name'), '[]') from (
    select jsonb_build_object('type', 'certificate', 'name', rc.kind, 'expires_on', c.expires_on,
      'met', app_private.has_certificate(p_member, rc.kind, p_day),
      'detail', case
        when app_private.has_certificate(p_member, rc.kind, p_day) then null
        when c.status = 'approved' and c.expires_on is not null
          then format('%s expires on %s, before the booked day %s', rc.kind, c.expires_on, p_day)
        when c.status is not null then format('%s is %s, not approved', rc.kind, c.status)
        else format('%s is not on file', rc.kind) end) as r
    from public.product_required_certificates rc
    left join lateral (select mc.expires_on, mc.status from public.member_certificates mc
                       where mc.member_id = p_member and mc.kind = rc.kind
                       order by (mc.status = 'approved') desc, mc.expires_on desc nulls first limit 1) c on true
    where rc.product_id = p_product
    union all
    select jsonb_build_object('type', 'group', 'name', g.title, 'expires_on', null, 'met', gm.member_id is not null,
      'detail', case when gm.member_id is null then format('not a member of the group %s', g.title) end)
    from public.product_required_groups rg join public.groups g on g.id = rg.group_id
    left join public.group_members gm on gm.group_id = rg.group_id and gm.member_id = p_member and gm.left_at is null
    where rg.product_id = p_product) x
$$;

REVOKE ALL ON FUNCTION app_private.booking_requirements(p_product uuid, p_member uuid, p_day date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.booking_requirements(p_product uuid, p_member uuid, p_day date) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.booking_requirements(p_product uuid, p_member uuid, p_day date) FROM PUBLIC;

CREATE FUNCTION public.booking_requirements_check(p_product_id uuid, p_member_id uuid, p_day date) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare p public.booking_products := app_private.booking_admin_product(p_product_id);
begin
  perform app_private.require_member_in(p_member_id, p.community_id);
  return app_private.booking_requirements(p.id, p_member_id, p_day);
end
$$;

REVOKE ALL ON FUNCTION public.booking_requirements_check(p_product_id uuid, p_member_id uuid, p_day date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.booking_requirements_check(p_product_id uuid, p_member_id uuid, p_day date) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.booking_requirements_check(p_product_id uuid, p_member_id uuid, p_day date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_requirements_check(p_product_id uuid, p_member_id uuid, p_day date) TO authenticated;
GRANT ALL ON FUNCTION public.booking_requirements_check(p_product_id uuid, p_member_id uuid, p_day date) TO service_role;

CREATE FUNCTION public.booking_utilisation(p_community_id uuid, p_from date, p_to date, p_bucket text DEFAULT 'week'::text) RETURNS TABLE(period_start date, product_id uuid, name text, bookings bigint, booked_hours numeric, under25_hours numeric)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare tz text;
begin
  if not app_private.has_area(p_community_id, 'booking') then
    perform app_private.fail('not_allowed', 'Only booking admins of the community see its utilisation');
  end if;
  if p_bucket is null or p_bucket not in ('week', 'month') then
    perform app_private.fail('invalid_bucket', 'Bucket is week or month');
  end if;
  perform app_private.check_range(p_from, p_to, p_bucket);
  select c.time_zone into tz from public.communities c where c.id = p_community_id;
  return query
  with b as (
    select x.product_id, (x.starts_at at time zone tz)::date as day,
           extract(epoch from (x.ends_at - x.starts_at)) / 3600 as hours,
           m.birth_date is not null and age((x.starts_at at time zone tz)::date, m.birth_date) < interval '25 years'
             as young
      from public.bookings x join public.members m on m.id = x.member_id
     where x.community_id = p_community_id and x.status <> 'cancelled'
       and x.starts_at >= (p_from::timestamp at time zone tz) and x.starts_at < ((p_to + 1)::timestamp at time zone tz))
  select per.period_start, p.id, p.name, count(b.product_id),
         round(coalesce(sum(b.hours), 0)::numeric, 2),
         round(coalesce(sum(b.hours) filter (where b.young), 0)::numeric, 2)
    from app_private.periods(p_from, p_to, p_bucket) per
   cross join public.booking_products p
    left join b on b.product_id = p.id and b.day >= per.period_start and b.day < per.period_end
   where p.community_id = p_community_id and (p.deleted_at is null or b.product_id is not null)
   group by per.period_start, p.id, p.name
   order by per.period_start, p.name;
end
$$;

REVOKE ALL ON FUNCTION public.booking_utilisation(p_community_id uuid, p_from date, p_to date, p_bucket text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.booking_utilisation(p_community_id uuid, p_from date, p_to date, p_bucket text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.booking_utilisation(p_community_id uuid, p_from date, p_to date, p_bucket text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_utilisation(p_community_id uuid, p_from date, p_to date, p_bucket text) TO authenticated;
GRANT ALL ON FUNCTION public.booking_utilisation(p_community_id uuid, p_from date, p_to date, p_bucket text) TO service_role;

CREATE FUNCTION public.cancel_booking(p_booking_id uuid, p_scope text DEFAULT 'this'::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  v_admin boolean;
  v_count int;
  v_due bigint;
  v_late boolean;
begin
  if p_scope is null or p_scope not in ('this', 'following') then
    perform app_private.fail('invalid_scope', 'Cancel this booking or this and the following dates of its series');
  end if;
  select * into b from public.bookings where id = p_booking_id for update;
  v_admin := b.id is not null and app_private.has_area(b.community_id, 'booking');
  if b.id is null or not (v_admin or b.member_id = any (app_private.my_member_ids())) then
    perform app_private.fail('booking_not_found', 'No such booking');
  end if;
  if b.status <> 'booked' then
    perform app_private.fail('invalid_transition', format('A %s booking cannot be cancelled',
      replace(b.status::text, '_', '-')));
  end if;
  if b.starts_at < now() and not v_admin then
    perform app_private.fail('booking_started', 'A booking that has started cannot be cancelled');
  end if;
  if p_scope = 'following' and b.series_id is null then
    perform app_private.fail('not_a_series', 'This booking is not part of a season series');
  end if;
  with cancelled as (
    update public.bookings x
       set status = 'cancelled', cancel_reason = coalesce(x.cancel_reason, 'cancelled'),
           late_cancellation = x.starts_at < now() + make_interval(hours => p.cancel_deadline_hours)
      from public.booking_products p
     where p.id = x.product_id and x.status = 'booked'
       and (x.id = b.id or (p_scope = 'following' and x.series_id = b.series_id and x.starts_at >= b.starts_at))
    returning x.late_cancellation, x.price_ore)
  select count(*), coalesce(sum(price_ore) filter (where late_cancellation), 0), bool_or(late_cancellation)
    into v_count, v_due, v_late from cancelled;
  return jsonb_build_object('cancelled', v_count, 'late_cancellation', v_late, 'price_due_ore', v_due);
end
$$;

REVOKE ALL ON FUNCTION public.cancel_booking(p_booking_id uuid, p_scope text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.cancel_booking(p_booking_id uuid, p_scope text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.cancel_booking(p_booking_id uuid, p_scope text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_booking(p_booking_id uuid, p_scope text) TO authenticated;
GRANT ALL ON FUNCTION public.cancel_booking(p_booking_id uuid, p_scope text) TO service_role;

CREATE FUNCTION public.check_in_booking(p_booking_id uuid) RETURNS timestamp with time zone
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare b public.bookings;
begin
  select * into b from public.bookings where id = p_booking_id for update;
  if b.id is null or not app_private.has_area(b.community_id, 'booking') then
    perform app_private.fail('booking_not_found', 'No such booking');
  end if;
  if b.status <> 'booked' then
    perform app_private.fail('invalid_transition', format('A %s booking cannot be checked in',
      replace(b.status::text, '_', '-')));
  end if;
  update public.bookings set status = 'checked_in', checked_in_at = now() where id = b.id;
  return now();
end
$$;

REVOKE ALL ON FUNCTION public.check_in_booking(p_booking_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.check_in_booking(p_booking_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.check_in_booking(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.check_in_booking(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.check_in_booking(p_booking_id uuid) TO service_role;

CREATE FUNCTION public.create_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean DEFAULT true, p_skip_conflicts boolean DEFAULT false, p_share_contact boolean DEFAULT false, p_note text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  p public.booking_products;
  v_plan jsonb;
  v_series uuid;
  v_booked int := 0;
  v_skipped int := 0;
  v_conflicts text;
  v_conflict_count int;
  r record;
begin
  p := app_private.lock_product_for_booking(p_product_id, true);
  select coalesce(jsonb_agg(to_jsonb(x) order by x.on_date), '[]') into v_plan
    from app_private.series_plan(p, p_member_id, p_weekday, p_starts, p_ends, p_first_day, p_last_day,
                                 p_skip_holidays, p_share_contact) x;
  select count(*), string_agg(format('%s (%s)', s.on_date, s.message), '; ' order by s.on_date)
    into v_conflict_count, v_conflicts
    from jsonb_to_recordset(v_plan) as s(on_date date, outcome text, message text)
   where s.outcome not in ('free', 'holiday', 'closed_day');
  if v_conflict_count > 0 and not coalesce(p_skip_conflicts, false) then
    perform app_private.fail('series_conflicts', format('%s dates conflict: %s', v_conflict_count, v_conflicts));
  end if;
  if not exists (select 1 from jsonb_to_recordset(v_plan) as s(outcome text) where s.outcome = 'free') then
    perform app_private.fail('series_empty', 'No date of the series can be booked');
  end if;
  insert into public.booking_series (community_id, product_id, member_id, weekday, starts_at, ends_at, first_day,
                                     last_day, skip_holidays, note, created_by)
  values (p.community_id, p.id, p_member_id, p_weekday, p_starts, p_ends, p_first_day, p_last_day,
          coalesce(p_skip_holidays, true), nullif(trim(coalesce(p_note, '')), ''), auth.uid())
  returning id into v_series;
  for r in select * from jsonb_to_recordset(v_plan) as s(on_date date, starts_at timestamptz, ends_at timestamptz,
                                                           outcome text) order by s.on_date loop
    if r.outcome = 'free' then
      perform app_private.insert_booking(p, p_member_id, r.starts_at, r.ends_at, p_share_contact, p_note, v_series);
      v_booked := v_booked + 1;
    else
      v_skipped := v_skipped + 1;
    end if;
  end loop;
  return jsonb_build_object('series_id', v_series, 'booked', v_booked, 'skipped', v_skipped,
                            'conflicts', v_conflict_count);
end
$$;

REVOKE ALL ON FUNCTION public.create_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_skip_conflicts boolean, p_share_contact boolean, p_note text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.create_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_skip_conflicts boolean, p_share_contact boolean, p_note text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.create_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_skip_conflicts boolean, p_share_contact boolean, p_note text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_skip_conflicts boolean, p_share_contact boolean, p_note text) TO authenticated;
GRANT ALL ON FUNCTION public.create_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_skip_conflicts boolean, p_share_contact boolean, p_note text) TO service_role;

CREATE FUNCTION public.delete_booking_product(p_product_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  p public.booking_products;
  v_count int;
begin
  select * into p from public.booking_products where id = p_product_id for update;
  if p.id is null or not app_private.has_area(p.community_id, 'booking') then
    perform app_private.fail('product_not_found', 'No such product');
  end if;
  if p.deleted_at is not null then
    perform app_private.fail('product_deleted', format('%s is already deleted', p.name));
  end if;
  update public.booking_products set deleted_at = now() where id = p.id;
  with cancelled as (
    update public.bookings set status = 'cancelled', cancel_reason = 'product_deleted', late_cancellation = false
     where product_id = p.id and status = 'booked' and starts_at >= now() returning 1)
  select count(*) into v_count from cancelled;
  return v_count;
end
$$;

REVOKE ALL ON FUNCTION public.delete_booking_product(p_product_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.delete_booking_product(p_product_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.delete_booking_product(p_product_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.delete_booking_product(p_product_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.delete_booking_product(p_product_id uuid) TO service_role;

CREATE FUNCTION app_private.guard_booking_capacity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_capacity int;
  v_overlap int;
begin
  if app_private.is_trusted() or new.status = 'cancelled' then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.status <> 'cancelled' and new.starts_at = old.starts_at and new.ends_at = old.ends_at
     and new.product_id = old.product_id then
    return new;
  end if;
  if new.ends_at - new.starts_at > interval '1 day' then
    perform app_private.fail('too_long', 'A booking must stay within one day');
  end if;
  select capacity into v_capacity from public.booking_products where id = new.product_id for share;
  perform app_private.lock_booking_hours(new.product_id, new.starts_at, new.ends_at);
  select count(*) into v_overlap from public.bookings b
  where b.product_id = new.product_id and b.status <> 'cancelled' and b.id <> new.id
    and b.starts_at < new.ends_at and b.ends_at > new.starts_at and b.starts_at > new.starts_at - interval '1 day';
  if v_overlap >= v_capacity then
    perform app_private.fail('fully_booked', 'The product is fully booked at that time');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.guard_booking_capacity() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.insert_booking(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_note text, p_series uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  tz text;
  v_id uuid;
begin
  select c.time_zone into tz from public.communities c where c.id = p.community_id;
  insert into public.bookings (community_id, product_id, member_id, starts_at, ends_at, price_ore, currency,
                               contact_shared, note, series_id, requirements, booked_by)
  values (p.community_id, p.id, p_member, p_starts, p_ends,
          case p.price_mode when 'hourly' then round(p.price_ore * extract(epoch from (p_ends - p_starts)) / 3600)
                            when 'individual' then p.price_ore else 0 end,
          p.currency, coalesce(p_share, false), nullif(trim(coalesce(p_note, '')), ''), p_series,
          app_private.booking_requirements(p.id, p_member, (p_starts at time zone tz)::date), auth.uid())
  returning id into v_id;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION app_private.insert_booking(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_note text, p_series uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.insert_booking(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_note text, p_series uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.insert_booking(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_note text, p_series uuid) FROM PUBLIC;

CREATE FUNCTION app_private.lock_booking_hours(p_product uuid, p_starts timestamp with time zone, p_ends timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  h integer;
begin
  if p_starts is null or p_ends is null or p_ends <= p_starts then
    return;
  end if;
  if p_ends - p_starts > interval '26 hours' then
    return;
  end if;
  for h in floor(extract(epoch from p_starts) / 3600)::integer .. ceil(extract(epoch from p_ends) / 3600)::integer - 1 loop
    perform pg_advisory_xact_lock(hashtextextended('booking_hour:' || p_product::text || ':' || h, 0));
  end loop;
end
$$;

REVOKE ALL ON FUNCTION app_private.lock_booking_hours(p_product uuid, p_starts timestamp with time zone, p_ends timestamp with time zone) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.lock_booking_hours(p_product uuid, p_starts timestamp with time zone, p_ends timestamp with time zone) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.lock_booking_hours(p_product uuid, p_starts timestamp with time zone, p_ends timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION app_private.lock_product_for_booking(p_product_id uuid, p_admin boolean) RETURNS public.booking_products
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare p public.booking_products;
begin
  select * into p from public.booking_products where id = p_product_id for update;
  if p.id is null or (p_admin and not app_private.has_area(p.community_id, 'booking')) then
    perform app_private.fail('product_not_found', 'No such product');
  end if;
  if p.deleted_at is not null then
    perform app_private.fail('product_deleted', format('%s has been deleted and cannot be booked', p.name));
  end if;
  return p;
end
$$;

REVOKE ALL ON FUNCTION app_private.lock_product_for_booking(p_product_id uuid, p_admin boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.lock_product_for_booking(p_product_id uuid, p_admin boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.lock_product_for_booking(p_product_id uuid, p_admin boolean) FROM PUBLIC;

CREATE FUNCTION public.preview_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean DEFAULT true, p_share_contact boolean DEFAULT false) RETURNS TABLE(on_date date, starts_at timestamp with time zone, ends_at timestamp with time zone, outcome text, message text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare p public.booking_products := app_private.booking_admin_product(p_product_id);
begin
  return query select * from app_private.series_plan(p, p_member_id, p_weekday, p_starts, p_ends, p_first_day,
                                                     p_last_day, p_skip_holidays, p_share_contact);
end
$$;

REVOKE ALL ON FUNCTION public.preview_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share_contact boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.preview_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share_contact boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.preview_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share_contact boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.preview_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share_contact boolean) TO authenticated;
GRANT ALL ON FUNCTION public.preview_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share_contact boolean) TO service_role;

CREATE FUNCTION app_private.product_for_booking(p_product_id uuid, p_admin boolean) RETURNS public.booking_products
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare p public.booking_products;
begin
  select * into p from public.booking_products where id = p_product_id for share;
  if p.id is null or (p_admin and not app_private.has_area(p.community_id, 'booking')) then
    perform app_private.fail('product_not_found', 'No such product');
  end if;
  if p.deleted_at is not null then
    perform app_private.fail('product_deleted', format('%s has been deleted and cannot be booked', p.name));
  end if;
  return p;
end
$$;

REVOKE ALL ON FUNCTION app_private.product_for_booking(p_product_id uuid, p_admin boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.product_for_booking(p_product_id uuid, p_admin boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.product_for_booking(p_product_id uuid, p_admin boolean) FROM PUBLIC;

CREATE FUNCTION public.save_booking_product(p_product jsonb) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_id uuid := nullif(p_product ->> 'id', '')::uuid;
  v_community uuid := (p_product ->> 'community_id')::uuid;
  v_existing public.booking_products;
begin
  if v_community is null or not app_private.has_area(v_community, 'booking') then
    perform app_private.fail('not_allowed', 'Only booking admins of the community edit its products');
  end if;
  if v_id is not null then
    select * into v_existing from public.booking_products where id = v_id and community_id = v_community for update;
    if v_existing.id is null or v_existing.deleted_at is not null then
      perform app_private.fail('product_not_found', 'No such product');
    end if;
  end if;
  if jsonb_typeof(p_product -> 'hours') <> 'array' or jsonb_array_length(p_product -> 'hours') = 0 then
    perform app_private.fail('hours_required', 'Give the product at least one opening period');
  end if;
  if v_id is null then
    insert into public.booking_products (community_id, name) values (v_community, coalesce(p_product ->> 'name', ''))
    returning id into v_id;
  end if;
  update public.booking_products set
    name = trim(coalesce(p_product ->> 'name', '')),
    description = nullif(trim(coalesce(p_product ->> 'description', '')), ''),
    image_path = nullif(p_product ->> 'image_path', ''),
    account_id = nullif(p_product ->> 'account_id', '')::uuid,
    availability = (p_product ->> 'availability')::public.booking_availability,
    capacity = (p_product ->> 'capacity')::int,
    price_mode = (p_product ->> 'price_mode')::public.booking_price_mode,
    price_ore = case when p_product ->> 'price_mode' = 'none' then 0 else (p_product ->> 'price_ore')::int end,
    require_contact_sharing = coalesce((p_product ->> 'require_contact_sharing')::boolean, false),
    min_duration_minutes = (p_product ->> 'min_duration_minutes')::int,
    max_duration_minutes = (p_product ->> 'max_duration_minutes')::int,
    min_notice_minutes = coalesce((p_product ->> 'min_notice_minutes')::int, 0),
    opens_days_ahead = (p_product ->> 'opens_days_ahead')::int,
    cancel_deadline_hours = coalesce((p_product ->> 'cancel_deadline_hours')::int, 0)
  where id = v_id;
  delete from public.product_availability where product_id = v_id;
  insert into public.product_availability (community_id, product_id, weekday, on_date, starts_at, ends_at)
  select v_community, v_id, (h ->> 'weekday')::smallint, (h ->> 'on_date')::date, (h ->> 'starts_at')::time,
         (h ->> 'ends_at')::time
  from jsonb_array_elements(p_product -> 'hours') h;
  delete from public.product_required_certificates where product_id = v_id;
  insert into public.product_required_certificates (community_id, product_id, kind)
  select distinct v_community, v_id, k from jsonb_array_elements_text(coalesce(p_product -> 'certificates', '[]')) k;
  delete from public.product_required_groups where product_id = v_id;
  insert into public.product_required_groups (community_id, product_id, group_id)
  select distinct v_community, v_id, g::uuid from jsonb_array_elements_text(coalesce(p_product -> 'group_ids', '[]')) g;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.save_booking_product(p_product jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.save_booking_product(p_product jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.save_booking_product(p_product jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.save_booking_product(p_product jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.save_booking_product(p_product jsonb) TO service_role;

CREATE FUNCTION app_private.series_plan(p public.booking_products, p_member uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share boolean) RETURNS TABLE(on_date date, starts_at timestamp with time zone, ends_at timestamp with time zone, outcome text, message text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  tz text;
  d date;
  r record;
  v_holiday text;
begin
  if p_weekday is null or p_weekday not between 1 and 7 then
    perform app_private.fail('invalid_weekday', 'The weekday is 1 (Monday) to 7 (Sunday)');
  end if;
  if p_starts is null or p_ends is null or p_ends <= p_starts then
    perform app_private.fail('invalid_period', 'A booking must end after it starts');
  end if;
  if p_first_day is null or p_last_day is null or p_last_day < p_first_day then
    perform app_private.fail('invalid_range', 'The series must end on or after its first day');
  end if;
  if p_last_day - p_first_day > 550 then
    perform app_private.fail('series_too_long', 'A season series spans at most 18 months');
  end if;
  perform app_private.require_member_in(p_member, p.community_id);
  select c.time_zone into tz from public.communities c where c.id = p.community_id;
  for d in select g::date from generate_series(p_first_day::timestamp, p_last_day::timestamp, interval '1 day') g
           where extract(isodow from g) = p_weekday loop
    on_date := d;
    starts_at := app_private.local_instant(d + p_starts, tz);
    ends_at := app_private.local_instant(d + p_ends, tz);
    select h.name_da into v_holiday from public.danish_holidays(d, d) h limit 1;
    if p_skip_holidays and v_holiday is not null then
      outcome := 'holiday'; message := v_holiday;
    elsif starts_at is null or ends_at is null then
      outcome := 'invalid_local_time'; message := format('%s does not exist on %s (summer-time change)', p_starts, d);
    else
      r := app_private.booking_refusal(p, p_member, starts_at, ends_at, p_share, true);
      outcome := coalesce(r.code, 'free');
      message := r.message;
    end if;
    return next;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION app_private.series_plan(p public.booking_products, p_member uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.series_plan(p public.booking_products, p_member uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.series_plan(p public.booking_products, p_member uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share boolean) FROM PUBLIC;

-- schemas/community/functions.sql

set check_function_bodies = off;

CREATE FUNCTION public.add_community_owner(p_community_id uuid, p_user_id uuid) RETURNS public.memberships
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_row public.memberships;
begin
  perform app_private.require_service_role();
  if not exists (select 1 from public.communities where id = p_community_id) then
    perform app_private.fail('community_not_found', 'No such community');
  end if;
  if not exists (select 1 from auth.users where id = p_user_id) then
    perform app_private.fail('user_not_found', 'No such user; invite the owner first');
  end if;
  insert into public.memberships (community_id, user_id, role, areas, membership_manager)
  values (p_community_id, p_user_id, 'owner', enum_range(null::public.admin_area), true)
  on conflict (community_id, user_id) do update
    set role = 'owner', areas = enum_range(null::public.admin_area), membership_manager = true
  returning * into v_row;
  return v_row;
end
$$;

REVOKE ALL ON FUNCTION public.add_community_owner(p_community_id uuid, p_user_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.add_community_owner(p_community_id uuid, p_user_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.add_community_owner(p_community_id uuid, p_user_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.add_community_owner(p_community_id uuid, p_user_id uuid) TO service_role;

CREATE FUNCTION app_private.admin_communities() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and (cardinality(m.areas) > 0 or m.role = 'owner')
$$;

REVOKE ALL ON FUNCTION app_private.admin_communities() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.admin_communities() TO anon;
GRANT ALL ON FUNCTION app_private.admin_communities() TO authenticated;
GRANT ALL ON FUNCTION app_private.admin_communities() TO service_role;

CREATE FUNCTION app_private.after_community_created() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.community_settings (community_id) values (new.id) on conflict do nothing;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_community_created() FROM anon, authenticated, service_role;

CREATE FUNCTION public.apply_data_retention(p_limit integer DEFAULT 500) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_member uuid;
  v_count integer := 0;
begin
  perform app_private.require_service_role();
  for v_member in
    select m.id from public.members m
      join public.community_settings s on s.community_id = m.community_id
     where m.status = 'left' and m.erased_at is null and m.left_on is not null
       and m.left_on + make_interval(months => s.retention_months) <= current_date
     order by m.left_on
     limit greatest(coalesce(p_limit, 500), 1)
     for update of m skip locked
  loop
    perform public.erase_member(v_member);
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;

REVOKE ALL ON FUNCTION public.apply_data_retention(p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.apply_data_retention(p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.apply_data_retention(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_data_retention(p_limit integer) TO service_role;

CREATE FUNCTION app_private.area_communities(area public.admin_area) RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and (area = any (m.areas))
$$;

REVOKE ALL ON FUNCTION app_private.area_communities(area public.admin_area) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.area_communities(area public.admin_area) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.area_communities(area public.admin_area) TO anon;
GRANT ALL ON FUNCTION app_private.area_communities(area public.admin_area) TO authenticated;
GRANT ALL ON FUNCTION app_private.area_communities(area public.admin_area) TO service_role;

CREATE FUNCTION app_private.audit(p_community uuid, p_kind text, p_action text, p_subject text, p_subject_id text, p_details jsonb DEFAULT '{}'::jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.audit_log (community_id, actor_user_id, actor_email, kind, action, subject, subject_id, details)
  select p_community, auth.uid(), (select u.email from auth.users u where u.id = auth.uid()),
         p_kind, p_action, coalesce(p_subject, ''), p_subject_id, coalesce(p_details, '{}')
  where exists (select 1 from public.communities c where c.id = p_community)
$$;

REVOKE ALL ON FUNCTION app_private.audit(p_community uuid, p_kind text, p_action text, p_subject text, p_subject_id text, p_details jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.audit(p_community uuid, p_kind text, p_action text, p_subject text, p_subject_id text, p_details jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.audit(p_community uuid, p_kind text, p_action text, p_subject text, p_subject_id text, p_details jsonb) FROM PUBLIC;

CREATE FUNCTION app_private.audit_billing_settings() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  -- A first save starts from the table's defaults (the ledger accounts above), so only what the
  -- admin set is recorded.
  v_old jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) - 'updated_at'
                      else jsonb_build_object('debtor_account', '5600', 'revenue_exempt_account', '1000',
                                              'revenue_taxable_account', '1010', 'vat_account', '7700',
                                              'fee_income_account', '1090', 'bank_account', '5820') end;
  v_new jsonb := to_jsonb(new) - 'updated_at' - 'community_id';
  v_changed jsonb;
begin
  if tg_op = 'INSERT' then
    v_new := jsonb_strip_nulls(v_new);
  end if;
  select coalesce(jsonb_object_agg(k, jsonb_build_array(v_old -> k, v_new -> k)), '{}') into v_changed
    from jsonb_object_keys(v_new) k where v_old -> k is distinct from v_new -> k;
  if v_changed = '{}' then
    return null;
  end if;
  perform app_private.audit(new.community_id, 'settings', 'settings_changed',
    (select c.name from public.communities c where c.id = new.community_id), new.community_id::text, v_changed);
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_billing_settings() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_cpr() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.audit(new.community_id, case when new.action = 'export' then 'export' else 'cpr' end,
    'cpr_' || new.action, app_private.member_label(new.member_id), new.member_id::text,
    jsonb_strip_nulls(jsonb_build_object('reason', to_jsonb(new) ->> 'reason')));
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_cpr() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_deletion() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_row jsonb := to_jsonb(old);
begin
  perform app_private.audit((v_row ->> 'community_id')::uuid, 'deletion', tg_table_name || '_deleted',
    coalesce(v_row ->> 'full_name', v_row ->> 'name', v_row ->> 'title', v_row ->> 'id'), v_row ->> 'id');
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_deletion() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_invoice_statuses() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.audit_log (community_id, actor_user_id, actor_email, kind, action, subject, subject_id, details)
  select n.community_id, auth.uid(), (select u.email from auth.users u where u.id = auth.uid()),
         'money', 'invoice_status_changed', coalesce('#' || n.number::text, n.id::text), n.id::text,
         jsonb_build_object('status', jsonb_build_array(o.status, n.status), 'total_ore', n.total_ore,
                            'currency', n.currency)
    from old_rows o join new_rows n on n.id = o.id
   where o.status is distinct from n.status
     and exists (select 1 from public.communities c where c.id = n.community_id)
   order by n.number nulls last, n.id;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_invoice_statuses() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.audit_invoice_statuses() FROM PUBLIC;

CREATE FUNCTION app_private.audit_member_history() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.audit_member_history() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_member_status() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.audit(new.community_id, 'status', 'member_status_changed',
    new.full_name || ' (#' || new.mid || ')', new.id::text,
    jsonb_build_object('status', jsonb_build_array(old.status, new.status)));
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.audit_member_status() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_membership() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.audit_membership() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_payment() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.audit_payment() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.audit_settings() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.audit_settings() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_club_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_existing text;
begin
  new.name := regexp_replace(trim(new.name), '\s+', ' ', 'g');
  select c.name into v_existing from public.clubs c
   where c.community_id = new.community_id and app_private.fold_name(c.name) = app_private.fold_name(new.name)
     and c.id <> new.id;
  if v_existing is not null then
    perform app_private.fail('club_name_taken', format('A club named "%s" already exists', v_existing));
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_club_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_tag_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_existing text;
begin
  new.name := regexp_replace(trim(new.name), '\s+', ' ', 'g');
  select t.name into v_existing from public.tags t
   where t.community_id = new.community_id and app_private.fold_name(t.name) = app_private.fold_name(new.name)
     and t.id <> new.id;
  if v_existing is not null then
    perform app_private.fail('tag_name_taken', format('A tag named "%s" already exists', v_existing));
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_tag_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.can_grant_access(p_community uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select app_private.is_trusted() or exists (
    select 1 from public.memberships m
    where m.user_id = auth.uid() and m.community_id = p_community and (m.role = 'owner' or m.membership_manager))
$$;

REVOKE ALL ON FUNCTION app_private.can_grant_access(p_community uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.can_grant_access(p_community uuid) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.can_grant_access(p_community uuid) TO anon;
GRANT ALL ON FUNCTION app_private.can_grant_access(p_community uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.can_grant_access(p_community uuid) TO service_role;

CREATE FUNCTION app_private.check_club(p_community_id uuid, p_club_id uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if p_club_id is not null and not exists (
    select 1 from public.clubs c where c.id = p_club_id and c.community_id = p_community_id) then
    perform app_private.fail('unknown_club', 'The club is not part of this community');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_club(p_community_id uuid, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.check_club(p_community_id uuid, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.check_club(p_community_id uuid, p_club_id uuid) FROM PUBLIC;

CREATE FUNCTION public.check_new_community(p_name text, p_slug text DEFAULT NULL::text) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_slug text := lower(trim(coalesce(nullif(trim(p_slug), ''), app_private.slug_from_name(p_name))));
begin
  perform app_private.require_service_role();
  if p_name is null or length(trim(p_name)) = 0 or length(trim(p_name)) > 120 then
    perform app_private.fail('invalid_name', 'A community needs a name of 1 to 120 characters');
  end if;
  if v_slug !~ '^[a-z0-9][a-z0-9-]{0,62}$' then
    perform app_private.fail('invalid_slug',
      'The address name may hold only a-z, 0-9 and dashes, and must start with a letter or digit');
  end if;
  if exists (select 1 from public.communities where lower(slug) = v_slug) then
    perform app_private.fail('slug_taken', format('The address name %s is already used', v_slug));
  end if;
  return v_slug;
end
$_$;

REVOKE ALL ON FUNCTION public.check_new_community(p_name text, p_slug text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.check_new_community(p_name text, p_slug text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.check_new_community(p_name text, p_slug text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.check_new_community(p_name text, p_slug text) TO service_role;

CREATE FUNCTION app_private.community_of_path(p_name text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE
    AS $_$
declare first text := split_part(coalesce(p_name, ''), '/', 1);
begin
  if first ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return first::uuid;
  end if;
  return null;
end
$_$;

REVOKE ALL ON FUNCTION app_private.community_of_path(p_name text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.community_of_path(p_name text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.community_of_path(p_name text) TO anon;
GRANT ALL ON FUNCTION app_private.community_of_path(p_name text) TO authenticated;
GRANT ALL ON FUNCTION app_private.community_of_path(p_name text) TO service_role;

CREATE FUNCTION public.complete_first_run_setup(p_token text, p_name text, p_owner_user_id uuid, p_default_language text DEFAULT 'da'::text) RETURNS public.communities
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_found boolean;
begin
  perform app_private.require_service_role();
  -- Two submissions at once: the second waits here and then finds the token gone.
  lock table app_private.setup_tokens in exclusive mode;
  delete from app_private.setup_tokens
   where token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
  returning true into v_found;
  if v_found is null then
    perform app_private.fail('invalid_setup_token', 'The setup token is wrong or has been used');
  end if;
  if exists (select 1 from public.communities) then
    perform app_private.fail('setup_done', 'This installation already has a community');
  end if;
  delete from app_private.setup_tokens;
  return public.create_community(p_name, p_owner_user_id, null, p_default_language);
end
$$;

REVOKE ALL ON FUNCTION public.complete_first_run_setup(p_token text, p_name text, p_owner_user_id uuid, p_default_language text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.complete_first_run_setup(p_token text, p_name text, p_owner_user_id uuid, p_default_language text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.complete_first_run_setup(p_token text, p_name text, p_owner_user_id uuid, p_default_language text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.complete_first_run_setup(p_token text, p_name text, p_owner_user_id uuid, p_default_language text) TO service_role;

CREATE FUNCTION public.create_community(p_name text, p_owner_user_id uuid, p_slug text DEFAULT NULL::text, p_default_language text DEFAULT 'da'::text, p_time_zone text DEFAULT 'Europe/Copenhagen'::text) RETURNS public.communities
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_slug text := public.check_new_community(p_name, p_slug);
  v_row public.communities;
begin
  if coalesce(p_default_language, 'da') not in ('da', 'en') then
    perform app_private.fail('invalid_language', 'The default language is da or en');
  end if;
  if not exists (select 1 from auth.users where id = p_owner_user_id) then
    perform app_private.fail('user_not_found', 'No such user; invite the owner first');
  end if;
  insert into public.communities (slug, name, default_language, time_zone)
  values (v_slug, trim(p_name), coalesce(p_default_language, 'da'), coalesce(p_time_zone, 'Europe/Copenhagen'))
  returning * into v_row;
  perform public.add_community_owner(v_row.id, p_owner_user_id);
  return v_row;
end
$$;

REVOKE ALL ON FUNCTION public.create_community(p_name text, p_owner_user_id uuid, p_slug text, p_default_language text, p_time_zone text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.create_community(p_name text, p_owner_user_id uuid, p_slug text, p_default_language text, p_time_zone text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.create_community(p_name text, p_owner_user_id uuid, p_slug text, p_default_language text, p_time_zone text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_community(p_name text, p_owner_user_id uuid, p_slug text, p_default_language text, p_time_zone text) TO service_role;

CREATE FUNCTION public.custom_access_token_hook(event jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  claims jsonb := coalesce(event -> 'claims', '{}'::jsonb);
  v_user uuid;
  memberships jsonb;
begin
  begin
    v_user := (event ->> 'user_id')::uuid;
  exception when invalid_text_representation then
    v_user := null;
  end;
  select coalesce(jsonb_object_agg(lower(c.slug), jsonb_build_object(
           'community_id', c.id,
           'name', c.name,
           'role', case when m.role = 'owner' or cardinality(m.areas) > 0 then 'admin' else 'member' end,
           'areas', to_jsonb(m.areas::text[]),
           'membership_manager', m.membership_manager)), '{}'::jsonb)
    into memberships
    from public.memberships m join public.communities c on c.id = m.community_id
   where m.user_id = v_user;
  return jsonb_build_object('claims', claims || jsonb_build_object('memberships', memberships));
end
$$;

REVOKE ALL ON FUNCTION public.custom_access_token_hook(event jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.custom_access_token_hook(event jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.custom_access_token_hook(event jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.custom_access_token_hook(event jsonb) TO service_role;
GRANT ALL ON FUNCTION public.custom_access_token_hook(event jsonb) TO supabase_auth_admin;

CREATE FUNCTION public.delete_club(p_club_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_community uuid;
  v_members integer;
  v_groups integer;
  v_events integer;
  v_posts integer;
  v_products integer;
begin
  select c.community_id into v_community from public.clubs c where c.id = p_club_id for update;
  -- A club of a community the caller is not in is answered as one that does not exist.
  if v_community is null
     or not (app_private.is_trusted() or v_community = any (app_private.member_communities())) then
    perform app_private.fail('club_not_found', 'There is no such club');
  end if;
  if not (app_private.is_trusted() or v_community = any (app_private.owner_communities())) then
    perform app_private.fail('not_allowed', 'Only owners of the community delete clubs');
  end if;
  update public.members set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_members = row_count;
  update public.groups set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_groups = row_count;
  update public.events set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_events = row_count;
  update public.news_posts set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_posts = row_count;
  update public.booking_products set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_products = row_count;
  delete from public.clubs where id = p_club_id;
  return jsonb_build_object('members', v_members, 'groups', v_groups, 'events', v_events,
                            'news_posts', v_posts, 'booking_products', v_products);
end
$$;

REVOKE ALL ON FUNCTION public.delete_club(p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.delete_club(p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.delete_club(p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.delete_club(p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.delete_club(p_club_id uuid) TO service_role;

CREATE FUNCTION app_private.has_area(p_community uuid, p_area public.admin_area) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select app_private.is_trusted() or exists (
    select 1 from public.memberships m
    where m.user_id = auth.uid() and m.community_id = p_community and p_area = any (m.areas))
$$;

REVOKE ALL ON FUNCTION app_private.has_area(p_community uuid, p_area public.admin_area) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.has_area(p_community uuid, p_area public.admin_area) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.has_area(p_community uuid, p_area public.admin_area) TO anon;
GRANT ALL ON FUNCTION app_private.has_area(p_community uuid, p_area public.admin_area) TO authenticated;
GRANT ALL ON FUNCTION app_private.has_area(p_community uuid, p_area public.admin_area) TO service_role;

CREATE FUNCTION app_private.is_manager(p_community uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.memberships m
    where m.user_id = auth.uid() and m.community_id = p_community and m.membership_manager)
$$;

REVOKE ALL ON FUNCTION app_private.is_manager(p_community uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.is_manager(p_community uuid) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.is_manager(p_community uuid) TO anon;
GRANT ALL ON FUNCTION app_private.is_manager(p_community uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.is_manager(p_community uuid) TO service_role;

CREATE FUNCTION app_private.keep_an_owner() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if old.role <> 'owner' or (tg_op = 'UPDATE' and new.role = 'owner') then
    return coalesce(new, old);
  end if;
  perform 1 from public.communities where id = old.community_id for update;
  if not found or not exists (select 1 from auth.users where id = old.user_id) then
    return coalesce(new, old);
  end if;
  if not exists (select 1 from public.memberships m
                 where m.community_id = old.community_id and m.role = 'owner' and m.id <> old.id) then
    perform app_private.fail('last_owner', 'A community must keep at least one owner; make someone else owner first');
  end if;
  return coalesce(new, old);
end
$$;

REVOKE ALL ON FUNCTION app_private.keep_an_owner() FROM anon, authenticated, service_role;

CREATE FUNCTION public.list_administrators(p_community_id uuid) RETURNS TABLE(membership_id uuid, user_id uuid, email text, full_name text, role public.membership_role, areas public.admin_area[], membership_manager boolean, invitation_pending boolean, last_sign_in_at timestamp with time zone, created_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app_private.can_grant_access(p_community_id) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers see the administrators');
  end if;
  return query
    select m.id, m.user_id, u.email::text, coalesce(u.raw_user_meta_data ->> 'full_name', '')::text,
           m.role, m.areas, m.membership_manager, u.email_confirmed_at is null, u.last_sign_in_at, m.created_at
      from public.memberships m join auth.users u on u.id = m.user_id
     where m.community_id = p_community_id
       and (m.role = 'owner' or cardinality(m.areas) > 0 or m.membership_manager)
     order by m.role = 'owner' desc, lower(u.email);
end
$$;

REVOKE ALL ON FUNCTION public.list_administrators(p_community_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.list_administrators(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.list_administrators(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.list_administrators(p_community_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.list_administrators(p_community_id uuid) TO service_role;

CREATE FUNCTION app_private.manager_communities() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and m.membership_manager
$$;

REVOKE ALL ON FUNCTION app_private.manager_communities() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.manager_communities() TO anon;
GRANT ALL ON FUNCTION app_private.manager_communities() TO authenticated;
GRANT ALL ON FUNCTION app_private.manager_communities() TO service_role;

CREATE FUNCTION public.may_grant_access(p_community_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select auth.uid() is not null and app_private.can_grant_access(p_community_id)
$$;

REVOKE ALL ON FUNCTION public.may_grant_access(p_community_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.may_grant_access(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.may_grant_access(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.may_grant_access(p_community_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.may_grant_access(p_community_id uuid) TO service_role;

CREATE FUNCTION app_private.may_write_image(p_bucket text, p_name text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case p_bucket
    when 'event-images' then app_private.community_of_path(p_name) = any (app_private.area_communities('event'))
    when 'group-covers' then app_private.community_of_path(p_name) = any (app_private.area_communities('group'))
    when 'product-images' then app_private.community_of_path(p_name) = any (app_private.area_communities('booking'))
    when 'news-images' then app_private.community_of_path(p_name) = any (app_private.area_communities('news'))
    when 'community-logos' then app_private.community_of_path(p_name) = any (app_private.owner_communities())
    else false end
    and lower(storage.extension(p_name)) in ('png', 'jpg', 'jpeg')
$$;

REVOKE ALL ON FUNCTION app_private.may_write_image(p_bucket text, p_name text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.may_write_image(p_bucket text, p_name text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.may_write_image(p_bucket text, p_name text) TO anon;
GRANT ALL ON FUNCTION app_private.may_write_image(p_bucket text, p_name text) TO authenticated;
GRANT ALL ON FUNCTION app_private.may_write_image(p_bucket text, p_name text) TO service_role;

CREATE FUNCTION app_private.member_communities() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m where m.user_id = auth.uid()
$$;

REVOKE ALL ON FUNCTION app_private.member_communities() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.member_communities() TO anon;
GRANT ALL ON FUNCTION app_private.member_communities() TO authenticated;
GRANT ALL ON FUNCTION app_private.member_communities() TO service_role;

CREATE FUNCTION public.merge_tags(p_source_id uuid, p_target_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_community uuid;
  v_members integer;
  v_groups integer;
  v_events integer;
begin
  if p_source_id = p_target_id then
    perform app_private.fail('merge_into_itself', 'A tag cannot be merged into itself');
  end if;
  perform 1 from public.tags where id in (p_source_id, p_target_id) order by id for update;
  select community_id into v_community from public.tags where id = p_source_id;
  if v_community is null or not (v_community = any (app_private.admin_communities()) or app_private.is_trusted()) then
    perform app_private.fail('tag_not_found', 'No such tag in your communities');
  end if;
  if not exists (select 1 from public.tags where id = p_target_id and community_id = v_community) then
    perform app_private.fail('tag_not_found', 'The tag to merge into is not in the same community');
  end if;
  insert into public.member_tags (community_id, member_id, tag_id)
  select community_id, member_id, p_target_id from public.member_tags where tag_id = p_source_id
  on conflict do nothing;
  get diagnostics v_members = row_count;
  insert into public.group_tags (community_id, group_id, tag_id)
  select community_id, group_id, p_target_id from public.group_tags where tag_id = p_source_id
  on conflict do nothing;
  get diagnostics v_groups = row_count;
  insert into public.event_tags (community_id, event_id, tag_id)
  select community_id, event_id, p_target_id from public.event_tags where tag_id = p_source_id
  on conflict do nothing;
  get diagnostics v_events = row_count;
  delete from public.tags where id = p_source_id;
  return jsonb_build_object('members_added', v_members, 'groups_added', v_groups, 'events_added', v_events);
end
$$;

REVOKE ALL ON FUNCTION public.merge_tags(p_source_id uuid, p_target_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.merge_tags(p_source_id uuid, p_target_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.merge_tags(p_source_id uuid, p_target_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.merge_tags(p_source_id uuid, p_target_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.merge_tags(p_source_id uuid, p_target_id uuid) TO service_role;

CREATE FUNCTION public.move_to_club(p_club_id uuid, p_member_ids uuid[] DEFAULT '{}'::uuid[], p_group_ids uuid[] DEFAULT '{}'::uuid[]) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_members integer;
  v_groups integer;
begin
  update public.members set club_id = p_club_id where id = any (coalesce(p_member_ids, '{}'))
    and club_id is distinct from p_club_id;
  get diagnostics v_members = row_count;
  update public.groups set club_id = p_club_id where id = any (coalesce(p_group_ids, '{}'))
    and club_id is distinct from p_club_id;
  get diagnostics v_groups = row_count;
  return jsonb_build_object('members_moved', v_members, 'groups_moved', v_groups);
exception when foreign_key_violation then
  perform app_private.fail('club_not_in_community', 'The club belongs to another community');
  return null;
end
$$;

REVOKE ALL ON FUNCTION public.move_to_club(p_club_id uuid, p_member_ids uuid[], p_group_ids uuid[]) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.move_to_club(p_club_id uuid, p_member_ids uuid[], p_group_ids uuid[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.move_to_club(p_club_id uuid, p_member_ids uuid[], p_group_ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.move_to_club(p_club_id uuid, p_member_ids uuid[], p_group_ids uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.move_to_club(p_club_id uuid, p_member_ids uuid[], p_group_ids uuid[]) TO service_role;

CREATE FUNCTION app_private.my_tag_ids() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(mt.tag_id), '{}') from public.member_tags mt
  join public.members m on m.id = mt.member_id
  where m.user_id = auth.uid()
$$;

REVOKE ALL ON FUNCTION app_private.my_tag_ids() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.my_tag_ids() TO anon;
GRANT ALL ON FUNCTION app_private.my_tag_ids() TO authenticated;
GRANT ALL ON FUNCTION app_private.my_tag_ids() TO service_role;

CREATE FUNCTION app_private.normalise_community() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.slug := lower(trim(new.slug));
  if not exists (select 1 from pg_timezone_names where name = new.time_zone) then
    perform app_private.fail('invalid_time_zone', format('Unknown time zone %s', new.time_zone));
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.normalise_community() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.normalise_community() TO anon;
GRANT ALL ON FUNCTION app_private.normalise_community() TO authenticated;
GRANT ALL ON FUNCTION app_private.normalise_community() TO service_role;

CREATE FUNCTION app_private.owner_communities() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and m.role = 'owner'
$$;

REVOKE ALL ON FUNCTION app_private.owner_communities() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.owner_communities() TO anon;
GRANT ALL ON FUNCTION app_private.owner_communities() TO authenticated;
GRANT ALL ON FUNCTION app_private.owner_communities() TO service_role;

CREATE FUNCTION app_private.register_communities() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and ('member' = any (m.areas) or m.role = 'owner' or m.membership_manager)
$$;

REVOKE ALL ON FUNCTION app_private.register_communities() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.register_communities() TO anon;
GRANT ALL ON FUNCTION app_private.register_communities() TO authenticated;
GRANT ALL ON FUNCTION app_private.register_communities() TO service_role;

CREATE FUNCTION app_private.require_manager(p_community uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not (app_private.is_manager(p_community) or app_private.is_trusted()) then
    perform app_private.fail('not_membership_manager', 'Only membership managers may see or change CPR numbers');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.require_manager(p_community uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.require_manager(p_community uuid) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.require_manager(p_community uuid) TO anon;
GRANT ALL ON FUNCTION app_private.require_manager(p_community uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.require_manager(p_community uuid) TO service_role;

CREATE FUNCTION public.resolve_redirect(path text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select r.to_url from public.redirects r
  where r.active and lower(rtrim(r.from_path, '/')) = lower(rtrim(split_part(resolve_redirect.path, '?', 1), '/'))
  limit 1
$$;

REVOKE ALL ON FUNCTION public.resolve_redirect(path text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.resolve_redirect(path text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.resolve_redirect(path text) TO anon;
GRANT ALL ON FUNCTION public.resolve_redirect(path text) TO authenticated;
GRANT ALL ON FUNCTION public.resolve_redirect(path text) TO service_role;

CREATE FUNCTION public.retention_preview(p_community_id uuid, p_retention_months integer DEFAULT NULL::integer) RETURNS TABLE(member_id uuid, mid bigint, full_name text, left_on date, erase_after date)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_months integer;
begin
  if not app_private.can_grant_access(p_community_id) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers see the retention preview');
  end if;
  if p_retention_months is not null and p_retention_months not between 12 and 120 then
    perform app_private.fail('invalid_retention', 'The retention period is 12 to 120 months');
  end if;
  select coalesce(p_retention_months, s.retention_months, 60) into v_months
    from public.communities c left join public.community_settings s on s.community_id = c.id
   where c.id = p_community_id;
  return query
    select m.id, m.mid, m.full_name, m.left_on, (m.left_on + make_interval(months => v_months))::date
      from public.members m
     where m.community_id = p_community_id and m.status = 'left' and m.erased_at is null
       and m.left_on is not null and m.left_on + make_interval(months => v_months) <= current_date
     order by m.left_on, m.mid;
end
$$;

REVOKE ALL ON FUNCTION public.retention_preview(p_community_id uuid, p_retention_months integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.retention_preview(p_community_id uuid, p_retention_months integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.retention_preview(p_community_id uuid, p_retention_months integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.retention_preview(p_community_id uuid, p_retention_months integer) TO authenticated;
GRANT ALL ON FUNCTION public.retention_preview(p_community_id uuid, p_retention_months integer) TO service_role;

CREATE FUNCTION public.search_audit_log(p_community_id uuid, p_query text, p_kind text DEFAULT NULL::text, p_from timestamp with time zone DEFAULT NULL::timestamp with time zone, p_to timestamp with time zone DEFAULT NULL::timestamp with time zone, p_ascending boolean DEFAULT false, p_limit integer DEFAULT 50, p_offset integer DEFAULT 0) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_query tsquery;
  v_where text;
  v_direction text := case when p_ascending then 'asc' else 'desc' end;
  v_rows jsonb;
  v_total bigint;
begin
  if p_community_id is null
     or not (p_community_id = any (app_private.owner_communities())
             or p_community_id = any (app_private.manager_communities())) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers read the audit log');
  end if;
  if p_limit is null or p_limit not between 1 and 1000 or p_offset is null or p_offset < 0 then
    perform app_private.fail('invalid_page', 'Ask for 1 to 1000 entries from offset 0 or later');
  end if;
  begin
    v_query := to_tsquery('simple', coalesce(p_query, ''));
  exception when syntax_error then
    perform app_private.fail('invalid_search', 'The search could not be read: write whole words');
  end;

  v_where := 'community_id = $1 and search_words @@ $2'
    || case when p_kind is not null then ' and kind = $3' else '' end
    || case when p_from is not null then ' and at >= $4' else '' end
    || case when p_to is not null then ' and at < $5' else '' end;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(e) order by e.at %1$s, e.id %1$s), ''[]'') from (
       select id, at, actor_email, kind, action, subject, details from public.audit_log
        where %2$s order by at %1$s, id %1$s limit $6 offset $7) e',
    v_direction, v_where)
    into v_rows using p_community_id, v_query, p_kind, p_from, p_to, p_limit, p_offset;
  execute format('select count(*) from (select 1 from public.audit_log where %s limit 10001) c', v_where)
    into v_total using p_community_id, v_query, p_kind, p_from, p_to;
  return jsonb_build_object('rows', v_rows, 'total', least(v_total, 10000), 'more', v_total > 10000);
end
$_$;

REVOKE ALL ON FUNCTION public.search_audit_log(p_community_id uuid, p_query text, p_kind text, p_from timestamp with time zone, p_to timestamp with time zone, p_ascending boolean, p_limit integer, p_offset integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.search_audit_log(p_community_id uuid, p_query text, p_kind text, p_from timestamp with time zone, p_to timestamp with time zone, p_ascending boolean, p_limit integer, p_offset integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.search_audit_log(p_community_id uuid, p_query text, p_kind text, p_from timestamp with time zone, p_to timestamp with time zone, p_ascending boolean, p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.search_audit_log(p_community_id uuid, p_query text, p_kind text, p_from timestamp with time zone, p_to timestamp with time zone, p_ascending boolean, p_limit integer, p_offset integer) TO authenticated;
GRANT ALL ON FUNCTION public.search_audit_log(p_community_id uuid, p_query text, p_kind text, p_from timestamp with time zone, p_to timestamp with time zone, p_ascending boolean, p_limit integer, p_offset integer) TO service_role;

CREATE FUNCTION public.set_administrator_access(p_community_id uuid, p_user_id uuid, p_areas public.admin_area[], p_membership_manager boolean DEFAULT false, p_owner boolean DEFAULT false) RETURNS public.memberships
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_old public.memberships;
  v_row public.memberships;
  v_is_owner boolean := app_private.is_trusted() or p_community_id = any (app_private.owner_communities());
  v_areas public.admin_area[];
begin
  if not app_private.can_grant_access(p_community_id) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers grant admin access');
  end if;
  if not exists (select 1 from auth.users where id = p_user_id) then
    perform app_private.fail('user_not_found', 'No such user; invite them by e-mail first');
  end if;
  select * into v_old from public.memberships where community_id = p_community_id and user_id = p_user_id;
  if not v_is_owner and (v_old.role = 'owner' or coalesce(p_owner, false)
      or coalesce(p_membership_manager, false) is distinct from coalesce(v_old.membership_manager, false)) then
    perform app_private.fail('not_allowed', 'Only owners change owners and membership managers');
  end if;
  select coalesce(array_agg(distinct a order by a), '{}') into v_areas from unnest(coalesce(p_areas, '{}')) a;
  insert into public.memberships as ms (community_id, user_id, role, areas, membership_manager)
  values (p_community_id, p_user_id,
          case when coalesce(p_owner, false) then 'owner' when cardinality(v_areas) > 0 then 'admin' else 'member' end
            ::public.membership_role,
          v_areas, coalesce(p_membership_manager, false))
  on conflict (community_id, user_id) do update set
    role = excluded.role, areas = excluded.areas, membership_manager = excluded.membership_manager
  returning * into v_row;
  return v_row;
end
$$;

REVOKE ALL ON FUNCTION public.set_administrator_access(p_community_id uuid, p_user_id uuid, p_areas public.admin_area[], p_membership_manager boolean, p_owner boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.set_administrator_access(p_community_id uuid, p_user_id uuid, p_areas public.admin_area[], p_membership_manager boolean, p_owner boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_administrator_access(p_community_id uuid, p_user_id uuid, p_areas public.admin_area[], p_membership_manager boolean, p_owner boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_administrator_access(p_community_id uuid, p_user_id uuid, p_areas public.admin_area[], p_membership_manager boolean, p_owner boolean) TO authenticated;
GRANT ALL ON FUNCTION public.set_administrator_access(p_community_id uuid, p_user_id uuid, p_areas public.admin_area[], p_membership_manager boolean, p_owner boolean) TO service_role;

CREATE FUNCTION public.set_member_tag(p_tag_id uuid, p_member_ids uuid[], p_on boolean DEFAULT true) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare v_changed integer;
begin
  if cardinality(coalesce(p_member_ids, '{}')) > 10000 then
    perform app_private.fail('too_many_members', 'Tag at most 10,000 members at a time');
  end if;
  if p_on then
    insert into public.member_tags (community_id, member_id, tag_id)
    select m.community_id, m.id, t.id from public.members m join public.tags t on t.community_id = m.community_id
     where t.id = p_tag_id and m.id = any (p_member_ids)
    on conflict do nothing;
  else
    delete from public.member_tags where tag_id = p_tag_id and member_id = any (p_member_ids);
  end if;
  get diagnostics v_changed = row_count;
  return v_changed;
end
$$;

REVOKE ALL ON FUNCTION public.set_member_tag(p_tag_id uuid, p_member_ids uuid[], p_on boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.set_member_tag(p_tag_id uuid, p_member_ids uuid[], p_on boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_member_tag(p_tag_id uuid, p_member_ids uuid[], p_on boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_member_tag(p_tag_id uuid, p_member_ids uuid[], p_on boolean) TO authenticated;
GRANT ALL ON FUNCTION public.set_member_tag(p_tag_id uuid, p_member_ids uuid[], p_on boolean) TO service_role;

CREATE FUNCTION public.setup_token_valid(p_token text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select app_private.is_trusted()
     and not exists (select 1 from public.communities)
     and exists (select 1 from app_private.setup_tokens
                 where token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex'))
$$;

REVOKE ALL ON FUNCTION public.setup_token_valid(p_token text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.setup_token_valid(p_token text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.setup_token_valid(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.setup_token_valid(p_token text) TO service_role;

CREATE FUNCTION app_private.touch_community_settings() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.updated_at := now();
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.touch_community_settings() FROM anon, authenticated, service_role;

-- schemas/events/functions.sql

set check_function_bodies = off;

CREATE FUNCTION app_private.before_event_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.updated_at := now();
  if tg_op = 'UPDATE' and new.status <> old.status then
    if not (old.status, new.status) in (
      ('draft', 'scheduled'), ('draft', 'published'), ('draft', 'cancelled'),
      ('scheduled', 'draft'), ('scheduled', 'published'), ('scheduled', 'cancelled'),
      ('published', 'cancelled')) then
      perform app_private.fail('invalid_transition',
        format('An event cannot go from %s to %s', old.status, new.status));
    end if;
  end if;
  if tg_op = 'INSERT' and new.status = 'cancelled' then
    perform app_private.fail('invalid_transition', 'A new event cannot be cancelled');
  end if;
  if new.status = 'published' and (tg_op = 'INSERT' or old.status <> 'published') then
    new.published_at := coalesce(new.release_at, now());
    if new.published_at > now() then new.published_at := now(); end if;
  end if;
  if new.status = 'cancelled' and (tg_op = 'INSERT' or old.status <> 'cancelled') then
    new.cancelled_at := now();
    if old.status = 'scheduled' and old.release_at <= now() then
      new.published_at := coalesce(old.published_at, old.release_at);
    end if;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_event_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_guest_signup() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if new.member_id is null and new.status = 'signed_up' and exists (
       select 1 from public.volunteer_jobs j join public.events e on e.id = j.event_id
       where j.id = new.job_id and e.status = 'cancelled') then
    perform app_private.fail('event_cancelled', 'Volunteers cannot be added to a cancelled date');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_guest_signup() FROM anon, authenticated, service_role;

CREATE FUNCTION public.buy_ticket(p_ticket_id uuid, p_quantity integer DEFAULT 1, p_addons jsonb DEFAULT '[]'::jsonb) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  t public.tickets;
  e public.events;
  v_member uuid;
  v_sold int;
  v_purchase uuid;
  v_total bigint;
  a record;
  o record;
  v_taken int;
begin
  if p_quantity is null or p_quantity < 1 then
    perform app_private.fail('invalid_quantity', 'Buy at least one ticket');
  end if;
  if p_addons is null or jsonb_typeof(p_addons) <> 'array' then
    perform app_private.fail('invalid_addons', 'Add-ons must be a list of {option_id, quantity}');
  end if;
  -- The ticket row lock makes concurrent buyers of one ticket take turns.
  select * into t from public.tickets where id = p_ticket_id for update;
  if t.id is null then
    perform app_private.fail('ticket_not_found', 'No such ticket');
  end if;
  select * into e from public.events where id = t.event_id;
  if not (app_private.event_visible(e.id, e.community_id, e.status, e.release_at, e.published_at, e.visibility)
          or app_private.has_area(e.community_id, 'event')) then
    perform app_private.fail('ticket_not_found', 'No such ticket');
  end if;
  if e.status = 'cancelled' then
    perform app_private.fail('event_cancelled', 'The event is cancelled');
  end if;
  if not app_private.is_released(e.status, e.release_at, e.published_at) then
    perform app_private.fail('event_not_published', 'The event is not published yet');
  end if;
  v_member := app_private.my_member_id(e.community_id);
  if v_member is null then
    perform app_private.fail('not_a_member', 'Only members of the community can buy tickets');
  end if;
  if t.join_opens_at is not null and now() < t.join_opens_at then
    perform app_private.fail('sales_not_open', 'Ticket sales have not opened yet');
  end if;
  if now() > coalesce(t.join_closes_at, e.starts_at) then
    perform app_private.fail('sales_closed', 'The last join date has passed');
  end if;
  if p_quantity > t.max_per_purchase then
    perform app_private.fail('invalid_quantity', format('At most %s tickets per purchase', t.max_per_purchase));
  end if;
  select coalesce(sum(quantity), 0) into v_sold from public.ticket_purchases
  where ticket_id = t.id and status = 'active';
  if t.participant_limit is not null and v_sold + p_quantity > t.participant_limit then
    perform app_private.fail('sold_out', format('Only %s tickets left', greatest(t.participant_limit - v_sold, 0)));
  end if;

  -- Requested options, one row per option, checked against the event's add-ons.
  create temporary table if not exists pg_temp.requested_options (option_id uuid primary key, quantity int)
    on commit drop;
  delete from pg_temp.requested_options;
  begin
    insert into pg_temp.requested_options
    select (x ->> 'option_id')::uuid, sum((x ->> 'quantity')::int)
    from jsonb_array_elements(p_addons) x group by 1;
  exception when others then
    perform app_private.fail('invalid_addons', 'Add-ons must be a list of {option_id, quantity}');
  end;
  if exists (select 1 from pg_temp.requested_options r where r.quantity is null or r.quantity < 0
             or r.option_id is null
             or not exists (select 1 from public.addon_options ao join public.event_addons ea on ea.id = ao.addon_id
                            where ao.id = r.option_id and ea.event_id = e.id)) then
    perform app_private.fail('addon_option_not_found', 'An add-on option does not belong to this event');
  end if;
  for a in select ea.*, coalesce((select sum(r.quantity) from pg_temp.requested_options r
                                  join public.addon_options ao on ao.id = r.option_id
                                  where ao.addon_id = ea.id), 0) as chosen
           from public.event_addons ea where ea.event_id = e.id loop
    if a.chosen < a.min_per_person * p_quantity
       or (a.max_per_person is not null and a.chosen > a.max_per_person * p_quantity) then
      perform app_private.fail('addon_quantity_invalid',
        format('%s: choose between %s and %s per person', a.name, a.min_per_person,
               coalesce(a.max_per_person::text, 'any number')));
    end if;
  end loop;
  -- Options are locked in id order so two buyers never wait on each other crosswise.
  for o in select ao.*, r.quantity as wanted from public.addon_options ao
           join pg_temp.requested_options r on r.option_id = ao.id
           where r.quantity > 0 order by ao.id for update of ao loop
    if o.capacity is not null then
      select coalesce(sum(pa.quantity), 0) into v_taken from public.purchase_addons pa
      join public.ticket_purchases p on p.id = pa.purchase_id
      where pa.option_id = o.id and p.status = 'active';
      if v_taken + o.wanted > o.capacity then
        perform app_private.fail('addon_sold_out', format('%s is sold out', o.title));
      end if;
    end if;
  end loop;

  select t.price_ore::bigint * p_quantity + coalesce(sum(ao.price_ore::bigint * r.quantity), 0) into v_total
  from pg_temp.requested_options r join public.addon_options ao on ao.id = r.option_id;
  insert into public.ticket_purchases (community_id, event_id, ticket_id, member_id, quantity, unit_price_ore,
                                       total_ore, currency)
  values (e.community_id, e.id, t.id, v_member, p_quantity, t.price_ore, v_total, t.currency)
  returning id into v_purchase;
  insert into public.purchase_addons (community_id, purchase_id, option_id, quantity, unit_price_ore)
  select e.community_id, v_purchase, ao.id, r.quantity, ao.price_ore
  from pg_temp.requested_options r join public.addon_options ao on ao.id = r.option_id where r.quantity > 0;
  return v_purchase;
end
$$;

REVOKE ALL ON FUNCTION public.buy_ticket(p_ticket_id uuid, p_quantity integer, p_addons jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.buy_ticket(p_ticket_id uuid, p_quantity integer, p_addons jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.buy_ticket(p_ticket_id uuid, p_quantity integer, p_addons jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.buy_ticket(p_ticket_id uuid, p_quantity integer, p_addons jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.buy_ticket(p_ticket_id uuid, p_quantity integer, p_addons jsonb) TO service_role;

CREATE FUNCTION public.cancel_event(p_event_id uuid, p_scope text DEFAULT 'this'::text) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  e public.events;
  n integer;
begin
  perform app_private.check_series_scope(p_scope);
  select * into e from public.events where id = p_event_id;
  if e.id is null then
    perform app_private.fail('event_not_found', 'No such event');
  end if;
  if not app_private.has_area(e.community_id, 'event') then
    perform app_private.fail('not_allowed', 'Only event admins can cancel an event');
  end if;
  if e.status = 'cancelled' and p_scope = 'this' then
    perform app_private.fail('already_cancelled', 'This date is already cancelled');
  end if;
  update public.events set status = 'cancelled'
  where id in (select app_private.series_scope(e, p_scope)) and status <> 'cancelled';
  get diagnostics n = row_count;
  return n;
end
$$;

REVOKE ALL ON FUNCTION public.cancel_event(p_event_id uuid, p_scope text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.cancel_event(p_event_id uuid, p_scope text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.cancel_event(p_event_id uuid, p_scope text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_event(p_event_id uuid, p_scope text) TO authenticated;
GRANT ALL ON FUNCTION public.cancel_event(p_event_id uuid, p_scope text) TO service_role;

CREATE FUNCTION public.cancel_ticket(p_purchase_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  p public.ticket_purchases;
  t public.tickets;
  e public.events;
begin
  select * into p from public.ticket_purchases where id = p_purchase_id for update;
  if p.id is null or not (p.member_id = any (app_private.my_member_ids())
                          or app_private.has_area(p.community_id, 'event')) then
    perform app_private.fail('purchase_not_found', 'No such ticket purchase');
  end if;
  if p.status = 'cancelled' then
    perform app_private.fail('already_cancelled', 'The ticket is already cancelled');
  end if;
  select * into t from public.tickets where id = p.ticket_id;
  select * into e from public.events where id = p.event_id;
  if e.status <> 'cancelled' and now() > coalesce(t.refund_closes_at, e.starts_at)
     and not app_private.has_area(p.community_id, 'event') then
    perform app_private.fail('refund_window_closed', 'The last refund date has passed');
  end if;
  update public.ticket_purchases set status = 'cancelled', cancelled_at = now() where id = p.id;
end
$$;

REVOKE ALL ON FUNCTION public.cancel_ticket(p_purchase_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.cancel_ticket(p_purchase_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.cancel_ticket(p_purchase_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_ticket(p_purchase_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.cancel_ticket(p_purchase_id uuid) TO service_role;

CREATE FUNCTION public.cancel_volunteer_signup(p_signup_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare n int;
begin
  update public.volunteer_signups set status = 'cancelled'
  where id = p_signup_id and status = 'signed_up' and checked_in_at is null
    and (member_id = any (app_private.my_member_ids()) or app_private.has_area(community_id, 'event'));
  get diagnostics n = row_count;
  if n = 0 then
    perform app_private.fail('signup_not_found', 'No active sign-up to cancel');
  end if;
end
$$;

REVOKE ALL ON FUNCTION public.cancel_volunteer_signup(p_signup_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.cancel_volunteer_signup(p_signup_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.cancel_volunteer_signup(p_signup_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_volunteer_signup(p_signup_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.cancel_volunteer_signup(p_signup_id uuid) TO service_role;

CREATE FUNCTION app_private.check_series_scope(p_scope text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    AS $$
begin
  if p_scope is null or p_scope not in ('this', 'following', 'all') then
    perform app_private.fail('invalid_scope', 'The scope must be this, following or all');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_series_scope(p_scope text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.event_visible(p_id uuid, p_community uuid, p_status public.event_status, p_release_at timestamp with time zone, p_published_at timestamp with time zone, p_visibility public.event_visibility) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select app_private.is_released(p_status, p_release_at, p_published_at) and (
    p_visibility = 'public'
    or (p_visibility = 'members' and p_community = any (app_private.member_communities()))
    or (p_visibility = 'invite_only' and app_private.is_invited(p_id)))
$$;

REVOKE ALL ON FUNCTION app_private.event_visible(p_id uuid, p_community uuid, p_status public.event_status, p_release_at timestamp with time zone, p_published_at timestamp with time zone, p_visibility public.event_visibility) FROM anon, authenticated, service_role;

CREATE FUNCTION public.expand_event_series(p_event_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  e public.events;
  tz text;
  occurrence timestamptz;
  shift interval;
  new_id uuid;
  made int := 0;
  a record;
  new_addon uuid;
  j record;
  new_job uuid;
begin
  select * into e from public.events where id = p_event_id for update;
  if e.id is null then
    perform app_private.fail('event_not_found', 'No such event');
  end if;
  if not app_private.has_area(e.community_id, 'event') then
    perform app_private.fail('not_allowed', 'Only event admins can expand a series');
  end if;
  if e.repeat = 'never' then
    return 0;
  end if;
  if exists (select 1 from public.events where series_id = e.id and id <> e.id) then
    perform app_private.fail('series_already_expanded', 'This series already has its occurrences');
  end if;
  select time_zone into tz from public.communities where id = e.community_id;
  update public.events set series_id = id where id = e.id;
  for occurrence in select s from public.recurrence_starts(e.starts_at, e.repeat, e.repeat_until, tz) s loop
    continue when occurrence = e.starts_at;
    shift := occurrence - e.starts_at;
    insert into public.events (community_id, club_id, title, location, description, image_path, starts_at, ends_at,
                               status, release_at, visibility, kind, repeat, repeat_until, series_id, created_by)
    values (e.community_id, e.club_id, e.title, e.location, e.description, e.image_path, occurrence,
            e.ends_at + shift, case when e.status = 'cancelled' then 'draft' else e.status end, e.release_at,
            e.visibility, e.kind, e.repeat, e.repeat_until, e.id, e.created_by)
    returning id into new_id;
    insert into public.tickets (community_id, event_id, name, participant_limit, join_opens_at, join_closes_at,
                                refund_closes_at, price_ore, currency, max_per_purchase, sort_order)
    select community_id, new_id, name, participant_limit, join_opens_at + shift, join_closes_at + shift,
           refund_closes_at + shift, price_ore, currency, max_per_purchase, sort_order
    from public.tickets where event_id = e.id;
    for a in select * from public.event_addons where event_id = e.id loop
      insert into public.event_addons (community_id, event_id, name, min_per_person, max_per_person, sort_order)
      values (a.community_id, new_id, a.name, a.min_per_person, a.max_per_person, a.sort_order)
      returning id into new_addon;
      insert into public.addon_options (community_id, addon_id, title, price_ore, capacity, hint, sort_order)
      select community_id, new_addon, title, price_ore, capacity, hint, sort_order
      from public.addon_options where addon_id = a.id;
    end loop;
    for j in select * from public.volunteer_jobs where event_id = e.id loop
      insert into public.volunteer_jobs (community_id, event_id, title, description, relevant_roles, compensation,
                                         slots, requires_child_certificate)
      values (j.community_id, new_id, j.title, j.description, j.relevant_roles, j.compensation, j.slots,
              j.requires_child_certificate)
      returning id into new_job;
      insert into public.volunteer_timeslots (community_id, job_id, starts_at, ends_at, slots)
      select community_id, new_job, starts_at + shift, ends_at + shift, slots
      from public.volunteer_timeslots where job_id = j.id;
    end loop;
    made := made + 1;
  end loop;
  return made;
end
$$;

REVOKE ALL ON FUNCTION public.expand_event_series(p_event_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.expand_event_series(p_event_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.expand_event_series(p_event_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.expand_event_series(p_event_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.expand_event_series(p_event_id uuid) TO service_role;

CREATE FUNCTION app_private.is_invited(p_event uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.event_invitations i
    where i.event_id = p_event
      and (i.member_id = any (app_private.my_member_ids())
           or i.group_id = any (app_private.my_group_ids())
           or i.tag_id = any (app_private.my_tag_ids())))
$$;

REVOKE ALL ON FUNCTION app_private.is_invited(p_event uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.is_released(p_status public.event_status, p_release_at timestamp with time zone, p_published_at timestamp with time zone) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select p_status = 'published'
      or (p_status = 'scheduled' and p_release_at <= now())
      or (p_status = 'cancelled' and p_published_at is not null)
$$;

REVOKE ALL ON FUNCTION app_private.is_released(p_status public.event_status, p_release_at timestamp with time zone, p_published_at timestamp with time zone) FROM anon, authenticated, service_role;

CREATE FUNCTION public.save_event(p_event jsonb) RETURNS uuid
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_id uuid := nullif(p_event ->> 'id', '')::uuid;
  v_community uuid;
  e public.events;
  x jsonb;
  y jsonb;
  v_part uuid;
  v_keep uuid[];
  v_keep_inner uuid[];
  v_order int;
  v_inner_order int;
begin
  if p_event is null or jsonb_typeof(p_event) <> 'object' then
    perform app_private.fail('invalid_event', 'The event must be a JSON object');
  end if;
  if v_id is null then
    insert into public.events (community_id, title, location, description, image_path, starts_at, ends_at, status,
                               release_at, visibility, kind, repeat, repeat_until)
    values ((p_event ->> 'community_id')::uuid, p_event ->> 'title', p_event ->> 'location',
            nullif(p_event -> 'description', 'null'::jsonb), p_event ->> 'image_path', (p_event ->> 'starts_at')::timestamptz,
            (p_event ->> 'ends_at')::timestamptz, coalesce(p_event ->> 'status', 'draft')::public.event_status,
            (p_event ->> 'release_at')::timestamptz,
            coalesce(p_event ->> 'visibility', 'members')::public.event_visibility,
            coalesce(p_event ->> 'kind', 'internal')::public.event_kind,
            coalesce(p_event ->> 'repeat', 'never')::public.repeat_rule, (p_event ->> 'repeat_until')::date)
    returning * into e;
  else
    update public.events set
      title = p_event ->> 'title',
      location = p_event ->> 'location',
      description = nullif(p_event -> 'description', 'null'::jsonb),
      image_path = p_event ->> 'image_path',
      starts_at = (p_event ->> 'starts_at')::timestamptz,
      ends_at = (p_event ->> 'ends_at')::timestamptz,
      status = coalesce(p_event ->> 'status', status::text)::public.event_status,
      release_at = (p_event ->> 'release_at')::timestamptz,
      visibility = coalesce(p_event ->> 'visibility', visibility::text)::public.event_visibility,
      kind = coalesce(p_event ->> 'kind', kind::text)::public.event_kind,
      repeat = coalesce(p_event ->> 'repeat', repeat::text)::public.repeat_rule,
      repeat_until = (p_event ->> 'repeat_until')::date
    where id = v_id
    returning * into e;
    if e.id is null then
      perform app_private.fail('event_not_found', 'No such event');
    end if;
  end if;
  v_id := e.id;
  v_community := e.community_id;

  -- Tickets.
  select coalesce(array_agg((t ->> 'id')::uuid) filter (where t ->> 'id' is not null), '{}') into v_keep
  from jsonb_array_elements(coalesce(p_event -> 'tickets', '[]')) t;
  if exists (select 1 from public.ticket_purchases p join public.tickets t on t.id = p.ticket_id
             where t.event_id = v_id and not (t.id = any (v_keep))) then
    perform app_private.fail('ticket_has_sales', 'A ticket type that has been sold cannot be removed');
  end if;
  delete from public.tickets where event_id = v_id and not (id = any (v_keep));
  v_order := 0;
  for x in select * from jsonb_array_elements(coalesce(p_event -> 'tickets', '[]')) loop
    v_part := (x ->> 'id')::uuid;
    if v_part is null then
      insert into public.tickets (community_id, event_id, name, participant_limit, join_opens_at, join_closes_at,
                                  refund_closes_at, price_ore, sort_order)
      values (v_community, v_id, x ->> 'name', (x ->> 'participant_limit')::int, (x ->> 'join_opens_at')::timestamptz,
              (x ->> 'join_closes_at')::timestamptz, (x ->> 'refund_closes_at')::timestamptz,
              coalesce((x ->> 'price_ore')::int, 0), v_order);
    else
      update public.tickets set name = x ->> 'name', participant_limit = (x ->> 'participant_limit')::int,
        join_opens_at = (x ->> 'join_opens_at')::timestamptz, join_closes_at = (x ->> 'join_closes_at')::timestamptz,
        refund_closes_at = (x ->> 'refund_closes_at')::timestamptz, price_ore = coalesce((x ->> 'price_ore')::int, 0),
        sort_order = v_order
      where id = v_part and event_id = v_id;
    end if;
    v_order := v_order + 1;
  end loop;

  -- Add-ons and their options.
  select coalesce(array_agg((a ->> 'id')::uuid) filter (where a ->> 'id' is not null), '{}') into v_keep
  from jsonb_array_elements(coalesce(p_event -> 'addons', '[]')) a;
  select coalesce(array_agg((o ->> 'id')::uuid) filter (where o ->> 'id' is not null), '{}') into v_keep_inner
  from jsonb_array_elements(coalesce(p_event -> 'addons', '[]')) a,
       jsonb_array_elements(coalesce(a -> 'options', '[]')) o;
  if exists (select 1 from public.purchase_addons pa join public.addon_options o on o.id = pa.option_id
             join public.event_addons a on a.id = o.addon_id
             where a.event_id = v_id and not (o.id = any (v_keep_inner))) then
    perform app_private.fail('addon_has_sales', 'An add-on option that has been sold cannot be removed');
  end if;
  delete from public.event_addons where event_id = v_id and not (id = any (v_keep));
  delete from public.addon_options o using public.event_addons a
  where a.id = o.addon_id and a.event_id = v_id and not (o.id = any (v_keep_inner));
  v_order := 0;
  for x in select * from jsonb_array_elements(coalesce(p_event -> 'addons', '[]')) loop
    v_part := (x ->> 'id')::uuid;
    if v_part is null then
      insert into public.event_addons (community_id, event_id, name, min_per_person, max_per_person, sort_order)
      values (v_community, v_id, x ->> 'name', coalesce((x ->> 'min_per_person')::int, 0),
              (x ->> 'max_per_person')::int, v_order)
      returning id into v_part;
    else
      update public.event_addons set name = x ->> 'name', min_per_person = coalesce((x ->> 'min_per_person')::int, 0),
        max_per_person = (x ->> 'max_per_person')::int, sort_order = v_order
      where id = v_part and event_id = v_id;
    end if;
    v_inner_order := 0;
    for y in select * from jsonb_array_elements(coalesce(x -> 'options', '[]')) loop
      if y ->> 'id' is null then
        insert into public.addon_options (community_id, addon_id, title, price_ore, capacity, hint, sort_order)
        values (v_community, v_part, y ->> 'title', coalesce((y ->> 'price_ore')::int, 0), (y ->> 'capacity')::int,
                nullif(y ->> 'hint', ''), v_inner_order);
      else
        update public.addon_options set title = y ->> 'title', price_ore = coalesce((y ->> 'price_ore')::int, 0),
          capacity = (y ->> 'capacity')::int, hint = nullif(y ->> 'hint', ''), sort_order = v_inner_order
        where id = (y ->> 'id')::uuid and addon_id = v_part;
      end if;
      v_inner_order := v_inner_order + 1;
    end loop;
    v_order := v_order + 1;
  end loop;

  -- Volunteer jobs and their timeslots.
  select coalesce(array_agg((j ->> 'id')::uuid) filter (where j ->> 'id' is not null), '{}') into v_keep
  from jsonb_array_elements(coalesce(p_event -> 'jobs', '[]')) j;
  select coalesce(array_agg((s ->> 'id')::uuid) filter (where s ->> 'id' is not null), '{}') into v_keep_inner
  from jsonb_array_elements(coalesce(p_event -> 'jobs', '[]')) j,
       jsonb_array_elements(coalesce(j -> 'timeslots', '[]')) s;
  if exists (select 1 from public.volunteer_signups v join public.volunteer_jobs j on j.id = v.job_id
             where j.event_id = v_id and v.status = 'signed_up'
               and (not (j.id = any (v_keep)) or (v.timeslot_id is not null and not (v.timeslot_id = any (v_keep_inner))))) then
    perform app_private.fail('job_has_signups', 'A volunteer job or timeslot with sign-ups cannot be removed');
  end if;
  delete from public.volunteer_jobs where event_id = v_id and not (id = any (v_keep));
  delete from public.volunteer_timeslots s using public.volunteer_jobs j
  where j.id = s.job_id and j.event_id = v_id and not (s.id = any (v_keep_inner));
  for x in select * from jsonb_array_elements(coalesce(p_event -> 'jobs', '[]')) loop
    v_part := (x ->> 'id')::uuid;
    if v_part is null then
      insert into public.volunteer_jobs (community_id, event_id, title, description, relevant_roles, compensation, slots)
      values (v_community, v_id, x ->> 'title', nullif(x ->> 'description', ''),
              coalesce(array(select jsonb_array_elements_text(x -> 'relevant_roles')), '{}'),
              nullif(x ->> 'compensation', ''), coalesce((x ->> 'slots')::int, 1))
      returning id into v_part;
    else
      update public.volunteer_jobs set title = x ->> 'title', description = nullif(x ->> 'description', ''),
        relevant_roles = coalesce(array(select jsonb_array_elements_text(x -> 'relevant_roles')), '{}'),
        compensation = nullif(x ->> 'compensation', ''), slots = coalesce((x ->> 'slots')::int, 1)
      where id = v_part and event_id = v_id;
    end if;
    for y in select * from jsonb_array_elements(coalesce(x -> 'timeslots', '[]')) loop
      if y ->> 'id' is null then
        insert into public.volunteer_timeslots (community_id, job_id, starts_at, ends_at, slots)
        values (v_community, v_part, (y ->> 'starts_at')::timestamptz, (y ->> 'ends_at')::timestamptz,
                (y ->> 'slots')::int);
      else
        update public.volunteer_timeslots set starts_at = (y ->> 'starts_at')::timestamptz,
          ends_at = (y ->> 'ends_at')::timestamptz, slots = (y ->> 'slots')::int
        where id = (y ->> 'id')::uuid and job_id = v_part;
      end if;
    end loop;
  end loop;

  -- Invitations are a set: replaced as a whole.
  if p_event ? 'invitations' then
    delete from public.event_invitations where event_id = v_id;
    insert into public.event_invitations (community_id, event_id, member_id, group_id, tag_id)
    select v_community, v_id, (i ->> 'member_id')::uuid, (i ->> 'group_id')::uuid, (i ->> 'tag_id')::uuid
    from jsonb_array_elements(p_event -> 'invitations') i;
  end if;

  if e.repeat <> 'never' and e.status in ('scheduled', 'published') and e.series_id is null then
    perform public.expand_event_series(v_id);
  end if;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.save_event(p_event jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.save_event(p_event jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.save_event(p_event jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.save_event(p_event jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.save_event(p_event jsonb) TO service_role;

CREATE FUNCTION public.save_event_series(p_event jsonb, p_scope text DEFAULT 'this'::text) RETURNS uuid
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_id uuid;
  before public.events;
  e public.events;
  start_shift interval;
begin
  perform app_private.check_series_scope(p_scope);
  v_id := nullif(p_event ->> 'id', '')::uuid;
  if v_id is not null then
    select * into before from public.events where id = v_id;
  end if;
  v_id := public.save_event(p_event);
  if p_scope = 'this' or before.id is null then
    return v_id;
  end if;
  select * into e from public.events where id = v_id;
  start_shift := e.starts_at - before.starts_at;
  update public.events x set
    title = e.title,
    location = e.location,
    description = e.description,
    image_path = e.image_path,
    visibility = e.visibility,
    kind = e.kind,
    starts_at = x.starts_at + start_shift,
    -- Every date keeps the edited date's length.
    ends_at = x.starts_at + start_shift + (e.ends_at - e.starts_at)
  where x.id in (select app_private.series_scope(e, p_scope)) and x.id <> e.id and x.status <> 'cancelled';
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.save_event_series(p_event jsonb, p_scope text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.save_event_series(p_event jsonb, p_scope text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.save_event_series(p_event jsonb, p_scope text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.save_event_series(p_event jsonb, p_scope text) TO authenticated;
GRANT ALL ON FUNCTION public.save_event_series(p_event jsonb, p_scope text) TO service_role;

CREATE FUNCTION app_private.series_scope(e public.events, p_scope text) RETURNS SETOF uuid
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select x.id from public.events x
  where case p_scope
          when 'this' then x.id = e.id
          when 'following' then x.id = e.id
            or (e.series_id is not null and x.series_id = e.series_id and x.starts_at >= e.starts_at)
          when 'all' then x.id = e.id or (e.series_id is not null and x.series_id = e.series_id)
        end
  order by x.starts_at, x.id
$$;

REVOKE ALL ON FUNCTION app_private.series_scope(e public.events, p_scope text) FROM anon, authenticated, service_role;

CREATE FUNCTION public.sign_up_volunteer(p_job_id uuid, p_timeslot_id uuid DEFAULT NULL::uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  j public.volunteer_jobs;
  e public.events;
  s public.volunteer_timeslots;
  v_member uuid;
  v_roles text[];
  v_slots int;
  v_taken int;
  v_id uuid;
begin
  select * into j from public.volunteer_jobs where id = p_job_id for update;
  if j.id is null then
    perform app_private.fail('job_not_found', 'No such volunteer job');
  end if;
  select * into e from public.events where id = j.event_id;
  if not app_private.event_visible(e.id, e.community_id, e.status, e.release_at, e.published_at, e.visibility)
     and not app_private.has_area(e.community_id, 'event') then
    perform app_private.fail('job_not_found', 'No such volunteer job');
  end if;
  if e.status = 'cancelled' then
    perform app_private.fail('event_cancelled', 'The event is cancelled');
  end if;
  v_member := app_private.my_member_id(e.community_id);
  if v_member is null then
    perform app_private.fail('not_a_member', 'Only members of the community can volunteer');
  end if;
  v_slots := j.slots;
  if p_timeslot_id is not null then
    select * into s from public.volunteer_timeslots where id = p_timeslot_id and job_id = j.id for update;
    if s.id is null then
      perform app_private.fail('timeslot_not_found', 'No such timeslot for this job');
    end if;
    v_slots := coalesce(s.slots, j.slots);
  elsif exists (select 1 from public.volunteer_timeslots where job_id = j.id) then
    perform app_private.fail('timeslot_required', 'Choose a timeslot for this job');
  end if;
  if coalesce(s.ends_at, e.ends_at, e.starts_at) < now() then
    perform app_private.fail('signup_closed', 'This shift is over');
  end if;
  select roles into v_roles from public.members where id = v_member;
  if cardinality(j.relevant_roles) > 0 and not (v_roles && j.relevant_roles) then
    perform app_private.fail('role_required', format('This job is for: %s', array_to_string(j.relevant_roles, ', ')));
  end if;
  if j.requires_child_certificate
     and not app_private.has_certificate(v_member, 'child_certificate', (coalesce(s.starts_at, e.starts_at))::date) then
    perform app_private.fail('certificate_missing', 'This job needs a valid child-protection certificate (børneattest)');
  end if;
  if exists (select 1 from public.volunteer_signups where job_id = j.id and member_id = v_member
             and timeslot_id is not distinct from p_timeslot_id and status = 'signed_up') then
    perform app_private.fail('already_signed_up', 'You are already signed up');
  end if;
  select count(*) into v_taken from public.volunteer_signups
  where job_id = j.id and timeslot_id is not distinct from p_timeslot_id and status = 'signed_up';
  if v_taken >= v_slots then
    perform app_private.fail('no_slots_left', 'All volunteer slots are taken');
  end if;
  insert into public.volunteer_signups (community_id, job_id, timeslot_id, member_id)
  values (j.community_id, j.id, p_timeslot_id, v_member) returning id into v_id;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.sign_up_volunteer(p_job_id uuid, p_timeslot_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.sign_up_volunteer(p_job_id uuid, p_timeslot_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.sign_up_volunteer(p_job_id uuid, p_timeslot_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sign_up_volunteer(p_job_id uuid, p_timeslot_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.sign_up_volunteer(p_job_id uuid, p_timeslot_id uuid) TO service_role;

CREATE FUNCTION app_private.volunteer_hours(p_member_id uuid, p_from date, p_to date) RETURNS numeric
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(round(sum(extract(epoch from (s.checked_out_at - s.checked_in_at))) / 3600, 2), 0)
  from public.volunteer_signups s
  join public.communities c on c.id = s.community_id
  where s.member_id = p_member_id and s.status = 'signed_up'
    and s.checked_in_at is not null and s.checked_out_at is not null
    and (s.checked_in_at at time zone c.time_zone)::date between p_from and p_to
$$;

REVOKE ALL ON FUNCTION app_private.volunteer_hours(p_member_id uuid, p_from date, p_to date) FROM anon, authenticated, service_role;

-- schemas/groups/functions.sql

set check_function_bodies = off;

CREATE FUNCTION public.add_group_member(p_group_id uuid, p_member_id uuid, p_role text DEFAULT 'member'::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  g public.groups;
  v_id uuid;
begin
  select * into g from public.groups where id = p_group_id for update;
  if g.id is null or not app_private.has_area(g.community_id, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  if not exists (select 1 from public.members m where m.id = p_member_id and m.community_id = g.community_id) then
    perform app_private.fail('member_not_found', 'No such member in this community');
  end if;
  if coalesce(p_role, '') not in ('member', 'coach', 'leader') then
    perform app_private.fail('invalid_role', 'The role is participant, coach or leader');
  end if;
  if g.archived then
    perform app_private.fail('group_archived', 'The group is archived and takes no new members');
  end if;
  if exists (select 1 from public.group_members where group_id = g.id and member_id = p_member_id and left_at is null) then
    perform app_private.fail('already_in_group', 'The member is already in this group');
  end if;
  insert into public.group_members (community_id, group_id, member_id, role, payment_status)
  values (g.community_id, g.id, p_member_id, p_role, case when g.price_ore > 0 then 'pending' else 'not_required' end)
  returning id into v_id;
  update public.group_join_requests set status = 'approved', decided_at = now(), decided_by = auth.uid()
  where group_id = g.id and member_id = p_member_id and status = 'pending';
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.add_group_member(p_group_id uuid, p_member_id uuid, p_role text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.add_group_member(p_group_id uuid, p_member_id uuid, p_role text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.add_group_member(p_group_id uuid, p_member_id uuid, p_role text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.add_group_member(p_group_id uuid, p_member_id uuid, p_role text) TO authenticated;
GRANT ALL ON FUNCTION public.add_group_member(p_group_id uuid, p_member_id uuid, p_role text) TO service_role;

CREATE FUNCTION app_private.after_group_fee_charges() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_invoice uuid;
begin
  for v_invoice in select distinct invoice_id from new_charges loop
    perform app_private.attach_volunteer_credits(v_invoice);
  end loop;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_group_fee_charges() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.check_fee_run(p_community_id uuid, p_day date) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'Group fees are invoiced by billing admins of the community');
  end if;
  if p_day is null then
    perform app_private.fail('invalid_period', 'Give a day inside the period to invoice');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_fee_run(p_community_id uuid, p_day date) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.check_group_charging_start() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_today date;
begin
  if new.payment_frequency = 'one_time' and new.charging_starts_on is not null
     and (tg_op = 'INSERT' or new.charging_starts_on is distinct from old.charging_starts_on
          or new.payment_frequency is distinct from old.payment_frequency) then
    select (now() at time zone c.time_zone)::date into v_today from public.communities c where c.id = new.community_id;
    if new.charging_starts_on < v_today then
      perform app_private.fail('charging_start_in_past', 'A one-time fee cannot start charging before today');
    end if;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_group_charging_start() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.check_group_delete() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if exists (select 1 from public.group_members gm where gm.group_id = old.id)
     and exists (select 1 from public.communities c where c.id = old.community_id) then
    perform app_private.fail('group_has_members', 'A group that has had members cannot be deleted; archive it instead');
  end if;
  return old;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_group_delete() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.check_group_open() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app_private.is_trusted()
     and exists (select 1 from public.groups g where g.id = new.group_id and g.archived) then
    perform app_private.fail('group_archived', 'The group is archived and takes no new members');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_group_open() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.claim_group_welcomes(p_limit integer) RETURNS TABLE(group_member_id uuid, email text, full_name text, subject text, body text, community_name text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from app_private.group_welcome_outbox o using public.group_members gm
  where gm.id = o.group_member_id and (gm.welcome_sent_at is not null or gm.left_at is not null);
  return query
  with due as (
    select o.group_member_id from app_private.group_welcome_outbox o
    where o.due_at <= now() and (o.claimed_until is null or o.claimed_until < now())
    order by o.due_at
    limit greatest(coalesce(p_limit, 50), 1)
    for update skip locked),
  claimed as (
    update app_private.group_welcome_outbox o
    set claimed_until = now() + interval '5 minutes', attempts = o.attempts + 1
    from due where o.group_member_id = due.group_member_id
    returning o.group_member_id)
  select c.group_member_id, w.email, w.full_name, w.subject, w.body, w.community_name
  from claimed c
  join public.group_members gm on gm.id = c.group_member_id
  cross join lateral app_private.group_welcome_text(gm.group_id, gm.member_id) w;
end
$$;

REVOKE ALL ON FUNCTION app_private.claim_group_welcomes(p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.claim_group_welcomes(p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.claim_group_welcomes(p_limit integer) FROM PUBLIC;

CREATE FUNCTION public.decide_group_join_request(p_request_id uuid, p_approve boolean) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  r public.group_join_requests;
  v_id uuid;
begin
  select * into r from public.group_join_requests where id = p_request_id for update;
  if r.id is null or not app_private.has_area(r.community_id, 'group') then
    perform app_private.fail('request_not_found', 'No such join request');
  end if;
  if r.status <> 'pending' then
    perform app_private.fail('request_decided', 'The request has been answered already');
  end if;
  if p_approve is null then
    perform app_private.fail('invalid_decision', 'Approve or decline');
  end if;
  if p_approve then
    if exists (select 1 from public.group_members where group_id = r.group_id and member_id = r.member_id and left_at is null) then
      update public.group_join_requests set status = 'approved', decided_at = now(), decided_by = auth.uid() where id = r.id;
      return null;
    end if;
    -- add_group_member refuses an archived group and marks the request approved.
    v_id := public.add_group_member(r.group_id, r.member_id, 'member');
  else
    update public.group_join_requests set status = 'declined', decided_at = now(), decided_by = auth.uid() where id = r.id;
  end if;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.decide_group_join_request(p_request_id uuid, p_approve boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.decide_group_join_request(p_request_id uuid, p_approve boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.decide_group_join_request(p_request_id uuid, p_approve boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.decide_group_join_request(p_request_id uuid, p_approve boolean) TO authenticated;
GRANT ALL ON FUNCTION public.decide_group_join_request(p_request_id uuid, p_approve boolean) TO service_role;

CREATE FUNCTION app_private.fee_period(p_frequency public.payment_frequency, p_day date, OUT period_start date, OUT period_end date, OUT label text) RETURNS record
    LANGUAGE sql IMMUTABLE
    AS $$
  select s::date, (s + step)::date,
         case p_frequency
           when 'monthly' then to_char(s, 'YYYY-MM')
           when 'quarterly' then to_char(s, 'YYYY') || ' Q' || to_char(s, 'Q')
           else to_char(s, 'YYYY') end
  from (select case p_frequency when 'monthly' then date_trunc('month', p_day::timestamp)
                                when 'quarterly' then date_trunc('quarter', p_day::timestamp)
                                else date_trunc('year', p_day::timestamp) end as s,
               case p_frequency when 'monthly' then interval '1 month'
                                when 'quarterly' then interval '3 months'
                                else interval '1 year' end as step) p
$$;

REVOKE ALL ON FUNCTION app_private.fee_period(p_frequency public.payment_frequency, p_day date, OUT period_start date, OUT period_end date, OUT label text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.group_charge(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_joined_on date, p_day date) RETURNS TABLE(period_start date, period_end date, label text, amount_ore integer, reason text)
    LANGUAGE sql IMMUTABLE
    AS $$
  with s as (select greatest(p_joined_on, coalesce(p_charging_starts_on, p_joined_on)) as starts_on)
  select p_joined_on, p_joined_on + 1, null::text, p_price_ore, 'one_time'
  from s where p_frequency = 'one_time' and s.starts_on <= p_day
  union all
  select p.period_start, p.period_end, p.label,
         case when s.starts_on <= p.period_start or p_mid_period_join = 'full' then p_price_ore
              when p_mid_period_join = 'pro_rata'
                then round(p_price_ore::numeric * (p.period_end - s.starts_on) / (p.period_end - p.period_start))::integer
              else 0 end,
         case when s.starts_on <= p.period_start then 'full_period'
              when p_mid_period_join = 'full' then 'joined_mid_period_full'
              when p_mid_period_join = 'pro_rata' then 'joined_mid_period_pro_rata'
              else 'joined_mid_period_free' end
  from s cross join lateral app_private.fee_period(p_frequency, p_day) p
  where p_frequency is not null and p_frequency <> 'one_time' and s.starts_on < p.period_end
$$;

REVOKE ALL ON FUNCTION app_private.group_charge(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_joined_on date, p_day date) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.group_fees_due(p_community_id uuid, p_day date, p_group_id uuid) RETURNS TABLE(group_member_id uuid, group_id uuid, group_title text, member_id uuid, member_name text, description text, period_start date, amount_ore integer, reason text, currency character)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select gm.id, g.id, g.title, m.id, m.full_name,
         case when ch.label is null then g.title else g.title || ', ' || ch.label end
           || case when ch.reason = 'joined_mid_period_pro_rata' then ' (forholdsmæssigt)' else '' end,
         ch.period_start, ch.amount_ore, ch.reason, g.currency
  from public.communities c
  join public.groups g on g.community_id = c.id
  join public.group_members gm on gm.group_id = g.id
  join public.members m on m.id = gm.member_id
  cross join lateral app_private.group_charge(g.payment_frequency, g.price_ore, g.charging_starts_on,
    g.mid_period_join, (gm.joined_at at time zone c.time_zone)::date, p_day) ch
  where c.id = p_community_id and (p_group_id is null or g.id = p_group_id)
    and not g.archived and g.payment_frequency is not null and g.price_ore > 0 and m.status <> 'left'
    and ch.amount_ore > 0
    and (gm.left_at is null or (gm.left_at at time zone c.time_zone)::date >= case
           when g.payment_frequency = 'one_time' then p_day else ch.period_start end)
    and not exists (select 1 from public.group_fee_charges f
                    where f.group_member_id = gm.id and f.period_start = ch.period_start)
$$;

REVOKE ALL ON FUNCTION app_private.group_fees_due(p_community_id uuid, p_day date, p_group_id uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.group_member_last_charged(p_group_member_id uuid) RETURNS date
    LANGUAGE plpgsql STABLE COST 1000
    SET search_path TO ''
    AS $$
begin
  return (select max(c.period_start) from public.group_fee_charges c where c.group_member_id = p_group_member_id);
end
$$;

REVOKE ALL ON FUNCTION app_private.group_member_last_charged(p_group_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.group_member_last_charged(p_group_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.group_member_last_charged(p_group_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION app_private.group_member_last_charged(p_group_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.group_member_last_charged(p_group_member_id uuid) TO service_role;

CREATE FUNCTION public.group_welcome_email(p_group_id uuid, p_member_id uuid) RETURNS TABLE(email text, full_name text, group_title text, welcome_email text, community_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_community uuid;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not app_private.has_area(v_community, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  if not exists (select 1 from public.group_members gm
                 where gm.group_id = p_group_id and gm.member_id = p_member_id and gm.left_at is null) then
    perform app_private.fail('not_in_group', 'The member is not in this group');
  end if;
  return query
  select m.email, m.full_name, g.title, coalesce(g.welcome_email, ''), c.name
  from public.members m join public.groups g on g.id = p_group_id join public.communities c on c.id = g.community_id
  where m.id = p_member_id;
end
$$;

REVOKE ALL ON FUNCTION public.group_welcome_email(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.group_welcome_email(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.group_welcome_email(p_group_id uuid, p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.group_welcome_email(p_group_id uuid, p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.group_welcome_email(p_group_id uuid, p_member_id uuid) TO service_role;

CREATE FUNCTION public.group_welcome_message(p_group_id uuid, p_member_id uuid) RETURNS TABLE(email text, full_name text, language text, subject text, body text, community_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_community uuid;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not app_private.has_area(v_community, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  if not exists (select 1 from public.group_members gm
                 where gm.group_id = p_group_id and gm.member_id = p_member_id and gm.left_at is null) then
    perform app_private.fail('not_in_group', 'The member is not in this group');
  end if;
  return query select * from app_private.group_welcome_text(p_group_id, p_member_id);
end
$$;

REVOKE ALL ON FUNCTION public.group_welcome_message(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.group_welcome_message(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.group_welcome_message(p_group_id uuid, p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.group_welcome_message(p_group_id uuid, p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.group_welcome_message(p_group_id uuid, p_member_id uuid) TO service_role;

CREATE FUNCTION app_private.group_welcome_text(p_group_id uuid, p_member_id uuid) RETURNS TABLE(email text, full_name text, language text, subject text, body text, community_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  g public.groups;
  v_lang text;
  v_community text;
  v_subject text;
  v_body text;
  v_name text;
  v_email text;
begin
  select * into g from public.groups where id = p_group_id;
  select c.default_language, c.name into v_lang, v_community from public.communities c where c.id = g.community_id;
  select m.full_name, m.email into v_name, v_email from public.members m where m.id = p_member_id;
  if v_lang = 'en' then
    v_subject := coalesce(nullif(trim(g.welcome_subject_en), ''), nullif(trim(g.welcome_subject_da), ''), 'Welcome to {group}');
    v_body := coalesce(nullif(trim(g.welcome_body_en), ''), nullif(trim(g.welcome_body_da), ''),
                       nullif(trim(g.welcome_email), ''), 'Welcome to {group}, {name}!');
  else
    v_subject := coalesce(nullif(trim(g.welcome_subject_da), ''), nullif(trim(g.welcome_subject_en), ''), 'Velkommen til {group}');
    v_body := coalesce(nullif(trim(g.welcome_body_da), ''), nullif(trim(g.welcome_email), ''),
                       nullif(trim(g.welcome_body_en), ''), 'Velkommen til {group}, {name}!');
  end if;
  return query select v_email, v_name, v_lang,
    replace(replace(v_subject, '{name}', coalesce(v_name, '')), '{group}', g.title),
    replace(replace(v_body, '{name}', coalesce(v_name, '')), '{group}', g.title),
    v_community;
end
$$;

REVOKE ALL ON FUNCTION app_private.group_welcome_text(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.group_welcome_text(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.group_welcome_text(p_group_id uuid, p_member_id uuid) FROM PUBLIC;

CREATE FUNCTION public.join_group(p_group_id uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  g public.groups;
  v_member uuid;
  v_id uuid;
begin
  v_member := app_private.joining_member(p_group_id);
  select * into g from public.groups where id = p_group_id;
  if g.visibility = 'invite_only' then
    perform app_private.fail('invitation_required', 'The group is invite only; ask to join instead');
  end if;
  if g.requires_approval then
    perform app_private.fail('approval_required', 'Joining this group needs approval; ask to join instead');
  end if;
  insert into public.group_members (community_id, group_id, member_id, payment_status)
  values (g.community_id, g.id, v_member, case when g.price_ore > 0 then 'pending' else 'not_required' end)
  returning id into v_id;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.join_group(p_group_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.join_group(p_group_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.join_group(p_group_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.join_group(p_group_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.join_group(p_group_id uuid) TO service_role;

CREATE FUNCTION public.leave_group(p_group_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_count int;
begin
  update public.group_members gm set left_at = now()
  where gm.group_id = p_group_id and gm.left_at is null
    and gm.member_id = any (app_private.my_member_ids());
  get diagnostics v_count = row_count;
  if v_count = 0 then
    perform app_private.fail('not_in_group', 'You are not in this group');
  end if;
end
$$;

REVOKE ALL ON FUNCTION public.leave_group(p_group_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.leave_group(p_group_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.leave_group(p_group_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.leave_group(p_group_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.leave_group(p_group_id uuid) TO service_role;

CREATE FUNCTION public.mark_welcome_sent(p_group_id uuid, p_member_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_community uuid;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not app_private.has_area(v_community, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  update public.group_members set welcome_sent_at = now()
  where group_id = p_group_id and member_id = p_member_id and left_at is null;
end
$$;

REVOKE ALL ON FUNCTION public.mark_welcome_sent(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.mark_welcome_sent(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.mark_welcome_sent(p_group_id uuid, p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mark_welcome_sent(p_group_id uuid, p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.mark_welcome_sent(p_group_id uuid, p_member_id uuid) TO service_role;

CREATE FUNCTION app_private.my_group_ids() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(gm.group_id), '{}') from public.group_members gm
  join public.members m on m.id = gm.member_id
  where m.user_id = auth.uid() and gm.left_at is null
$$;

REVOKE ALL ON FUNCTION app_private.my_group_ids() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.my_group_ids() TO anon;
GRANT ALL ON FUNCTION app_private.my_group_ids() TO authenticated;
GRANT ALL ON FUNCTION app_private.my_group_ids() TO service_role;

CREATE FUNCTION public.preview_group_charges(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_join_date date, p_count integer DEFAULT 3) RETURNS TABLE(period_start date, period_end date, label text, amount_ore integer, reason text)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_day date;
  v_step interval;
  i integer;
begin
  if p_join_date is null or p_frequency is null then
    return;
  end if;
  if p_price_ore is null or p_price_ore < 0 then
    perform app_private.fail('invalid_price', 'The price cannot be below zero');
  end if;
  if coalesce(p_mid_period_join, '') not in ('full', 'pro_rata', 'free_until_next_period') then
    perform app_private.fail('invalid_mid_period_join', 'Choose full, pro rata or free until the next period');
  end if;
  v_day := greatest(p_join_date, coalesce(p_charging_starts_on, p_join_date));
  if p_frequency = 'one_time' then
    return query select * from app_private.group_charge(p_frequency, p_price_ore, p_charging_starts_on,
                                                        p_mid_period_join, p_join_date, v_day);
    return;
  end if;
  v_step := case p_frequency when 'monthly' then interval '1 month' when 'quarterly' then interval '3 months'
                             else interval '1 year' end;
  for i in 0 .. least(greatest(coalesce(p_count, 3), 1), 24) - 1 loop
    return query select * from app_private.group_charge(p_frequency, p_price_ore, p_charging_starts_on,
      p_mid_period_join, p_join_date,
      case when i = 0 then v_day
           else ((select f.period_start from app_private.fee_period(p_frequency, v_day) f) + i * v_step)::date end);
  end loop;
end
$$;

REVOKE ALL ON FUNCTION public.preview_group_charges(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_join_date date, p_count integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.preview_group_charges(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_join_date date, p_count integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.preview_group_charges(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_join_date date, p_count integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.preview_group_charges(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_join_date date, p_count integer) TO authenticated;
GRANT ALL ON FUNCTION public.preview_group_charges(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_join_date date, p_count integer) TO service_role;

CREATE FUNCTION public.preview_group_fee_totals(p_community_id uuid, p_day date DEFAULT CURRENT_DATE) RETURNS TABLE(charges integer, members integer, amount_ore bigint, waiting_credit_ore bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.check_fee_run(p_community_id, p_day);
  return query
  with due as (select * from app_private.group_fees_due(p_community_id, p_day, null)),
       due_members as (select distinct d.member_id from due d)
  select (select count(*) from due)::integer,
         (select count(*) from due_members)::integer,
         (select coalesce(sum(d.amount_ore), 0) from due d)::bigint,
         ((select coalesce(sum(vc.credit_ore), 0) from public.volunteer_credits vc
           where vc.community_id = p_community_id and vc.invoice_id is null
             and vc.member_id in (select m.member_id from due_members m))
          + (select coalesce(sum(r.credit_ore), 0)
             from public.volunteer_credit_rules r cross join due_members m
             where r.community_id = p_community_id and r.active
               and not exists (select 1 from public.volunteer_credits vc where vc.rule_id = r.id and vc.member_id = m.member_id)
               and app_private.volunteer_hours(m.member_id, r.season_start, r.season_end) >= r.min_hours))::bigint;
end
$$;

REVOKE ALL ON FUNCTION public.preview_group_fee_totals(p_community_id uuid, p_day date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.preview_group_fee_totals(p_community_id uuid, p_day date) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.preview_group_fee_totals(p_community_id uuid, p_day date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.preview_group_fee_totals(p_community_id uuid, p_day date) TO authenticated;
GRANT ALL ON FUNCTION public.preview_group_fee_totals(p_community_id uuid, p_day date) TO service_role;

CREATE FUNCTION public.preview_group_fees(p_community_id uuid, p_day date DEFAULT CURRENT_DATE, p_group_id uuid DEFAULT NULL::uuid) RETURNS TABLE(group_member_id uuid, group_id uuid, group_title text, member_id uuid, member_name text, description text, period_start date, amount_ore integer, reason text, currency character)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.check_fee_run(p_community_id, p_day);
  return query select * from app_private.group_fees_due(p_community_id, p_day, p_group_id) d
               order by d.member_name, d.group_title;
end
$$;

REVOKE ALL ON FUNCTION public.preview_group_fees(p_community_id uuid, p_day date, p_group_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.preview_group_fees(p_community_id uuid, p_day date, p_group_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.preview_group_fees(p_community_id uuid, p_day date, p_group_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.preview_group_fees(p_community_id uuid, p_day date, p_group_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.preview_group_fees(p_community_id uuid, p_day date, p_group_id uuid) TO service_role;

CREATE FUNCTION app_private.queue_group_welcome() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if app_private.is_trusted() then
    return null;
  end if;
  if exists (select 1 from public.group_join_requests r
             where r.group_id = new.group_id and r.member_id = new.member_id and r.status = 'pending') then
    insert into app_private.group_welcome_outbox (group_member_id, due_at)
    values (new.id, now() + interval '30 seconds');
  elsif new.member_id = app_private.my_member_id(new.community_id)
        and not app_private.has_area(new.community_id, 'group') then
    insert into app_private.group_welcome_outbox (group_member_id) values (new.id);
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.queue_group_welcome() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.queue_group_welcome() FROM PUBLIC;

CREATE FUNCTION app_private.record_group_welcome(p_group_member_id uuid, p_sent boolean, p_error text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if p_sent then
    update public.group_members set welcome_sent_at = now() where id = p_group_member_id;
    delete from app_private.group_welcome_outbox where group_member_id = p_group_member_id;
  else
    delete from app_private.group_welcome_outbox
    where group_member_id = p_group_member_id and (attempts >= 5 or p_error = 'member_has_no_email');
    update app_private.group_welcome_outbox
    set claimed_until = null, last_error = left(p_error, 500), due_at = now() + attempts * interval '5 minutes'
    where group_member_id = p_group_member_id;
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.record_group_welcome(p_group_member_id uuid, p_sent boolean, p_error text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.record_group_welcome(p_group_member_id uuid, p_sent boolean, p_error text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.record_group_welcome(p_group_member_id uuid, p_sent boolean, p_error text) FROM PUBLIC;

CREATE FUNCTION public.remove_group_member(p_group_id uuid, p_member_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_community uuid;
  v_count int;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not app_private.has_area(v_community, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  update public.group_members set left_at = greatest(now(), joined_at)
  where group_id = p_group_id and member_id = p_member_id and left_at is null;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    perform app_private.fail('not_in_group', 'The member is not in this group');
  end if;
end
$$;

REVOKE ALL ON FUNCTION public.remove_group_member(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.remove_group_member(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.remove_group_member(p_group_id uuid, p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.remove_group_member(p_group_id uuid, p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.remove_group_member(p_group_id uuid, p_member_id uuid) TO service_role;

CREATE FUNCTION public.request_group_membership(p_group_id uuid, p_message text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  g public.groups;
  v_member uuid;
  v_id uuid;
begin
  v_member := app_private.joining_member(p_group_id);
  select * into g from public.groups where id = p_group_id;
  if g.visibility <> 'invite_only' and not g.requires_approval then
    perform app_private.fail('approval_not_needed', 'This group is open: join it directly');
  end if;
  select r.id into v_id from public.group_join_requests r
  where r.group_id = g.id and r.member_id = v_member and r.status = 'pending';
  if v_id is null then
    insert into public.group_join_requests (community_id, group_id, member_id, message)
    values (g.community_id, g.id, v_member, nullif(trim(p_message), ''))
    returning id into v_id;
  end if;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.request_group_membership(p_group_id uuid, p_message text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.request_group_membership(p_group_id uuid, p_message text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.request_group_membership(p_group_id uuid, p_message text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.request_group_membership(p_group_id uuid, p_message text) TO authenticated;
GRANT ALL ON FUNCTION public.request_group_membership(p_group_id uuid, p_message text) TO service_role;

CREATE FUNCTION app_private.run_group_fees(p_community_id uuid, p_day date, p_group_id uuid, p_limit integer) RETURNS TABLE(invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
begin
  perform app_private.check_fee_run(p_community_id, p_day);
  if p_limit is not null and p_limit < 1 then
    perform app_private.fail('invalid_batch', 'A batch holds at least one member');
  end if;
  if not exists (select 1 from public.communities c where c.id = p_community_id) then
    perform app_private.fail('community_not_found', 'No such community');
  end if;
  -- One run per community at a time: a second run waits and then finds everything charged.
  perform pg_advisory_xact_lock(hashtextextended('invoice_group_fees:' || p_community_id::text, 0));

  create temporary table if not exists pg_temp.group_fees_due (
    group_member_id uuid, group_id uuid, member_id uuid, description text, price_ore integer,
    currency char(3), period_start date, account_id uuid, invoice_id uuid, member_name text
  ) on commit drop;
  delete from pg_temp.group_fees_due;
  insert into pg_temp.group_fees_due (group_member_id, group_id, member_id, description, price_ore, currency,
                                      period_start, member_name)
  select d.group_member_id, d.group_id, d.member_id, d.description, d.amount_ore, d.currency, d.period_start,
         d.member_name
  from app_private.group_fees_due(p_community_id, p_day, p_group_id) d;
  -- A batch: the first members by name (every line of a member stays in one batch).
  if p_limit is not null then
    delete from pg_temp.group_fees_due d where d.member_id not in (
      select x.member_id from pg_temp.group_fees_due x
      group by x.member_id order by min(x.member_name), x.member_id limit p_limit);
  end if;

  -- Each member's own billing account (the oldest, if several), created when missing.
  insert into public.billing_accounts (community_id, name, kind, member_id, email, street, postal_code, city)
  select p_community_id, m.full_name, 'member', m.id, m.email, m.street, m.postal_code, m.city
  from public.members m
  where m.id in (select d.member_id from pg_temp.group_fees_due d)
    and not exists (select 1 from public.billing_accounts a where a.member_id = m.id and a.kind = 'member');
  update pg_temp.group_fees_due d set account_id = (
    select a.id from public.billing_accounts a where a.member_id = d.member_id and a.kind = 'member'
    order by a.created_at, a.id limit 1);
  analyze pg_temp.group_fees_due;

  with created as (
    insert into public.invoices (community_id, account_id, currency, note)
    select p_community_id, d.account_id, d.currency, 'Holdkontingent'
    from pg_temp.group_fees_due d group by d.account_id, d.currency
    returning id, account_id, currency)
  update pg_temp.group_fees_due d set invoice_id = c.id
  from created c where c.account_id = d.account_id and c.currency = d.currency;

  insert into public.invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore,
                                    vat_rate_bp, vat_exempt, sort_order)
  select p_community_id, d.invoice_id, d.description, 1, d.price_ore, 0, true,
         (row_number() over (partition by d.invoice_id order by d.description))::integer
  from pg_temp.group_fees_due d;

  insert into public.group_fee_charges (community_id, group_id, member_id, group_member_id, period_start,
                                        invoice_id, amount_ore)
  select p_community_id, d.group_id, d.member_id, d.group_member_id, d.period_start, d.invoice_id, d.price_ore
  from pg_temp.group_fees_due d;

  update public.group_members gm set payment_status = 'pending'
  where gm.id in (select d.group_member_id from pg_temp.group_fees_due d) and gm.payment_status <> 'paid';

  -- Issue in one statement, numbered in name order so the numbers of one run follow the member list.
  perform app_private.issue_invoices_in_order(p_community_id, array(
    select d.invoice_id from pg_temp.group_fees_due d
     group by d.invoice_id order by min(d.member_name), d.invoice_id));

  return query
  select i.id, a.member_id, i.number, i.total_ore, d.n
  from (select d.invoice_id, count(*)::integer as n from pg_temp.group_fees_due d group by d.invoice_id) d
  join public.invoices i on i.id = d.invoice_id
  join public.billing_accounts a on a.id = i.account_id
  order by i.number;
end
$$;

REVOKE ALL ON FUNCTION app_private.run_group_fees(p_community_id uuid, p_day date, p_group_id uuid, p_limit integer) FROM anon, authenticated, service_role;

CREATE FUNCTION public.run_group_fees(p_group_id uuid, p_day date DEFAULT CURRENT_DATE, p_limit integer DEFAULT NULL::integer) RETURNS TABLE(invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_community uuid;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not (app_private.has_area(v_community, 'group')
                                 or app_private.has_area(v_community, 'billing')) then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  return query select * from app_private.run_group_fees(v_community, p_day, p_group_id, p_limit);
end
$$;

REVOKE ALL ON FUNCTION public.run_group_fees(p_group_id uuid, p_day date, p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.run_group_fees(p_group_id uuid, p_day date, p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.run_group_fees(p_group_id uuid, p_day date, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.run_group_fees(p_group_id uuid, p_day date, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.run_group_fees(p_group_id uuid, p_day date, p_limit integer) TO service_role;

CREATE FUNCTION public.save_group_price(p_group_id uuid, p_frequency public.payment_frequency, p_price numeric, p_charging_starts_on date DEFAULT NULL::date, p_mid_period_join text DEFAULT 'full'::text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_community uuid;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not app_private.has_area(v_community, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  if p_frequency is not null then
    if p_price < 0 then
      perform app_private.fail('price_negative', 'The price cannot be below zero');
    end if;
    if p_price is null or p_price = 0 then
      perform app_private.fail('price_required', 'A paid group needs a price above 0');
    end if;
    if p_price * 100 <> trunc(p_price * 100) then
      perform app_private.fail('price_too_precise', 'Use at most two decimals');
    end if;
    if p_price > 1000000 then
      perform app_private.fail('price_too_high', 'The price can be at most 1,000,000');
    end if;
  elsif coalesce(p_price, 0) <> 0 then
    perform app_private.fail('frequency_required', 'Choose how often a paid group is charged');
  end if;
  if coalesce(p_mid_period_join, '') not in ('full', 'pro_rata', 'free_until_next_period') then
    perform app_private.fail('invalid_mid_period_join', 'Choose full, pro rata or free until the next period');
  end if;
  -- Charges already issued keep their amounts: they live on the invoices.
  update public.groups set payment_frequency = p_frequency,
    price_ore = case when p_frequency is null then 0 else (p_price * 100)::integer end,
    charging_starts_on = case when p_frequency is null then null else p_charging_starts_on end,
    mid_period_join = p_mid_period_join
  where id = p_group_id;
end
$$;

REVOKE ALL ON FUNCTION public.save_group_price(p_group_id uuid, p_frequency public.payment_frequency, p_price numeric, p_charging_starts_on date, p_mid_period_join text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.save_group_price(p_group_id uuid, p_frequency public.payment_frequency, p_price numeric, p_charging_starts_on date, p_mid_period_join text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.save_group_price(p_group_id uuid, p_frequency public.payment_frequency, p_price numeric, p_charging_starts_on date, p_mid_period_join text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.save_group_price(p_group_id uuid, p_frequency public.payment_frequency, p_price numeric, p_charging_starts_on date, p_mid_period_join text) TO authenticated;
GRANT ALL ON FUNCTION public.save_group_price(p_group_id uuid, p_frequency public.payment_frequency, p_price numeric, p_charging_starts_on date, p_mid_period_join text) TO service_role;

CREATE FUNCTION app_private.stamp_group_archive() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if new.archived and (tg_op = 'INSERT' or not old.archived) then
    new.archived_at := now();
  elsif not new.archived then
    new.archived_at := null;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.stamp_group_archive() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.stamp_group_archive() TO anon;
GRANT ALL ON FUNCTION app_private.stamp_group_archive() TO authenticated;
GRANT ALL ON FUNCTION app_private.stamp_group_archive() TO service_role;

-- schemas/knowledge_base/functions.sql

set check_function_bodies = off;

CREATE FUNCTION app_private.before_kb_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.updated_at := now();
  if tg_op = 'UPDATE' and new.community_id <> old.community_id then
    perform app_private.fail('read_only_field', 'Knowledge base entries stay in their community');
  end if;
  if tg_table_name = 'kb_articles' then
    new.updated_by := coalesce(auth.uid(), new.updated_by);
    if new.status = 'published' and new.published_at is null then
      new.published_at := now();
    end if;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_kb_write() FROM anon, authenticated, service_role;

CREATE FUNCTION public.search_kb_articles(p_community_id uuid, p_query text, p_limit integer DEFAULT 20) RETURNS TABLE(id uuid, title text, slug text, summary text, category_id uuid, visibility public.kb_visibility, status public.kb_article_status, title_match boolean)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select a.id, a.title, a.slug, a.summary, a.category_id, a.visibility, a.status,
         app_private.fold_name(a.title) like pattern.p as title_match
  from public.kb_articles a,
       (select '%' || replace(replace(replace(app_private.fold_name(coalesce(p_query, '')), '\', '\\'), '%', '\%'), '_', '\_')
               || '%' as p) pattern
  where a.community_id = p_community_id and trim(coalesce(p_query, '')) <> ''
    and a.search_text like pattern.p
  order by (app_private.fold_name(a.title) like pattern.p) desc, a.pinned desc, a.title, a.id
  limit least(greatest(coalesce(p_limit, 20), 1), 100)
$$;

REVOKE ALL ON FUNCTION public.search_kb_articles(p_community_id uuid, p_query text, p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.search_kb_articles(p_community_id uuid, p_query text, p_limit integer) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.search_kb_articles(p_community_id uuid, p_query text, p_limit integer) TO anon;
GRANT ALL ON FUNCTION public.search_kb_articles(p_community_id uuid, p_query text, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.search_kb_articles(p_community_id uuid, p_query text, p_limit integer) TO service_role;

-- schemas/members/functions.sql

set check_function_bodies = off;

CREATE FUNCTION app_private.after_member_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_changes jsonb;
begin
  select coalesce(jsonb_object_agg(n.key, jsonb_build_array(o.value, n.value)), '{}')
    into v_changes
    from jsonb_each(to_jsonb(new)) n join jsonb_each(to_jsonb(old)) o using (key)
   where n.value is distinct from o.value
     and n.key not in ('cpr_masked', 'updated_at', 'created_at', 'full_name', 'erased_at');
  if v_changes <> '{}' then
    perform app_private.record_member_history(new.community_id, new.id, 'updated', v_changes);
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_member_change() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.after_member_linked() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.user_id is not null then
    insert into public.memberships (community_id, user_id) values (new.community_id, new.user_id)
    on conflict (community_id, user_id) do nothing;
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_member_linked() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.after_member_linked() TO anon;
GRANT ALL ON FUNCTION app_private.after_member_linked() TO authenticated;
GRANT ALL ON FUNCTION app_private.after_member_linked() TO service_role;

CREATE FUNCTION app_private.after_members_created() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.member_history (community_id, member_id, actor_user_id, action)
  select n.community_id, n.id, auth.uid(), 'created' from new_members n;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_members_created() FROM anon, authenticated, service_role;

CREATE FUNCTION public.append_member_import_rows(p_job_id uuid, p_rows jsonb) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  j public.member_import_jobs;
  v_failed int;
  v_skipped int;
  v_count int;
begin
  j := app_private.uploading_import(p_job_id);
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) > 1000 then
    perform app_private.fail('invalid_rows', 'Send the rows as a list of at most 1,000');
  end if;
  create temporary table if not exists pg_temp.import_upload (
    line int, choice text, member_id uuid, fields jsonb, cpr text, problems jsonb
  ) on commit drop;
  delete from pg_temp.import_upload;
  begin
    insert into pg_temp.import_upload
    select (e ->> 'row_no')::int, nullif(e ->> 'action', ''), nullif(e ->> 'member_id', '')::uuid,
           e - array['row_no', 'action', 'member_id', 'cpr', 'problems'],
           nullif(trim(e ->> 'cpr'), ''),
           case when jsonb_typeof(e -> 'problems') = 'array' and jsonb_array_length(e -> 'problems') > 0
                then e -> 'problems' end
      from jsonb_array_elements(p_rows) e;
  exception when others then
    perform app_private.fail('invalid_rows', 'An import row has a value of the wrong kind (a row number, a member)');
  end;
  if exists (select 1 from pg_temp.import_upload u
              where u.line is null or u.line < 1 or jsonb_typeof(u.fields) <> 'object'
                 or (u.problems is null and u.choice is distinct from 'create' and u.choice is distinct from 'merge'
                     and u.choice is distinct from 'skip')) then
    perform app_private.fail('invalid_rows', 'Each import row has a row number and says create, merge or skip');
  end if;
  begin
    insert into public.member_import_rows (job_id, line, choice, member_id, fields, cpr_encrypted, status,
                                           error_code, error_field)
    select p_job_id, u.line, case when u.problems is null then u.choice end, u.member_id, u.fields,
           case when u.problems is null and u.choice <> 'skip' and u.cpr is not null and j.manager
                then extensions.pgp_sym_encrypt(u.cpr, app_private.cpr_key()) end,
           case when u.problems is not null then 'failed'
                when u.choice = 'skip' then 'skipped'
                when u.cpr is not null and not j.manager then 'failed'
                else 'pending' end,
           case when u.problems is not null
                  then (select string_agg(p ->> 'problem', ',' order by o) from jsonb_array_elements(u.problems)
                          with ordinality as x(p, o))
                when u.choice <> 'skip' and u.cpr is not null and not j.manager then 'not_membership_manager' end,
           case when u.problems is not null
                  then (select string_agg(p ->> 'field', ',' order by o) from jsonb_array_elements(u.problems)
                          with ordinality as x(p, o))
                when u.choice <> 'skip' and u.cpr is not null and not j.manager then 'cpr' end
      from pg_temp.import_upload u;
  exception when unique_violation then
    perform app_private.fail('duplicate_line', 'A row of this import was sent twice');
  end;
  select count(*) filter (where r.status = 'failed'), count(*) filter (where r.status = 'skipped'), count(*)
    into v_failed, v_skipped, v_count
    from public.member_import_rows r where r.job_id = p_job_id;
  if v_count > j.total then
    perform app_private.fail('too_many_rows', 'More rows were sent than the import said it has');
  end if;
  update public.member_import_jobs set failed = v_failed, skipped = v_skipped where id = p_job_id;
  return v_count;
end
$$;

REVOKE ALL ON FUNCTION public.append_member_import_rows(p_job_id uuid, p_rows jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.append_member_import_rows(p_job_id uuid, p_rows jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.append_member_import_rows(p_job_id uuid, p_rows jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.append_member_import_rows(p_job_id uuid, p_rows jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.append_member_import_rows(p_job_id uuid, p_rows jsonb) TO service_role;

CREATE FUNCTION app_private.apply_member_import_rows(p_job_id uuid, p_lines integer[]) RETURNS TABLE(line integer, outcome text, member_id uuid, error_code text, error_field text)
    LANGUAGE plpgsql
    AS $$
declare
  j public.member_import_jobs;
  r public.member_import_rows;
  v_result record;
  v_cpr text;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server runs member imports');
  end if;
  select * into j from public.member_import_jobs x where x.id = p_job_id;
  if j.id is null or j.status not in ('queued', 'running') then
    return;
  end if;
  for r in
    select * from public.member_import_rows x
     where x.job_id = p_job_id and x.line = any (p_lines) and x.status = 'pending'
     order by x.line for update
  loop
    v_cpr := null;
    if r.cpr_encrypted is not null then
      begin
        v_cpr := extensions.pgp_sym_decrypt(r.cpr_encrypted, app_private.cpr_key());
      exception when others then
        -- A CPR number that cannot be read (the server's key changed) fails its row, not the batch.
        line := r.line; outcome := 'failed'; member_id := null; error_code := 'invalid_row'; error_field := 'cpr';
        return next;
        continue;
      end;
    end if;
    select * into v_result from app_private.import_member_row(
      j.community_id,
      r.fields || jsonb_build_object('row_no', r.line, 'action', r.choice, 'member_id', r.member_id, 'cpr', v_cpr),
      j.manager);
    line := r.line; outcome := v_result.outcome; member_id := v_result.member_id;
    error_code := v_result.error_code; error_field := v_result.error_field;
    return next;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION app_private.apply_member_import_rows(p_job_id uuid, p_lines integer[]) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.apply_member_import_rows(p_job_id uuid, p_lines integer[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.apply_member_import_rows(p_job_id uuid, p_lines integer[]) FROM PUBLIC;

CREATE FUNCTION app_private.before_member_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- The masked CPR always mirrors member_cpr; nobody writes it directly.
  if tg_op = 'INSERT' then
    -- Bulk loads (trusted, e.g. the demo seed) may bring their own numbers and then move the
    -- counter past them with app_private.bump_counter.
    if new.mid is null or not app_private.is_trusted() then
      new.mid := app_private.next_number(new.community_id, 'member');
    end if;
    new.cpr_masked := null;
    return new;
  end if;
  new.updated_at := now();
  new.cpr_masked := (select c.cpr_masked from public.member_cpr c where c.member_id = new.id);
  if (new.mid <> old.mid or new.community_id <> old.community_id) and not app_private.is_trusted() then
    perform app_private.fail('read_only_field', 'Member ID and community cannot be changed');
  end if;
  -- Only the member changes the e-mail of a member with an account (product.md §6).
  if new.email is distinct from old.email and old.user_id is not null
     and old.user_id is distinct from auth.uid() and not app_private.is_trusted() then
    perform app_private.fail('email_owned_by_member', 'Only the member can change their own e-mail');
  end if;
  -- A member editing their own row may change contact details only.
  if old.user_id = auth.uid() and not app_private.has_area(old.community_id, 'member')
     and (new.user_id is distinct from old.user_id or new.status <> old.status or new.club_id is distinct from old.club_id
          or new.membership_id is distinct from old.membership_id or new.permissions <> old.permissions
          or new.joined_on <> old.joined_on or new.left_on is distinct from old.left_on) then
    perform app_private.fail('read_only_field', 'Members may change only their own contact details');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_member_write() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.before_member_write() TO anon;
GRANT ALL ON FUNCTION app_private.before_member_write() TO authenticated;
GRANT ALL ON FUNCTION app_private.before_member_write() TO service_role;

CREATE FUNCTION app_private.can_manage_members(p_community uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select app_private.is_trusted() or exists (
    select 1 from public.memberships m
    where m.user_id = auth.uid() and m.community_id = p_community
      and ('member' = any (m.areas) or m.role = 'owner' or m.membership_manager))
$$;

REVOKE ALL ON FUNCTION app_private.can_manage_members(p_community uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.can_manage_members(p_community uuid) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.can_manage_members(p_community uuid) TO anon;
GRANT ALL ON FUNCTION app_private.can_manage_members(p_community uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.can_manage_members(p_community uuid) TO service_role;

CREATE FUNCTION app_private.check_member_address() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_city text;
begin
  if new.country <> 'DK' or new.postal_code is null or app_private.is_trusted() then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.postal_code is not distinct from old.postal_code
     and new.city is not distinct from old.city then
    return new;
  end if;
  select p.city into v_city from public.dk_postcodes p where p.code = trim(new.postal_code);
  if v_city is null or (nullif(trim(new.city), '') is not null and lower(trim(new.city)) <> lower(v_city)) then
    perform app_private.fail('invalid_address', 'Please select a valid address');
  end if;
  new.postal_code := trim(new.postal_code);
  new.city := v_city;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_member_address() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.check_member_relation() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.kind = 'guardian' and exists (
       select 1 from public.member_relations r
        where r.kind = 'guardian' and r.member_id = new.related_member_id
          and r.related_member_id = new.member_id) then
    perform app_private.fail('relation_cycle', 'A member cannot be the guardian of their own guardian');
  end if;
  if new.kind = 'family' and exists (
       select 1 from public.member_relations r
        where r.kind = 'family' and r.member_id = new.related_member_id
          and r.related_member_id = new.member_id) then
    perform app_private.fail('relation_exists', 'These members are already linked as family');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_member_relation() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.claim_member_import_batch(p_limit integer) RETURNS TABLE(job_id uuid, community_id uuid, requested_by uuid, lines integer[])
    LANGUAGE plpgsql
    AS $$
declare v_job public.member_import_jobs;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server runs member imports');
  end if;
  for v_job in
    select * from public.member_import_jobs j where j.status in ('queued', 'running') order by j.created_at
  loop
    return query
    with due as (
      select r.line from public.member_import_rows r
       where r.job_id = v_job.id and r.status = 'pending'
         and (r.claimed_at is null or r.claimed_at < now() - interval '5 minutes')
       order by r.line
       limit greatest(p_limit, 1)
       for update skip locked
    ), claimed as (
      update public.member_import_rows r set claimed_at = now()
        from due where r.job_id = v_job.id and r.line = due.line
      returning r.line
    )
    select v_job.id, v_job.community_id, v_job.requested_by, array_agg(c.line order by c.line)
      from claimed c having count(*) > 0;
    if found then
      update public.member_import_jobs j set status = 'running', started_at = coalesce(j.started_at, now())
       where j.id = v_job.id and j.status = 'queued';
      return;
    end if;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION app_private.claim_member_import_batch(p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.claim_member_import_batch(p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.claim_member_import_batch(p_limit integer) FROM PUBLIC;

CREATE FUNCTION app_private.claim_member_mail_batch(p_limit integer) RETURNS TABLE(mailing_id uuid, email text, full_name text, subject text, body text, community_name text)
    LANGUAGE plpgsql
    AS $$
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server sends member mail');
  end if;
  return query
  with due as (
    select r.mailing_id, r.email
    from public.news_mailing_recipients r
    join public.news_mailings m on m.id = r.mailing_id
    where r.status = 'pending' and (r.claimed_at is null or r.claimed_at < now() - interval '5 minutes')
      and m.status <> 'done' and m.post_id is null
    order by m.created_at, r.email
    limit greatest(p_limit, 1)
    for update of r skip locked
  ), claimed as (
    update public.news_mailing_recipients r set claimed_at = now()
    from due where r.mailing_id = due.mailing_id and r.email = due.email
    returning r.mailing_id, r.email, r.full_name
  ), started as (
    update public.news_mailings m set status = 'sending', started_at = coalesce(m.started_at, now())
    where m.id in (select c.mailing_id from claimed c) and m.status = 'queued'
    returning m.id
  )
  select c.mailing_id, c.email, c.full_name, m.subject, m.body, co.name
  from claimed c
  join public.news_mailings m on m.id = c.mailing_id
  join public.communities co on co.id = m.community_id;
end
$$;

REVOKE ALL ON FUNCTION app_private.claim_member_mail_batch(p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.claim_member_mail_batch(p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.claim_member_mail_batch(p_limit integer) FROM PUBLIC;

CREATE FUNCTION app_private.cpr_key() RETURNS text
    LANGUAGE plpgsql STABLE
    AS $$
declare k text := nullif(current_setting('app.cpr_key', true), '');
begin
  if k is null then
    perform app_private.fail('cpr_key_missing', 'The server has no CPR encryption key configured');
  end if;
  return k;
end
$$;

REVOKE ALL ON FUNCTION app_private.cpr_key() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.cpr_key() TO anon;
GRANT ALL ON FUNCTION app_private.cpr_key() TO authenticated;
GRANT ALL ON FUNCTION app_private.cpr_key() TO service_role;

CREATE FUNCTION app_private.directory_name_hits(p_community_id uuid, p_pattern text, p_mid bigint, p_limit integer) RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select array(
    select x.id from public.members x
     where x.community_id = p_community_id and (x.full_name ilike p_pattern or x.mid = p_mid)
       and ((select app_private.is_trusted())
            or p_community_id = any ((select app_private.admin_communities())::uuid[])
            or (x.user_id is not null and x.user_id = (select auth.uid())))
     order by x.last_name, x.first_name, x.id
     limit p_limit)
$$;

REVOKE ALL ON FUNCTION app_private.directory_name_hits(p_community_id uuid, p_pattern text, p_mid bigint, p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.directory_name_hits(p_community_id uuid, p_pattern text, p_mid bigint, p_limit integer) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.directory_name_hits(p_community_id uuid, p_pattern text, p_mid bigint, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION app_private.directory_name_hits(p_community_id uuid, p_pattern text, p_mid bigint, p_limit integer) TO service_role;

CREATE FUNCTION public.erase_member(p_member_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_member public.members;
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null or not app_private.can_manage_members(v_member.community_id) then
    perform app_private.fail('member_not_found', 'No such member in your communities');
  end if;
  if not app_private.can_grant_access(v_member.community_id) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers erase members');
  end if;
  if v_member.status <> 'left' then
    perform app_private.fail('member_not_left', 'Only a member who has left can be erased');
  end if;
  if v_member.erased_at is not null then
    return;
  end if;
  delete from public.member_cpr where member_id = p_member_id;
  delete from public.member_tags where member_id = p_member_id;
  delete from public.member_certificates where member_id = p_member_id;
  delete from public.member_relations where member_id = p_member_id or related_member_id = p_member_id;
  update public.news_comments set author_name = 'Slettet medlem' where member_id = p_member_id;
  -- Unlink the account first: the e-mail of a member with an account is the member's own.
  update public.members set user_id = null where id = p_member_id;
  update public.members set first_name = 'Slettet', last_name = 'medlem', email = null, phone = null,
    gender = null, birth_date = null, street = null, house_number = null, floor = null, door = null,
    postal_code = null, city = null, membership_id = null, roles = '{}', permissions = '{}', consent_note = null,
    erased_at = now()
  where id = p_member_id;
  -- The history keeps what happened and when, not the old values.
  update public.member_history h set
    changes = coalesce((select jsonb_object_agg(k, null) from jsonb_object_keys(h.changes) k), '{}'),
    reason = null
  where h.member_id = p_member_id;
  perform app_private.record_member_history(v_member.community_id, p_member_id, 'erased');
end
$$;

REVOKE ALL ON FUNCTION public.erase_member(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.erase_member(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.erase_member(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.erase_member(p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.erase_member(p_member_id uuid) TO service_role;

CREATE FUNCTION app_private.expire_member_imports() RETURNS integer
    LANGUAGE plpgsql
    AS $$
declare v_deleted int;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server runs member imports');
  end if;
  with stale as (
    update public.member_import_jobs j set status = 'cancelled', finished_at = now()
     where j.status = 'uploading' and j.created_at < now() - interval '1 hour'
    returning j.id
  )
  delete from public.member_import_rows r using stale where r.job_id = stale.id;
  get diagnostics v_deleted = row_count;
  delete from public.member_import_rows r using public.member_import_jobs j
   where r.job_id = j.id and j.status in ('done', 'cancelled') and j.finished_at < now() - interval '30 days';
  return v_deleted;
end
$$;

REVOKE ALL ON FUNCTION app_private.expire_member_imports() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.expire_member_imports() FROM PUBLIC;

CREATE FUNCTION public.export_members(p_community_id uuid) RETURNS TABLE(mid bigint, membership_id text, first_name text, last_name text, email text, phone text, gender public.gender, birth_date date, street text, postal_code text, city text, status public.member_status, joined_on date, left_on date, cpr text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_with_cpr boolean;
begin
  if not app_private.has_area(p_community_id, 'member') then
    perform app_private.fail('not_allowed', 'Exports are for member admins of the community');
  end if;
  v_with_cpr := app_private.is_manager(p_community_id)
                or (coalesce(auth.role(), '') = 'service_role' and nullif(current_setting('app.cpr_key', true), '') is not null);
  if v_with_cpr then
    insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
    select p_community_id, c.member_id, auth.uid(), 'export' from public.member_cpr c where c.community_id = p_community_id;
  end if;
  return query
  select m.mid, m.membership_id, m.first_name, m.last_name, m.email, m.phone, m.gender, m.birth_date, m.street,
         m.postal_code, m.city, m.status, m.joined_on, m.left_on,
         case when v_with_cpr and c.member_id is not null then
           substr(extensions.pgp_sym_decrypt(c.cpr_encrypted, app_private.cpr_key()), 1, 6) || '-' ||
           substr(extensions.pgp_sym_decrypt(c.cpr_encrypted, app_private.cpr_key()), 7, 4)
         else m.cpr_masked end
  from public.members m left join public.member_cpr c on c.member_id = m.id
  where m.community_id = p_community_id
  order by m.mid;
end
$$;

REVOKE ALL ON FUNCTION public.export_members(p_community_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.export_members(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.export_members(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.export_members(p_community_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.export_members(p_community_id uuid) TO service_role;

CREATE FUNCTION public.find_member_by_cpr(p_community_id uuid, p_cpr text) RETURNS SETOF public.members
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_digits text;
begin
  perform app_private.require_manager(p_community_id);
  v_digits := app_private.normalise_cpr(p_cpr);
  insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
  select p_community_id, c.member_id, auth.uid(), 'lookup' from public.member_cpr c
  where c.community_id = p_community_id
    and c.cpr_hash = encode(extensions.hmac(v_digits, app_private.cpr_key(), 'sha256'), 'hex');
  return query select m.* from public.members m join public.member_cpr c on c.member_id = m.id
  where c.community_id = p_community_id
    and c.cpr_hash = encode(extensions.hmac(v_digits, app_private.cpr_key(), 'sha256'), 'hex');
end
$$;

REVOKE ALL ON FUNCTION public.find_member_by_cpr(p_community_id uuid, p_cpr text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.find_member_by_cpr(p_community_id uuid, p_cpr text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.find_member_by_cpr(p_community_id uuid, p_cpr text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.find_member_by_cpr(p_community_id uuid, p_cpr text) TO authenticated;
GRANT ALL ON FUNCTION public.find_member_by_cpr(p_community_id uuid, p_cpr text) TO service_role;

CREATE FUNCTION public.find_member_duplicates(p_community_id uuid, p_rows jsonb) RETURNS TABLE(row_no integer, member_id uuid, mid bigint, full_name text, reason text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_manager boolean;
begin
  perform app_private.require_member_admin(p_community_id);
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) > 1000 then
    perform app_private.fail('invalid_rows', 'Send the rows as a list of at most 1,000');
  end if;
  v_manager := app_private.is_manager(p_community_id) or app_private.is_trusted();
  create temporary table if not exists pg_temp.import_keys (
    row_no int, email text, phone text, cpr_hash text, first_name text, last_name text, birth_date date
  ) on commit drop;
  delete from pg_temp.import_keys;
  begin
    insert into pg_temp.import_keys
    select r.row_no, lower(nullif(trim(r.email), '')), nullif(replace(r.phone, ' ', ''), ''),
           case when v_manager and nullif(trim(r.cpr), '') is not null then
             encode(extensions.hmac(app_private.normalise_cpr(r.cpr), app_private.cpr_key(), 'sha256'), 'hex') end,
           lower(nullif(trim(r.first_name), '')), lower(nullif(trim(r.last_name), '')), r.birth_date
      from jsonb_to_recordset(p_rows) as r(row_no int, email text, phone text, cpr text, first_name text,
                                            last_name text, birth_date date);
  exception when sqlstate 'P0001' then
    raise;
  when others then
    perform app_private.fail('invalid_rows', 'An import row has a value of the wrong kind (a date, a number)');
  end;
  create temporary table if not exists pg_temp.import_matches (
    row_no int, member_id uuid, reason text
  ) on commit drop;
  delete from pg_temp.import_matches;
  insert into pg_temp.import_matches
  select k.row_no, m.id, 'email' from pg_temp.import_keys k
    join public.members m on m.community_id = p_community_id and lower(m.email) = k.email
  union all
  select k.row_no, m.id, 'phone' from pg_temp.import_keys k
    join public.members m on m.community_id = p_community_id and m.phone is not null
                          and replace(m.phone, ' ', '') = k.phone
  union all
  select k.row_no, c.member_id, 'cpr' from pg_temp.import_keys k
    join public.member_cpr c on c.community_id = p_community_id and c.cpr_hash = k.cpr_hash
  union all
  select k.row_no, m.id, 'name_birth_date' from pg_temp.import_keys k
    join public.members m on m.community_id = p_community_id and m.birth_date = k.birth_date
                          and lower(m.first_name) = k.first_name and lower(m.last_name) = k.last_name;
  insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
  select distinct p_community_id, x.member_id, auth.uid(), 'import'::text
    from pg_temp.import_matches x where x.reason = 'cpr';
  return query
  select x.row_no, m.id, m.mid, m.full_name, string_agg(distinct x.reason, ',' order by x.reason)
    from pg_temp.import_matches x join public.members m on m.id = x.member_id
   group by x.row_no, m.id, m.mid, m.full_name
   order by x.row_no, m.mid;
end
$$;

REVOKE ALL ON FUNCTION public.find_member_duplicates(p_community_id uuid, p_rows jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.find_member_duplicates(p_community_id uuid, p_rows jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.find_member_duplicates(p_community_id uuid, p_rows jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.find_member_duplicates(p_community_id uuid, p_rows jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.find_member_duplicates(p_community_id uuid, p_rows jsonb) TO service_role;

CREATE FUNCTION app_private.guard_member_self_service() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  -- Contact details and the person's own facts; everything else is the club's to change.
  allowed constant text[] := array[
    'first_name', 'last_name', 'email', 'phone', 'gender', 'birth_date',
    'street', 'house_number', 'floor', 'door', 'postal_code', 'city', 'country'];
  -- Kept by the server itself (earlier triggers, generated columns).
  managed constant text[] := array['updated_at', 'full_name'];
  changed text[];
begin
  if old.user_id is distinct from auth.uid() or auth.uid() is null or app_private.is_trusted()
     or old.community_id = any (app_private.register_communities()) then
    return new;
  end if;
  select coalesce(array_agg(n.key order by n.key), '{}') into changed
  from jsonb_each(to_jsonb(new)) n
  where not (n.key = any (allowed) or n.key = any (managed))
    and n.value is distinct from (to_jsonb(old) -> n.key);
  if cardinality(changed) > 0 then
    perform app_private.fail('read_only_field',
      format('Members may change only their own contact details, not %s', array_to_string(changed, ', ')));
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.guard_member_self_service() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.has_certificate(p_member uuid, p_kind text, p_on date) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from public.member_certificates c
                 where c.member_id = p_member and c.kind = p_kind and c.status = 'approved'
                   and (c.expires_on is null or c.expires_on >= p_on))
$$;

REVOKE ALL ON FUNCTION app_private.has_certificate(p_member uuid, p_kind text, p_on date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.has_certificate(p_member uuid, p_kind text, p_on date) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.has_certificate(p_member uuid, p_kind text, p_on date) TO anon;
GRANT ALL ON FUNCTION app_private.has_certificate(p_member uuid, p_kind text, p_on date) TO authenticated;
GRANT ALL ON FUNCTION app_private.has_certificate(p_member uuid, p_kind text, p_on date) TO service_role;

CREATE FUNCTION app_private.import_member_row(p_community_id uuid, p_row jsonb, p_manager boolean, OUT outcome text, OUT member_id uuid, OUT error_code text, OUT error_field text) RETURNS record
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  r record;
  v_action text := p_row ->> 'action';
  v_id uuid;
  v_field text;
  v_constraint text;
begin
  begin
    select * into r from jsonb_to_record(p_row) as x(
      row_no int, member_id uuid, first_name text, last_name text, email text, phone text,
      gender text, birth_date text, street text, house_number text, floor text, door text,
      postal_code text, city text, membership_id text, status text, joined_on text, cpr text);
    if v_action = 'skip' then
      outcome := 'skipped'; member_id := r.member_id;
      return;
    end if;
    if nullif(trim(r.cpr), '') is not null and not p_manager then
      v_field := 'cpr';
      perform app_private.fail('not_membership_manager', 'Only membership managers may import CPR numbers');
    end if;
    if v_action = 'merge' then
      update public.members m set
        first_name = coalesce(nullif(trim(r.first_name), ''), m.first_name),
        last_name = coalesce(nullif(trim(r.last_name), ''), m.last_name),
        email = case when m.user_id is null then coalesce(nullif(lower(trim(r.email)), ''), m.email) else m.email end,
        phone = coalesce(nullif(trim(r.phone), ''), m.phone),
        gender = coalesce(nullif(r.gender, '')::public.gender, m.gender),
        birth_date = coalesce(nullif(r.birth_date, '')::date, m.birth_date),
        street = coalesce(nullif(trim(r.street), ''), m.street),
        house_number = coalesce(nullif(trim(r.house_number), ''), m.house_number),
        floor = coalesce(nullif(trim(r.floor), ''), m.floor),
        door = coalesce(nullif(trim(r.door), ''), m.door),
        postal_code = coalesce(nullif(trim(r.postal_code), ''), m.postal_code),
        city = case when nullif(trim(r.postal_code), '') is not null then nullif(trim(r.city), '') else m.city end,
        membership_id = coalesce(nullif(trim(r.membership_id), ''), m.membership_id),
        status = coalesce(nullif(r.status, '')::public.member_status, m.status),
        joined_on = coalesce(nullif(r.joined_on, '')::date, m.joined_on)
      where m.id = r.member_id and m.community_id = p_community_id
      returning m.id into v_id;
      if v_id is null then
        v_field := 'member_id';
        perform app_private.fail('member_not_found', 'The member to merge into is not in this community');
      end if;
      perform app_private.record_member_history(p_community_id, v_id, 'merged', jsonb_build_object('row', r.row_no));
    elsif v_action = 'create' then
      insert into public.members (community_id, first_name, last_name, email, phone, gender, birth_date, street,
                                  house_number, floor, door, postal_code, city, membership_id, status, joined_on)
      values (p_community_id, trim(coalesce(r.first_name, '')), trim(coalesce(r.last_name, '')),
              nullif(lower(trim(r.email)), ''), nullif(trim(r.phone), ''), nullif(r.gender, '')::public.gender,
              nullif(r.birth_date, '')::date, nullif(trim(r.street), ''), nullif(trim(r.house_number), ''),
              nullif(trim(r.floor), ''), nullif(trim(r.door), ''), nullif(trim(r.postal_code), ''),
              nullif(trim(r.city), ''), nullif(trim(r.membership_id), ''),
              coalesce(nullif(r.status, '')::public.member_status, 'active'),
              coalesce(nullif(r.joined_on, '')::date, current_date))
      returning id into v_id;
    else
      v_field := 'action';
      perform app_private.fail('invalid_action', 'Each import row is create, merge or skip');
    end if;
    if nullif(trim(r.cpr), '') is not null then
      v_field := 'cpr';
      perform public.set_member_cpr(v_id, r.cpr, 'consent');
    end if;
    outcome := case when v_action = 'merge' then 'merged' else 'created' end;
    member_id := v_id;
  exception when others then
    get stacked diagnostics v_constraint = constraint_name;
    outcome := 'failed'; member_id := null;
    error_code := case when sqlstate = 'P0001' then sqlerrm
                       when sqlstate = '23505' then 'duplicate'
                       when sqlstate in ('22007', '22008') then 'invalid_date'
                       when sqlstate = '22P02' then 'invalid_value'
                       else 'invalid_row' end;
    error_field := coalesce(v_field,
      case when v_constraint ~ 'email' then 'email' when v_constraint ~ 'phone' then 'phone'
           when v_constraint ~ 'first_name' then 'first_name' when v_constraint ~ 'left_on' then 'joined_on'
           when sqlerrm ~ 'gender' then 'gender' when sqlerrm ~ 'member_status' then 'status'
           when sqlerrm ~ 'invalid_address' then 'postal_code' end);
  end;
end
$$;

REVOKE ALL ON FUNCTION app_private.import_member_row(p_community_id uuid, p_row jsonb, p_manager boolean, OUT outcome text, OUT member_id uuid, OUT error_code text, OUT error_field text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.import_member_row(p_community_id uuid, p_row jsonb, p_manager boolean, OUT outcome text, OUT member_id uuid, OUT error_code text, OUT error_field text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.import_member_row(p_community_id uuid, p_row jsonb, p_manager boolean, OUT outcome text, OUT member_id uuid, OUT error_code text, OUT error_field text) FROM PUBLIC;

CREATE FUNCTION public.import_members(p_community_id uuid, p_rows jsonb) RETURNS TABLE(row_no integer, outcome text, member_id uuid, error_code text, error_field text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  r jsonb;
  v_manager boolean;
  v_result record;
begin
  perform app_private.require_member_admin(p_community_id);
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) > 1000 then
    perform app_private.fail('invalid_rows', 'Send the rows as a list of at most 1,000');
  end if;
  v_manager := app_private.is_manager(p_community_id) or app_private.is_trusted();
  for r in select x.value from jsonb_array_elements(p_rows) x loop
    begin
      row_no := (r ->> 'row_no')::int;
    exception when others then
      perform app_private.fail('invalid_rows', 'Each import row has a row number');
    end;
    select * into v_result from app_private.import_member_row(p_community_id, r, v_manager);
    outcome := v_result.outcome; member_id := v_result.member_id;
    error_code := v_result.error_code; error_field := v_result.error_field;
    return next;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION public.import_members(p_community_id uuid, p_rows jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.import_members(p_community_id uuid, p_rows jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.import_members(p_community_id uuid, p_rows jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.import_members(p_community_id uuid, p_rows jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.import_members(p_community_id uuid, p_rows jsonb) TO service_role;

CREATE FUNCTION app_private.joining_member(p_group_id uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  g public.groups;
  v_member uuid;
begin
  select * into g from public.groups where id = p_group_id for update;
  if g.id is null then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  v_member := app_private.my_member_id(g.community_id);
  if v_member is null then
    perform app_private.fail('not_a_member', 'Only members of the community can join its groups');
  end if;
  if g.archived then
    perform app_private.fail('group_archived', 'The group is archived');
  end if;
  if exists (select 1 from public.group_members where group_id = g.id and member_id = v_member and left_at is null) then
    perform app_private.fail('already_in_group', 'You are already in this group');
  end if;
  return v_member;
end
$$;

REVOKE ALL ON FUNCTION app_private.joining_member(p_group_id uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION public.lookup_members(p_community_id uuid, p_query text, p_limit integer DEFAULT 20) RETURNS SETOF public.members
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_text text := trim(coalesce(p_query, ''));
  v_pattern text;
  v_mid bigint;
  v_phone text;
  v_admin boolean;
  v_me uuid := auth.uid();
  v_limit int := least(greatest(coalesce(p_limit, 20), 1), 100);
begin
  if v_text = '' then
    return;
  end if;
  v_pattern := '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_mid := case when v_text ~ '^[0-9]{1,18}$' then v_text::bigint end;
  v_phone := replace(v_text, ' ', '');
  v_admin := p_community_id = any (app_private.register_communities()) or app_private.is_trusted();
  return query
  select m.* from public.members m
  where (v_admin or (m.user_id is not null and m.user_id = v_me))
    and m.id in (
    (select x.id from public.members x
      where x.community_id = p_community_id and x.full_name ilike v_pattern
        and (v_admin or (x.user_id is not null and x.user_id = v_me))
      order by x.last_name, x.first_name, x.id
      limit v_limit)
    union all
    select x.id from public.members x where x.community_id = p_community_id and lower(x.email) = lower(v_text)
    union all
    select x.id from public.members x where x.community_id = p_community_id and x.mid = v_mid
    union all
    select x.id from public.members x
    where x.community_id = p_community_id and x.phone is not null and replace(x.phone, ' ', '') = v_phone
    union all
    select x.id from public.members x
    where x.community_id = p_community_id and x.membership_id is not null and x.membership_id = v_text)
  order by m.last_name, m.first_name, m.id
  limit v_limit;
end
$_$;

REVOKE ALL ON FUNCTION public.lookup_members(p_community_id uuid, p_query text, p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.lookup_members(p_community_id uuid, p_query text, p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.lookup_members(p_community_id uuid, p_query text, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.lookup_members(p_community_id uuid, p_query text, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.lookup_members(p_community_id uuid, p_query text, p_limit integer) TO service_role;

CREATE FUNCTION app_private.may_read_member_document(p_name text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select app_private.community_of_path(p_name) = any (app_private.area_communities('member'))
      or split_part(p_name, '/', 2) = any ((app_private.my_member_ids())::text[])
$$;

REVOKE ALL ON FUNCTION app_private.may_read_member_document(p_name text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.may_read_member_document(p_name text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.may_read_member_document(p_name text) TO anon;
GRANT ALL ON FUNCTION app_private.may_read_member_document(p_name text) TO authenticated;
GRANT ALL ON FUNCTION app_private.may_read_member_document(p_name text) TO service_role;

CREATE FUNCTION app_private.may_write_member_document(p_name text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  select app_private.community_of_path(p_name) = any (app_private.area_communities('member'))
     and split_part(p_name, '/', 2) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and exists (select 1 from public.members m
                  where m.id = split_part(p_name, '/', 2)::uuid
                    and m.community_id = app_private.community_of_path(p_name))
     and lower(storage.extension(p_name)) in ('pdf', 'png', 'jpg', 'jpeg')
$_$;

REVOKE ALL ON FUNCTION app_private.may_write_member_document(p_name text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.may_write_member_document(p_name text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.may_write_member_document(p_name text) TO anon;
GRANT ALL ON FUNCTION app_private.may_write_member_document(p_name text) TO authenticated;
GRANT ALL ON FUNCTION app_private.may_write_member_document(p_name text) TO service_role;

CREATE FUNCTION public.member_history_entries(p_member_id uuid) RETURNS TABLE(id bigint, at timestamp with time zone, action text, changes jsonb, reason text, actor_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_community uuid;
begin
  select m.community_id into v_community from public.members m where m.id = p_member_id;
  if v_community is null or not app_private.can_manage_members(v_community) then
    perform app_private.fail('member_not_found', 'No such member in your communities');
  end if;
  return query
  select h.id, h.at, h.action, h.changes, h.reason,
         coalesce((select a.full_name from public.members a
                    where a.community_id = v_community and a.user_id = h.actor_user_id limit 1),
                  (select nullif(u.raw_user_meta_data ->> 'full_name', '') from auth.users u where u.id = h.actor_user_id),
                  (select u.email from auth.users u where u.id = h.actor_user_id))
    from public.member_history h
   where h.member_id = p_member_id
   order by h.id desc
   limit 100;
end
$$;

REVOKE ALL ON FUNCTION public.member_history_entries(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.member_history_entries(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.member_history_entries(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.member_history_entries(p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.member_history_entries(p_member_id uuid) TO service_role;

CREATE FUNCTION public.member_invite_target(p_member_id uuid) RETURNS TABLE(email text, full_name text, community_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_member public.members;
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null or not app_private.can_manage_members(v_member.community_id) then
    perform app_private.fail('member_not_found', 'No such member in your communities');
  end if;
  if v_member.user_id is not null then
    perform app_private.fail('member_has_account', 'The member already signs in');
  end if;
  if v_member.email is null then
    perform app_private.fail('member_has_no_email', 'The member has no e-mail address');
  end if;
  return query select v_member.email, v_member.full_name, c.name
    from public.communities c where c.id = v_member.community_id;
end
$$;

REVOKE ALL ON FUNCTION public.member_invite_target(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.member_invite_target(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.member_invite_target(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.member_invite_target(p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.member_invite_target(p_member_id uuid) TO service_role;

CREATE FUNCTION app_private.member_label(p_member uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select m.full_name || ' (#' || m.mid || ')' from public.members m where m.id = p_member), '')
$$;

REVOKE ALL ON FUNCTION app_private.member_label(p_member uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.member_name(p_member_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select m.full_name from public.members m where m.id = p_member_id
$$;

REVOKE ALL ON FUNCTION app_private.member_name(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.member_name(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.member_name(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION app_private.member_name(p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.member_name(p_member_id uuid) TO service_role;

CREATE FUNCTION public.member_overview(p_member_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_member public.members;
  v_accounts uuid[];
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null or not app_private.can_manage_members(v_member.community_id) then
    perform app_private.fail('member_not_found', 'No such member in your communities');
  end if;
  select coalesce(array_agg(a.id), '{}') into v_accounts from public.billing_accounts a where a.member_id = p_member_id;
  return jsonb_build_object(
    'member', (to_jsonb(v_member) - 'cpr_masked' - 'permissions')
      || jsonb_build_object('cpr_masked',
           case when app_private.is_manager(v_member.community_id) or app_private.is_trusted()
                then v_member.cpr_masked end,
           'age', extract(year from age(current_date, v_member.birth_date))::int),
    'can_see_cpr', app_private.is_manager(v_member.community_id) or app_private.is_trusted(),
    'can_grant_access', app_private.can_grant_access(v_member.community_id),
    'access', (select jsonb_build_object('role', ms.role, 'areas', to_jsonb(ms.areas::text[]),
                                         'membership_manager', ms.membership_manager)
                 from public.memberships ms
                where ms.community_id = v_member.community_id and ms.user_id = v_member.user_id),
    'tags', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name)
                        from public.member_tags mt join public.tags t on t.id = mt.tag_id
                       where mt.member_id = p_member_id), '[]'),
    'groups', coalesce((select jsonb_agg(jsonb_build_object('id', g.id, 'title', g.title, 'role', gm.role,
                                  'joined_at', gm.joined_at, 'left_at', gm.left_at, 'payment_status', gm.payment_status)
                                  order by gm.left_at nulls first, g.title)
                          from public.group_members gm join public.groups g on g.id = gm.group_id
                         where gm.member_id = p_member_id), '[]'),
    'certificates', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'kind', c.kind, 'status', c.status,
                                  'issued_on', c.issued_on, 'expires_on', c.expires_on) order by c.expires_on nulls last)
                                from public.member_certificates c where c.member_id = p_member_id), '[]'),
    'relations', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'kind', r.kind,
                                  'direction', case when r.member_id = p_member_id then 'to' else 'from' end,
                                  'member_id', o.id, 'full_name', o.full_name, 'mid', o.mid) order by o.full_name)
                             from public.member_relations r
                             join public.members o on o.id = case when r.member_id = p_member_id
                                                                  then r.related_member_id else r.member_id end
                            where r.member_id = p_member_id or r.related_member_id = p_member_id), '[]'),
    'tickets', coalesce((select jsonb_agg(jsonb_build_object('id', tp.id, 'event_id', e.id, 'event_title', e.title,
                                  'starts_at', e.starts_at, 'ticket', t.name, 'status', tp.status,
                                  'purchased_at', tp.purchased_at) order by e.starts_at desc)
                           from (select * from public.ticket_purchases x where x.member_id = p_member_id
                                 order by x.purchased_at desc limit 50) tp
                           join public.tickets t on t.id = tp.ticket_id
                           join public.events e on e.id = tp.event_id), '[]'),
    'volunteering', coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'job_title', j.title,
                                  'event_id', e.id, 'event_title', e.title, 'starts_at', e.starts_at,
                                  'status', s.status, 'hours', round(extract(epoch from
                                    (coalesce(s.checked_out_at, s.checked_in_at) - s.checked_in_at)) / 3600.0, 1))
                                  order by e.starts_at desc)
                                from (select * from public.volunteer_signups x where x.member_id = p_member_id
                                      order by x.created_at desc limit 50) s
                                join public.volunteer_jobs j on j.id = s.job_id
                                join public.events e on e.id = j.event_id), '[]'),
    'bookings', coalesce((select jsonb_agg(jsonb_build_object('id', b.id, 'product', p.name, 'starts_at', b.starts_at,
                                  'ends_at', b.ends_at, 'status', b.status) order by b.starts_at desc)
                            from (select * from public.bookings x where x.member_id = p_member_id
                                  order by x.starts_at desc limit 50) b
                            join public.booking_products p on p.id = b.product_id), '[]'),
    'orders', coalesce((select jsonb_agg(jsonb_build_object('id', o.id, 'product_name', o.product_name,
                                  'status', o.status, 'amount_ore', o.amount_ore, 'created_at', o.created_at)
                                  order by o.created_at desc)
                          from (select * from public.orders x where x.member_id = p_member_id
                                order by x.created_at desc limit 50) o), '[]'),
    'invoices', coalesce((select jsonb_agg(jsonb_build_object('id', i.id, 'number', i.number, 'kind', i.kind, 'status', i.status,
                                  'issued_on', i.issued_on, 'due_on', i.due_on, 'total_ore', i.total_ore,
                                  'paid_ore', i.paid_ore,
                                  'overdue', i.kind = 'invoice' and i.status = 'issued' and i.due_on < current_date
                                             and i.paid_ore < i.total_ore)
                                  order by i.created_at desc)
                            from (select * from public.invoices x where x.account_id = any (v_accounts)
                                  order by x.created_at desc limit 50) i), '[]'),
    'balance_ore', coalesce((select sum(i.total_ore - i.paid_ore) from public.invoices i
                              where i.account_id = any (v_accounts) and i.kind = 'invoice' and i.status = 'issued'), 0));
end
$$;

REVOKE ALL ON FUNCTION public.member_overview(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.member_overview(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.member_overview(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.member_overview(p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.member_overview(p_member_id uuid) TO service_role;

CREATE FUNCTION public.member_personal_data(p_member_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_member public.members;
  v_result jsonb;
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null or not app_private.can_manage_members(v_member.community_id) then
    perform app_private.fail('member_not_found', 'No such member in your communities');
  end if;
  perform app_private.record_member_history(v_member.community_id, p_member_id, 'exported');
  select jsonb_build_object(
    'exported_at', now(),
    'member', to_jsonb(v_member),
    'cpr', (select jsonb_build_object('masked', c.cpr_masked, 'legal_basis', c.legal_basis, 'recorded_at', c.recorded_at)
              from public.member_cpr c where c.member_id = p_member_id),
    'tags', coalesce((select jsonb_agg(t.name order by t.name) from public.member_tags mt
                        join public.tags t on t.id = mt.tag_id where mt.member_id = p_member_id), '[]'),
    'groups', coalesce((select jsonb_agg(to_jsonb(gm) - 'community_id' || jsonb_build_object('group', g.title))
                          from public.group_members gm join public.groups g on g.id = gm.group_id
                         where gm.member_id = p_member_id), '[]'),
    'certificates', coalesce((select jsonb_agg(to_jsonb(c) - 'community_id') from public.member_certificates c
                               where c.member_id = p_member_id), '[]'),
    'relations', coalesce((select jsonb_agg(to_jsonb(r) - 'community_id') from public.member_relations r
                            where r.member_id = p_member_id or r.related_member_id = p_member_id), '[]'),
    'tickets', coalesce((select jsonb_agg(to_jsonb(x) - 'community_id') from public.ticket_purchases x
                          where x.member_id = p_member_id), '[]'),
    'volunteering', coalesce((select jsonb_agg(to_jsonb(x) - 'community_id') from public.volunteer_signups x
                               where x.member_id = p_member_id), '[]'),
    'bookings', coalesce((select jsonb_agg(to_jsonb(x) - 'community_id') from public.bookings x
                           where x.member_id = p_member_id), '[]'),
    'orders', coalesce((select jsonb_agg(to_jsonb(x) - 'community_id') from public.orders x
                         where x.member_id = p_member_id), '[]'),
    'comments', coalesce((select jsonb_agg(to_jsonb(x) - 'community_id') from public.news_comments x
                           where x.member_id = p_member_id), '[]'),
    'billing_accounts', coalesce((select jsonb_agg(to_jsonb(a) - 'community_id') from public.billing_accounts a
                                   where a.member_id = p_member_id), '[]'),
    'invoices', coalesce((select jsonb_agg(to_jsonb(i) - 'community_id') from public.invoices i
                           join public.billing_accounts a on a.id = i.account_id where a.member_id = p_member_id), '[]'),
    'history', coalesce((select jsonb_agg(jsonb_build_object('at', h.at, 'action', h.action, 'changes', h.changes,
                                  'reason', h.reason) order by h.id)
                          from public.member_history h where h.member_id = p_member_id), '[]'))
    into v_result;
  return v_result;
end
$$;

REVOKE ALL ON FUNCTION public.member_personal_data(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.member_personal_data(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.member_personal_data(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.member_personal_data(p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.member_personal_data(p_member_id uuid) TO service_role;

CREATE FUNCTION public.member_register(p_community_id uuid, p_filters jsonb DEFAULT '{}'::jsonb, p_sort text DEFAULT 'name'::text, p_ascending boolean DEFAULT true, p_limit integer DEFAULT 50, p_offset integer DEFAULT 0, p_count boolean DEFAULT true) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  f jsonb := coalesce(p_filters, '{}');
  v_text text := trim(coalesce(f ->> 'search', ''));
  v_pattern text;
  v_mid bigint;
  v_phone text;
  v_statuses public.member_status[];
  v_genders public.gender[];
  v_tags uuid[];
  v_groups uuid[];
  v_birth_from date;
  v_birth_to date;
  v_joined_from date;
  v_joined_to date;
  v_where text := 'm.community_id = $1';
  v_dir text := case when coalesce(p_ascending, true) then 'asc' else 'desc' end;
  v_order text;
  v_limit int := least(greatest(coalesce(p_limit, 50), 1), 200);
  v_offset int := greatest(coalesce(p_offset, 0), 0);
  v_total bigint;
  v_estimated boolean := false;
  v_plan jsonb;
  v_guess bigint;
  v_source text := 'select m.* from public.members m where true';
  v_rows jsonb;
begin
  perform app_private.require_member_admin(p_community_id);
  begin
    v_statuses := array(select jsonb_array_elements_text(coalesce(f -> 'statuses', '[]')))::public.member_status[];
    v_genders := array(select jsonb_array_elements_text(coalesce(f -> 'genders', '[]')))::public.gender[];
    v_tags := array(select jsonb_array_elements_text(coalesce(f -> 'tags', '[]')))::uuid[];
    v_groups := array(select jsonb_array_elements_text(coalesce(f -> 'groups', '[]')))::uuid[];
    v_joined_from := (f ->> 'joined_from')::date;
    v_joined_to := (f ->> 'joined_to')::date;
    -- Born on or before today minus age_min years; after today minus (age_max + 1) years.
    v_birth_to := (current_date - make_interval(years => (f ->> 'age_min')::int))::date;
    v_birth_from := (current_date - make_interval(years => (f ->> 'age_max')::int + 1))::date + 1;
  exception when others then
    perform app_private.fail('invalid_filter', 'A filter of the member register has a value it cannot use');
  end;
  if p_sort is not null and p_sort not in ('name', 'mid', 'joined_on', 'age', 'status', 'email') then
    perform app_private.fail('invalid_sort', 'The member register sorts by name, mid, joined_on, age, status or email');
  end if;

  if v_text <> '' then
    v_pattern := '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    v_mid := case when v_text ~ '^[0-9]{1,18}$' then v_text::bigint end;
    v_phone := replace(v_text, ' ', '');
    v_where := v_where || ' and (m.full_name ilike $2 or lower(m.email) = lower($3) or m.mid = $4'
      || ' or replace(m.phone, '' '', '''') = $5 or m.membership_id = $3)';
  end if;
  if cardinality(v_statuses) > 0 then v_where := v_where || ' and m.status = any ($6)'; end if;
  if cardinality(v_genders) > 0 then v_where := v_where || ' and m.gender = any ($7)'; end if;
  if cardinality(v_tags) > 0 then
    v_where := v_where || ' and exists (select 1 from public.member_tags t where t.member_id = m.id and t.tag_id = any ($8))';
  end if;
  if cardinality(v_groups) > 0 then
    v_where := v_where || ' and exists (select 1 from public.group_members g where g.member_id = m.id'
      || ' and g.group_id = any ($9) and g.left_at is null)';
  end if;
  if v_birth_from is not null then v_where := v_where || ' and m.birth_date >= $10'; end if;
  if v_birth_to is not null then v_where := v_where || ' and m.birth_date <= $11'; end if;
  if v_joined_from is not null then v_where := v_where || ' and m.joined_on >= $12'; end if;
  if v_joined_to is not null then v_where := v_where || ' and m.joined_on <= $13'; end if;
  if f ? 'arrears' and jsonb_typeof(f -> 'arrears') = 'boolean' then
    v_where := v_where || case when (f ->> 'arrears')::boolean then ' and ' else ' and not ' end
      || 'exists (select 1 from public.member_arrears x where x.member_id = m.id and x.since < current_date)';
  end if;

  v_order := case coalesce(p_sort, 'name')
    when 'name' then format('m.last_name %1$s, m.first_name %1$s, m.id %1$s', v_dir)
    when 'mid' then format('m.mid %s', v_dir)
    when 'joined_on' then format('m.joined_on %1$s, m.id %1$s', v_dir)
    -- Youngest first when ascending by age: the latest birth date.
    when 'age' then format('m.birth_date %s nulls last, m.id', case v_dir when 'asc' then 'desc' else 'asc' end)
    when 'status' then format('m.status %1$s, m.last_name %1$s, m.first_name %1$s, m.id %1$s', v_dir)
    else format('lower(m.email) %1$s nulls last, m.id %1$s', v_dir) end;

  -- The planner first: above 10,000 expected matches its estimate is the total (the app says
  -- "about"); otherwise an exact count up to 10,000, and the estimate above that.
  if coalesce(p_count, true) or v_text <> '' then
    execute 'explain (format json) select 1 from public.members m where ' || v_where
    into v_plan
    using p_community_id, v_pattern, v_text, v_mid, v_phone, v_statuses, v_genders, v_tags, v_groups,
          v_birth_from, v_birth_to, v_joined_from, v_joined_to;
    v_guess := (v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric::bigint;
  end if;
  if coalesce(p_count, true) then
    if v_guess > 10000 then
      v_total := v_guess;
      v_estimated := true;
    else
      execute 'select count(*) from (select 1 from public.members m where ' || v_where || ' limit 10001) s'
      into v_total
      using p_community_id, v_pattern, v_text, v_mid, v_phone, v_statuses, v_genders, v_tags, v_groups,
            v_birth_from, v_birth_to, v_joined_from, v_joined_to;
      if v_total > 10000 then
        v_total := greatest(10001, v_guess);
        v_estimated := true;
      end if;
    end if;
  end if;
  -- A search for a rare term collects its matches through the indexes first and sorts those
  -- (walking the name index and testing every member against it would read the whole
  -- register). A common term sorted by name walks the name index instead, as lookup_members
  -- does: its first page is found after a few hundred members, where collecting would read
  -- every match.
  if v_text <> '' and not (coalesce(p_sort, 'name') = 'name' and coalesce(v_total, v_guess) > 2000) then
    v_source := 'with hits as materialized (select m.* from public.members m where ' || v_where
      || ') select m.* from hits m where true';
    v_where := 'true';
  end if;

  execute format($q$
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', p.id, 'mid', p.mid, 'membership_id', p.membership_id, 'first_name', p.first_name,
      'last_name', p.last_name, 'full_name', p.full_name, 'email', p.email, 'phone', p.phone,
      'gender', p.gender, 'birth_date', p.birth_date, 'status', p.status, 'joined_on', p.joined_on,
      'left_on', p.left_on, 'city', p.city, 'has_account', p.user_id is not null,
      'tags', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name)
                        from public.member_tags mt join public.tags t on t.id = mt.tag_id
                        where mt.member_id = p.id), '[]'),
      'in_arrears', exists (select 1 from public.member_arrears x
                            where x.member_id = p.id and x.since < current_date)) order by p.ord), '[]')
    from (select m.*, row_number() over (order by %1$s) as ord from (
            %5$s and %2$s order by %1$s limit %3$s offset %4$s) m) p
  $q$, v_order, v_where, v_limit, v_offset, v_source)
    into v_rows
    using p_community_id, v_pattern, v_text, v_mid, v_phone, v_statuses, v_genders, v_tags, v_groups,
          v_birth_from, v_birth_to, v_joined_from, v_joined_to;

  return jsonb_build_object('total', v_total, 'estimated', v_estimated, 'rows', v_rows);
end
$_$;

REVOKE ALL ON FUNCTION public.member_register(p_community_id uuid, p_filters jsonb, p_sort text, p_ascending boolean, p_limit integer, p_offset integer, p_count boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.member_register(p_community_id uuid, p_filters jsonb, p_sort text, p_ascending boolean, p_limit integer, p_offset integer, p_count boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.member_register(p_community_id uuid, p_filters jsonb, p_sort text, p_ascending boolean, p_limit integer, p_offset integer, p_count boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.member_register(p_community_id uuid, p_filters jsonb, p_sort text, p_ascending boolean, p_limit integer, p_offset integer, p_count boolean) TO authenticated;
GRANT ALL ON FUNCTION public.member_register(p_community_id uuid, p_filters jsonb, p_sort text, p_ascending boolean, p_limit integer, p_offset integer, p_count boolean) TO service_role;

CREATE FUNCTION app_private.my_member_id(p_community uuid) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select m.id from public.members m
  where m.community_id = p_community and m.user_id = auth.uid() and m.status <> 'left'
$$;

REVOKE ALL ON FUNCTION app_private.my_member_id(p_community uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.my_member_id(p_community uuid) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.my_member_id(p_community uuid) TO anon;
GRANT ALL ON FUNCTION app_private.my_member_id(p_community uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.my_member_id(p_community uuid) TO service_role;

CREATE FUNCTION app_private.my_member_ids() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(m.id), '{}') from public.members m where m.user_id = auth.uid()
$$;

REVOKE ALL ON FUNCTION app_private.my_member_ids() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.my_member_ids() TO anon;
GRANT ALL ON FUNCTION app_private.my_member_ids() TO authenticated;
GRANT ALL ON FUNCTION app_private.my_member_ids() TO service_role;

CREATE FUNCTION app_private.normalise_cpr(p_cpr text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    AS $_$
declare
  digits text := regexp_replace(coalesce(p_cpr, ''), '[\s-]', '', 'g');
  d int; m int; y int; c int;
begin
  if digits !~ '^[0-9]{10}$' then
    perform app_private.fail('invalid_cpr', 'A CPR number has ten digits, DDMMYY-XXXX');
  end if;
  d := substr(digits, 1, 2)::int; m := substr(digits, 3, 2)::int; y := substr(digits, 5, 2)::int;
  c := substr(digits, 7, 1)::int;
  y := y + case when c <= 3 then 1900 when c in (4, 9) then case when y <= 36 then 2000 else 1900 end
                when y <= 57 then 2000 else 1800 end;
  begin
    perform make_date(y, m, d);
  exception when others then
    perform app_private.fail('invalid_cpr', 'The first six digits of a CPR number are a date, DDMMYY');
  end;
  return digits;
end
$_$;

REVOKE ALL ON FUNCTION app_private.normalise_cpr(p_cpr text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.normalise_cpr(p_cpr text) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.normalise_cpr(p_cpr text) TO anon;
GRANT ALL ON FUNCTION app_private.normalise_cpr(p_cpr text) TO authenticated;
GRANT ALL ON FUNCTION app_private.normalise_cpr(p_cpr text) TO service_role;

CREATE FUNCTION public.queue_member_import(p_job_id uuid) RETURNS public.member_import_jobs
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare j public.member_import_jobs;
begin
  j := app_private.uploading_import(p_job_id);
  if (select count(*) from public.member_import_rows r where r.job_id = p_job_id) <> j.total then
    perform app_private.fail('import_incomplete', 'Not every row of the import has been uploaded');
  end if;
  if exists (select 1 from public.member_import_rows r where r.job_id = p_job_id and r.status = 'pending') then
    begin
      update public.member_import_jobs set status = 'queued' where id = p_job_id returning * into j;
    exception when unique_violation then
      perform app_private.fail('import_in_progress', 'Another import of this community is still running');
    end;
  else
    update public.member_import_jobs set status = 'done', finished_at = now() where id = p_job_id returning * into j;
  end if;
  return j;
end
$$;

REVOKE ALL ON FUNCTION public.queue_member_import(p_job_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.queue_member_import(p_job_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.queue_member_import(p_job_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.queue_member_import(p_job_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.queue_member_import(p_job_id uuid) TO service_role;

CREATE FUNCTION app_private.record_member_history(p_community uuid, p_member uuid, p_action text, p_changes jsonb DEFAULT '{}'::jsonb, p_reason text DEFAULT NULL::text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.member_history (community_id, member_id, actor_user_id, action, changes, reason)
  values (p_community, p_member, auth.uid(), p_action, coalesce(p_changes, '{}'), p_reason)
$$;

REVOKE ALL ON FUNCTION app_private.record_member_history(p_community uuid, p_member uuid, p_action text, p_changes jsonb, p_reason text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.record_member_history(p_community uuid, p_member uuid, p_action text, p_changes jsonb, p_reason text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.record_member_history(p_community uuid, p_member uuid, p_action text, p_changes jsonb, p_reason text) FROM PUBLIC;

CREATE FUNCTION app_private.record_member_import_rows(p_job_id uuid, p_outcomes jsonb) RETURNS integer
    LANGUAGE plpgsql
    AS $$
declare v_recorded int;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server runs member imports');
  end if;
  with o as (
    select * from jsonb_to_recordset(coalesce(p_outcomes, '[]')) as x(
      line int, outcome text, member_id uuid, error_code text, error_field text)
  ), done as (
    update public.member_import_rows r
       set status = o.outcome, member_id = coalesce(o.member_id, r.member_id), error_code = o.error_code,
           error_field = o.error_field, cpr_encrypted = null, claimed_at = null
      from o
     where r.job_id = p_job_id and r.line = o.line and r.status = 'pending'
    returning r.status
  ), counts as (
    select count(*) filter (where d.status = 'created') as created,
           count(*) filter (where d.status = 'merged') as merged,
           count(*) filter (where d.status = 'skipped') as skipped,
           count(*) filter (where d.status = 'failed') as failed,
           count(*) as recorded
      from done d
  )
  update public.member_import_jobs j
     set created = j.created + c.created, merged = j.merged + c.merged,
         skipped = j.skipped + c.skipped, failed = j.failed + c.failed
    from counts c where j.id = p_job_id
  returning c.recorded into v_recorded;
  if not exists (select 1 from public.member_import_rows r where r.job_id = p_job_id and r.status = 'pending') then
    update public.member_import_jobs j set status = 'done', finished_at = now()
     where j.id = p_job_id and j.status in ('queued', 'running');
  end if;
  return coalesce(v_recorded, 0);
end
$$;

REVOKE ALL ON FUNCTION app_private.record_member_import_rows(p_job_id uuid, p_outcomes jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.record_member_import_rows(p_job_id uuid, p_outcomes jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.record_member_import_rows(p_job_id uuid, p_outcomes jsonb) FROM PUBLIC;

CREATE FUNCTION app_private.refresh_member_arrears(p_members uuid[]) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with due as (
    select a.member_id, min(a.community_id::text)::uuid as community_id, min(i.due_on) as since
      from public.billing_accounts a
      join public.invoices i on i.account_id = a.id
     where a.member_id = any (p_members) and i.kind = 'invoice' and i.status = 'issued'
       and i.due_on is not null and i.paid_ore < i.total_ore
     group by a.member_id),
  gone as (
    delete from public.member_arrears x
     where x.member_id = any (p_members) and not exists (select 1 from due where due.member_id = x.member_id))
  insert into public.member_arrears (member_id, community_id, since)
  select member_id, community_id, since from due
  on conflict (member_id) do update set since = excluded.since
    where public.member_arrears.since is distinct from excluded.since
$$;

REVOKE ALL ON FUNCTION app_private.refresh_member_arrears(p_members uuid[]) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.refresh_member_arrears(p_members uuid[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.refresh_member_arrears(p_members uuid[]) FROM PUBLIC;

CREATE FUNCTION app_private.require_member_admin(p_community uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if p_community is null or not app_private.can_manage_members(p_community) then
    perform app_private.fail('not_allowed', 'Only member admins of the community may do this');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.require_member_admin(p_community uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.require_member_admin(p_community uuid) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.require_member_admin(p_community uuid) TO anon;
GRANT ALL ON FUNCTION app_private.require_member_admin(p_community uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.require_member_admin(p_community uuid) TO service_role;

CREATE FUNCTION app_private.require_member_in(p_member uuid, p_community uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not exists (select 1 from public.members m
                 where m.id = p_member and m.community_id = p_community and m.status <> 'left') then
    perform app_private.fail('member_not_found', 'No such member in this community');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.require_member_in(p_member uuid, p_community uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION public.reveal_member_cpr(p_member_id uuid, p_reason text DEFAULT NULL::text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_row public.member_cpr;
  v_community uuid;
  v_reason text := nullif(trim(coalesce(p_reason, '')), '');
  v_digits text;
begin
  select community_id into v_community from public.members where id = p_member_id;
  if v_community is null then
    perform app_private.fail('member_not_found', 'No such member');
  end if;
  perform app_private.require_manager(v_community);
  if v_reason is null then
    perform app_private.fail('reason_required', 'Say why you need to see the CPR number');
  end if;
  select * into v_row from public.member_cpr where member_id = p_member_id;
  if v_row.member_id is null then
    return null;
  end if;
  insert into public.cpr_audit (community_id, member_id, viewer_user_id, action, reason)
  values (v_community, p_member_id, auth.uid(), 'reveal', left(v_reason, 500));
  perform app_private.record_member_history(v_community, p_member_id, 'cpr_revealed', '{}', left(v_reason, 500));
  v_digits := extensions.pgp_sym_decrypt(v_row.cpr_encrypted, app_private.cpr_key());
  return substr(v_digits, 1, 6) || '-' || substr(v_digits, 7, 4);
end
$$;

REVOKE ALL ON FUNCTION public.reveal_member_cpr(p_member_id uuid, p_reason text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.reveal_member_cpr(p_member_id uuid, p_reason text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.reveal_member_cpr(p_member_id uuid, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.reveal_member_cpr(p_member_id uuid, p_reason text) TO authenticated;
GRANT ALL ON FUNCTION public.reveal_member_cpr(p_member_id uuid, p_reason text) TO service_role;

CREATE FUNCTION public.send_member_mail(p_community_id uuid, p_member_ids uuid[], p_subject text, p_body text) RETURNS public.news_mailings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_subject text := trim(coalesce(p_subject, ''));
  v_body text := trim(coalesce(p_body, ''));
  m public.news_mailings;
begin
  perform app_private.require_member_admin(p_community_id);
  if coalesce(cardinality(p_member_ids), 0) = 0 then
    perform app_private.fail('no_recipients', 'Choose the members to write to');
  end if;
  if cardinality(p_member_ids) > 10000 then
    perform app_private.fail('too_many_recipients', 'Write to at most 10,000 members at a time');
  end if;
  if v_subject = '' or length(v_subject) > 200 then
    perform app_private.fail('invalid_subject', 'The subject is 1 to 200 characters');
  end if;
  if v_body = '' or length(v_body) > 20000 then
    perform app_private.fail('invalid_body', 'The message is 1 to 20,000 characters');
  end if;
  insert into public.news_mailings (community_id, post_id, requested_by, subject, body)
  values (p_community_id, null, auth.uid(), v_subject, v_body) returning * into m;
  insert into public.news_mailing_recipients (mailing_id, email, member_id, full_name)
  select distinct on (lower(x.email)) m.id, lower(x.email), x.id, x.full_name
  from public.members x
  where x.community_id = p_community_id and x.id = any (p_member_ids) and x.email is not null
  order by lower(x.email), x.created_at;
  update public.news_mailings
     set total = (select count(*) from public.news_mailing_recipients r where r.mailing_id = m.id)
   where id = m.id
  returning * into m;
  if m.total = 0 then
    perform app_private.fail('no_recipients', 'None of the chosen members has an e-mail address');
  end if;
  return m;
end
$$;

REVOKE ALL ON FUNCTION public.send_member_mail(p_community_id uuid, p_member_ids uuid[], p_subject text, p_body text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.send_member_mail(p_community_id uuid, p_member_ids uuid[], p_subject text, p_body text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.send_member_mail(p_community_id uuid, p_member_ids uuid[], p_subject text, p_body text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.send_member_mail(p_community_id uuid, p_member_ids uuid[], p_subject text, p_body text) TO authenticated;
GRANT ALL ON FUNCTION public.send_member_mail(p_community_id uuid, p_member_ids uuid[], p_subject text, p_body text) TO service_role;

CREATE FUNCTION public.set_member_admin_access(p_member_id uuid, p_areas public.admin_area[], p_membership_manager boolean DEFAULT NULL::boolean) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_member public.members;
  v_old public.memberships;
  v_areas public.admin_area[];
  v_manager boolean;
  v_is_owner boolean;
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null then
    perform app_private.fail('member_not_found', 'No such member');
  end if;
  if not app_private.can_grant_access(v_member.community_id) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers grant admin access');
  end if;
  if v_member.user_id is null then
    perform app_private.fail('member_has_no_account', 'Invite the member to sign in before granting admin access');
  end if;
  v_is_owner := app_private.is_trusted() or v_member.community_id = any (app_private.owner_communities());
  select * into v_old from public.memberships
   where community_id = v_member.community_id and user_id = v_member.user_id;
  if v_old.role = 'owner' and not v_is_owner then
    perform app_private.fail('not_allowed', 'Only owners change the access of an owner');
  end if;
  if p_membership_manager is not null and p_membership_manager is distinct from coalesce(v_old.membership_manager, false)
     and not v_is_owner then
    perform app_private.fail('not_allowed', 'Only owners make someone a membership manager');
  end if;
  select coalesce(array_agg(distinct a order by a), '{}') into v_areas from unnest(coalesce(p_areas, '{}')) a;
  v_manager := coalesce(p_membership_manager, v_old.membership_manager, false);
  insert into public.memberships (community_id, user_id, role, areas, membership_manager)
  values (v_member.community_id, v_member.user_id,
          case when cardinality(v_areas) > 0 then 'admin' else 'member' end::public.membership_role,
          v_areas, v_manager)
  on conflict (community_id, user_id) do update set
    areas = excluded.areas,
    membership_manager = excluded.membership_manager,
    role = case when public.memberships.role = 'owner' then 'owner'::public.membership_role
                else excluded.role end;
  if coalesce(v_old.areas, '{}') is distinct from v_areas
     or coalesce(v_old.membership_manager, false) is distinct from v_manager then
    perform app_private.record_member_history(v_member.community_id, v_member.id, 'access_changed',
      jsonb_build_object(
        'areas', jsonb_build_array(to_jsonb(coalesce(v_old.areas, '{}')::text[]), to_jsonb(v_areas::text[])),
        'membership_manager', jsonb_build_array(coalesce(v_old.membership_manager, false), v_manager)));
  end if;
  return jsonb_build_object('areas', to_jsonb(v_areas::text[]), 'membership_manager', v_manager);
end
$$;

REVOKE ALL ON FUNCTION public.set_member_admin_access(p_member_id uuid, p_areas public.admin_area[], p_membership_manager boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.set_member_admin_access(p_member_id uuid, p_areas public.admin_area[], p_membership_manager boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_member_admin_access(p_member_id uuid, p_areas public.admin_area[], p_membership_manager boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_member_admin_access(p_member_id uuid, p_areas public.admin_area[], p_membership_manager boolean) TO authenticated;
GRANT ALL ON FUNCTION public.set_member_admin_access(p_member_id uuid, p_areas public.admin_area[], p_membership_manager boolean) TO service_role;

CREATE FUNCTION public.set_member_cpr(p_member_id uuid, p_cpr text, p_legal_basis text DEFAULT 'consent'::text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_community uuid;
  v_digits text;
  v_masked text;
begin
  select community_id into v_community from public.members where id = p_member_id;
  if v_community is null then
    perform app_private.fail('member_not_found', 'No such member');
  end if;
  perform app_private.require_manager(v_community);
  if p_cpr is null or trim(p_cpr) = '' then
    delete from public.member_cpr where member_id = p_member_id;
    update public.members set updated_at = now() where id = p_member_id;
    insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
    values (v_community, p_member_id, auth.uid(), 'clear');
    perform app_private.record_member_history(v_community, p_member_id, 'cpr_cleared');
    return null;
  end if;
  v_digits := app_private.normalise_cpr(p_cpr);
  v_masked := substr(v_digits, 1, 6) || '-xxxx';
  insert into public.member_cpr (member_id, community_id, cpr_encrypted, cpr_hash, cpr_masked, legal_basis, recorded_by)
  values (p_member_id, v_community, extensions.pgp_sym_encrypt(v_digits, app_private.cpr_key()),
          encode(extensions.hmac(v_digits, app_private.cpr_key(), 'sha256'), 'hex'), v_masked, p_legal_basis, auth.uid())
  on conflict (member_id) do update set cpr_encrypted = excluded.cpr_encrypted, cpr_hash = excluded.cpr_hash,
    cpr_masked = excluded.cpr_masked, legal_basis = excluded.legal_basis, recorded_at = now(),
    recorded_by = excluded.recorded_by;
  update public.members set updated_at = now() where id = p_member_id;
  insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
  values (v_community, p_member_id, auth.uid(), 'set');
  perform app_private.record_member_history(v_community, p_member_id, 'cpr_set',
    jsonb_build_object('legal_basis', p_legal_basis));
  return v_masked;
end
$$;

REVOKE ALL ON FUNCTION public.set_member_cpr(p_member_id uuid, p_cpr text, p_legal_basis text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.set_member_cpr(p_member_id uuid, p_cpr text, p_legal_basis text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_member_cpr(p_member_id uuid, p_cpr text, p_legal_basis text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_member_cpr(p_member_id uuid, p_cpr text, p_legal_basis text) TO authenticated;
GRANT ALL ON FUNCTION public.set_member_cpr(p_member_id uuid, p_cpr text, p_legal_basis text) TO service_role;

CREATE FUNCTION public.start_member_import(p_community_id uuid, p_file_name text, p_total integer) RETURNS public.member_import_jobs
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare j public.member_import_jobs;
begin
  perform app_private.require_member_admin(p_community_id);
  if p_total is null or p_total < 1 or p_total > 50000 then
    perform app_private.fail('invalid_total', 'An import has 1 to 50,000 rows');
  end if;
  if exists (select 1 from public.member_import_jobs x
              where x.community_id = p_community_id and x.status in ('queued', 'running')) then
    perform app_private.fail('import_in_progress', 'Another import of this community is still running');
  end if;
  insert into public.member_import_jobs (community_id, requested_by, file_name, manager, total)
  values (p_community_id, auth.uid(), coalesce(nullif(left(trim(p_file_name), 200), ''), 'import'),
          app_private.is_manager(p_community_id) or app_private.is_trusted(), p_total)
  returning * into j;
  return j;
end
$$;

REVOKE ALL ON FUNCTION public.start_member_import(p_community_id uuid, p_file_name text, p_total integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.start_member_import(p_community_id uuid, p_file_name text, p_total integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.start_member_import(p_community_id uuid, p_file_name text, p_total integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.start_member_import(p_community_id uuid, p_file_name text, p_total integer) TO authenticated;
GRANT ALL ON FUNCTION public.start_member_import(p_community_id uuid, p_file_name text, p_total integer) TO service_role;

CREATE FUNCTION app_private.uploading_import(p_job_id uuid) RETURNS public.member_import_jobs
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare j public.member_import_jobs;
begin
  select * into j from public.member_import_jobs where id = p_job_id for update;
  if j.id is null or not app_private.can_manage_members(j.community_id)
     or (j.requested_by is distinct from auth.uid() and not app_private.is_trusted()) then
    perform app_private.fail('import_not_found', 'No such import of yours');
  end if;
  if j.status <> 'uploading' then
    perform app_private.fail('import_not_uploading', 'This import has already been queued or cancelled');
  end if;
  return j;
end
$$;

REVOKE ALL ON FUNCTION app_private.uploading_import(p_job_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.uploading_import(p_job_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.uploading_import(p_job_id uuid) FROM PUBLIC;

-- schemas/news/functions.sql

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

-- schemas/orders/functions.sql

set check_function_bodies = off;

CREATE FUNCTION app_private.after_order_status() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    insert into public.order_status_changes (community_id, order_id, from_status, to_status, changed_by)
    values (new.community_id, new.id, case when tg_op = 'UPDATE' then old.status end, new.status, auth.uid());
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_order_status() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_order_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'awaiting_payment' then
      perform app_private.fail('invalid_transition', 'An order starts awaiting payment');
    end if;
  elsif new.status <> old.status then
    if not (old.status, new.status) in (('awaiting_payment', 'sent_to_customer'),
                                        ('sent_to_customer', 'activated'), ('sent_to_customer', 'ordered')) then
      perform app_private.fail('invalid_transition', format('An order cannot go from %s to %s', old.status, new.status));
    end if;
    new.status_changed_at := now();
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_order_write() FROM anon, authenticated, service_role;

CREATE FUNCTION public.change_order_status(p_order_ids uuid[], p_status public.order_status) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_wanted integer := cardinality(array(select distinct unnest(p_order_ids)));
  v_changed integer;
begin
  if p_status is null or v_wanted = 0 then
    perform app_private.fail('invalid_request', 'Choose at least one order and the status to move it to');
  end if;
  update public.orders set status = p_status where id = any (p_order_ids) and status <> p_status;
  get diagnostics v_changed = row_count;
  if (select count(*) from public.orders where id = any (p_order_ids)) < v_wanted then
    perform app_private.fail('order_not_found', 'One of the orders does not exist or is not yours to change');
  end if;
  return v_changed;
end
$$;

REVOKE ALL ON FUNCTION public.change_order_status(p_order_ids uuid[], p_status public.order_status) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.change_order_status(p_order_ids uuid[], p_status public.order_status) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.change_order_status(p_order_ids uuid[], p_status public.order_status) FROM PUBLIC;
GRANT ALL ON FUNCTION public.change_order_status(p_order_ids uuid[], p_status public.order_status) TO authenticated;
GRANT ALL ON FUNCTION public.change_order_status(p_order_ids uuid[], p_status public.order_status) TO service_role;

-- schemas/members/views.sql

set check_function_bodies = off;

CREATE VIEW public.member_directory WITH (security_barrier='true') AS
 SELECT m.id,
    m.community_id,
    m.club_id,
    m.mid,
    m.first_name,
    m.last_name,
    m.full_name,
    m.status,
        CASE
            WHEN c.contact THEN m.email
            ELSE NULL::text
        END AS email,
        CASE
            WHEN c.contact THEN m.phone
            ELSE NULL::text
        END AS phone,
    c.contact AS contact_visible
   FROM (public.members m
     CROSS JOIN LATERAL ( SELECT (( SELECT app_private.is_trusted() AS is_trusted) OR (m.community_id = ANY (( SELECT app_private.register_communities() AS register_communities)::uuid[])) OR ((m.user_id IS NOT NULL) AND (m.user_id = ( SELECT auth.uid() AS uid))) OR ((m.community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) AND ((EXISTS ( SELECT 1
                   FROM public.ticket_purchases p
                  WHERE (p.member_id = m.id))) OR (EXISTS ( SELECT 1
                   FROM public.volunteer_signups s
                  WHERE (s.member_id = m.id))) OR (EXISTS ( SELECT 1
                   FROM public.event_invitations i
                  WHERE (i.member_id = m.id))))) OR ((m.community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[])) AND (EXISTS ( SELECT 1
                   FROM public.group_members g
                  WHERE ((g.member_id = m.id) AND (g.left_at IS NULL))))) OR ((m.community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])) AND ((EXISTS ( SELECT 1
                   FROM public.bookings b
                  WHERE (b.member_id = m.id))) OR (EXISTS ( SELECT 1
                   FROM public.orders o
                  WHERE (o.member_id = m.id)))))) AS contact) c)
  WHERE (( SELECT app_private.is_trusted() AS is_trusted) OR (m.community_id = ANY (( SELECT app_private.admin_communities() AS admin_communities)::uuid[])) OR ((m.user_id IS NOT NULL) AND (m.user_id = ( SELECT auth.uid() AS uid))));

COMMENT ON VIEW public.member_directory IS 'Members as the non-member admin areas see them: names for everyone in the caller''s communities, e-mail and phone only for the people of their events, groups and bookings (docs/decisions/0820).';

REVOKE ALL ON TABLE public.member_directory FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.member_directory TO anon;
GRANT SELECT ON TABLE public.member_directory TO authenticated;
GRANT SELECT ON TABLE public.member_directory TO service_role;

CREATE FUNCTION public.lookup_member_directory(p_community_id uuid, p_query text, p_limit integer DEFAULT 20) RETURNS SETOF public.member_directory
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
declare
  v_text text := trim(coalesce(p_query, ''));
  v_pattern text;
  v_mid bigint;
  v_limit int := least(greatest(coalesce(p_limit, 20), 1), 100);
begin
  if v_text = '' then
    return;
  end if;
  v_pattern := '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_mid := case when v_text ~ '^[0-9]{1,18}$' then v_text::bigint end;
  return query
  select d.* from public.member_directory d
  where d.id = any (app_private.directory_name_hits(p_community_id, v_pattern, v_mid, v_limit))
    and d.community_id = p_community_id
  order by d.last_name, d.first_name, d.id;
end
$_$;

REVOKE ALL ON FUNCTION public.lookup_member_directory(p_community_id uuid, p_query text, p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.lookup_member_directory(p_community_id uuid, p_query text, p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.lookup_member_directory(p_community_id uuid, p_query text, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.lookup_member_directory(p_community_id uuid, p_query text, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.lookup_member_directory(p_community_id uuid, p_query text, p_limit integer) TO service_role;

-- schemas/billing/views.sql

set check_function_bodies = off;

CREATE VIEW public.billing_account_summaries WITH (security_invoker='true') AS
 SELECT a.id,
    a.community_id,
    a.name,
    a.kind,
    a.member_id,
    a.email,
    a.cvr,
    a.ean,
    a.language,
    a.plan_id,
    a.payment_terms_id,
    a.created_at,
    COALESCE(t.outstanding_ore, (0)::bigint) AS outstanding_ore,
    (
        CASE
            WHEN ((t.first_due_on IS NULL) OR (t.first_due_on >= CURRENT_DATE)) THEN (0)::numeric
            WHEN (t.last_due_on < CURRENT_DATE) THEN (t.outstanding_ore)::numeric
            ELSE ( SELECT COALESCE(sum(((i.total_ore + i.fees_ore) - i.paid_ore)), (0)::numeric) AS "coalesce"
               FROM public.invoices i
              WHERE ((i.account_id = a.id) AND (i.status = 'issued'::public.invoice_status) AND (i.kind = 'invoice'::text) AND (i.due_on < CURRENT_DATE)))
        END)::bigint AS overdue_ore,
    COALESCE(t.credit_ore, (0)::bigint) AS credit_ore,
    (COALESCE(t.outstanding_ore, (0)::bigint) - COALESCE(t.credit_ore, (0)::bigint)) AS balance_ore
   FROM (public.billing_accounts a
     LEFT JOIN public.billing_account_totals t ON ((t.account_id = a.id)));

REVOKE ALL ON TABLE public.billing_account_summaries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.billing_account_summaries TO anon;
GRANT ALL ON TABLE public.billing_account_summaries TO authenticated;
GRANT ALL ON TABLE public.billing_account_summaries TO service_role;

CREATE VIEW public.billing_account_balances WITH (security_invoker='true') AS
 SELECT s.id AS account_id,
    s.community_id,
    s.outstanding_ore,
    s.overdue_ore,
    s.credit_ore,
    s.balance_ore
   FROM public.billing_account_summaries s;

REVOKE ALL ON TABLE public.billing_account_balances FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.billing_account_balances TO anon;
GRANT ALL ON TABLE public.billing_account_balances TO authenticated;
GRANT ALL ON TABLE public.billing_account_balances TO service_role;

CREATE VIEW public.invoice_summaries WITH (security_invoker='true') AS
 SELECT i.id,
    i.community_id,
    i.account_id,
    a.name AS account_name,
    a.kind AS account_kind,
    i.number,
    i.kind,
    i.status,
        CASE
            WHEN ((i.status = 'issued'::public.invoice_status) AND (i.kind = 'invoice'::text) AND (i.due_on < CURRENT_DATE)) THEN 'overdue'::text
            ELSE (i.status)::text
        END AS list_status,
    i.issued_on,
    i.due_on,
    i.subtotal_ore,
    i.vat_ore,
    i.total_ore,
    i.fees_ore,
    i.paid_ore,
        CASE
            WHEN ((i.status = 'issued'::public.invoice_status) AND (i.kind = 'invoice'::text)) THEN ((i.total_ore + i.fees_ore) - i.paid_ore)
            ELSE (0)::bigint
        END AS outstanding_ore,
    i.currency,
    i.credited_invoice_id,
    i.emailed_at,
    i.note,
    i.created_at
   FROM (public.invoices i
     JOIN public.billing_accounts a ON ((a.id = i.account_id)));

REVOKE ALL ON TABLE public.invoice_summaries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.invoice_summaries TO anon;
GRANT ALL ON TABLE public.invoice_summaries TO authenticated;
GRANT ALL ON TABLE public.invoice_summaries TO service_role;

-- schemas/community/views.sql

set check_function_bodies = off;

CREATE VIEW public.clubs_with_counts AS
 SELECT c.id,
    c.community_id,
    c.name,
    c.description,
    c.cvr,
    c.logo_path,
    c.contact_name,
    c.contact_email,
    c.contact_phone,
    c.created_at,
    (( SELECT count(*) AS count
           FROM public.members m
          WHERE ((m.club_id = c.id) AND (m.status <> 'left'::public.member_status))))::integer AS member_count,
    (( SELECT count(*) AS count
           FROM public.groups g
          WHERE ((g.club_id = c.id) AND (NOT g.archived))))::integer AS group_count
   FROM public.clubs c
  WHERE ((c.community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[])) OR app_private.is_trusted());

REVOKE ALL ON TABLE public.clubs_with_counts FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.clubs_with_counts TO authenticated;
GRANT ALL ON TABLE public.clubs_with_counts TO service_role;

CREATE VIEW public.tags_with_usage AS
 SELECT t.id,
    t.community_id,
    t.name,
    t.color,
    t.created_at,
    (( SELECT count(*) AS count
           FROM public.member_tags mt
          WHERE (mt.tag_id = t.id)))::integer AS member_count,
    (( SELECT count(*) AS count
           FROM public.group_tags gt
          WHERE (gt.tag_id = t.id)))::integer AS group_count,
    (( SELECT count(*) AS count
           FROM public.event_tags et
          WHERE (et.tag_id = t.id)))::integer AS event_count
   FROM public.tags t
  WHERE ((t.community_id = ANY (( SELECT app_private.admin_communities() AS admin_communities)::uuid[])) OR app_private.is_trusted());

REVOKE ALL ON TABLE public.tags_with_usage FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.tags_with_usage TO authenticated;
GRANT ALL ON TABLE public.tags_with_usage TO service_role;

-- schemas/events/views.sql

set check_function_bodies = off;

CREATE VIEW public.event_admin_participants WITH (security_invoker='true') AS
 SELECT p.id,
    p.community_id,
    p.event_id,
    p.ticket_id,
    t.name AS ticket_name,
    p.member_id,
    TRIM(BOTH FROM ((COALESCE(m.first_name, ''::text) || ' '::text) || COALESCE(m.last_name, ''::text))) AS member_name,
    m.email AS member_email,
    p.quantity,
    p.status,
    p.unit_price_ore,
    p.total_ore,
    p.currency,
    p.purchased_at,
    p.cancelled_at,
    p.checked_in_at,
    COALESCE(( SELECT jsonb_agg(jsonb_build_object('option_id', pa.option_id, 'title', o.title, 'addon', a.name, 'quantity', pa.quantity, 'unit_price_ore', pa.unit_price_ore) ORDER BY a.sort_order, o.sort_order) AS jsonb_agg
           FROM ((public.purchase_addons pa
             JOIN public.addon_options o ON ((o.id = pa.option_id)))
             JOIN public.event_addons a ON ((a.id = o.addon_id)))
          WHERE (pa.purchase_id = p.id)), '[]'::jsonb) AS addons
   FROM ((public.ticket_purchases p
     JOIN public.tickets t ON ((t.id = p.ticket_id)))
     LEFT JOIN public.member_directory m ON ((m.id = p.member_id)));

REVOKE ALL ON TABLE public.event_admin_participants FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.event_admin_participants TO anon;
GRANT ALL ON TABLE public.event_admin_participants TO authenticated;
GRANT ALL ON TABLE public.event_admin_participants TO service_role;

CREATE VIEW public.event_admin_summaries WITH (security_invoker='true') AS
 SELECT e.id,
    e.community_id,
    e.title,
    e.location,
    e.starts_at,
    e.ends_at,
    e.status,
        CASE
            WHEN ((e.status = 'scheduled'::public.event_status) AND (e.release_at <= now())) THEN 'published'::text
            ELSE (e.status)::text
        END AS effective_status,
    e.release_at,
    e.visibility,
    e.kind,
    e.repeat,
    e.series_id,
    e.image_path,
    e.created_at,
    e.updated_at,
    (( SELECT
                CASE
                    WHEN ((count(*) = 0) OR bool_or((t.participant_limit IS NULL))) THEN NULL::bigint
                    ELSE sum(t.participant_limit)
                END AS sum
           FROM public.tickets t
          WHERE (t.event_id = e.id)))::integer AS capacity,
    (COALESCE(( SELECT sum(p.quantity) AS sum
           FROM public.ticket_purchases p
          WHERE ((p.event_id = e.id) AND (p.status = 'active'::text))), (0)::bigint))::integer AS tickets_sold,
    COALESCE(( SELECT sum(p.total_ore) AS sum
           FROM public.ticket_purchases p
          WHERE ((p.event_id = e.id) AND (p.status = 'active'::text))), (0)::bigint) AS revenue_ore
   FROM public.events e;

REVOKE ALL ON TABLE public.event_admin_summaries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.event_admin_summaries TO anon;
GRANT ALL ON TABLE public.event_admin_summaries TO authenticated;
GRANT ALL ON TABLE public.event_admin_summaries TO service_role;

-- schemas/groups/views.sql

set check_function_bodies = off;

CREATE VIEW app_private.group_roster_rows WITH (security_barrier='true') AS
 SELECT gm.id,
    gm.community_id,
    gm.group_id,
    gm.member_id,
    gm.role,
    gm.joined_at,
    gm.payment_status,
    gm.welcome_sent_at,
    m.mid,
    m.full_name,
    m.email
   FROM (public.group_members gm
     CROSS JOIN LATERAL ( SELECT m_1.mid,
            m_1.full_name,
            m_1.email
           FROM public.members m_1
          WHERE ((m_1.id = gm.member_id) AND (m_1.community_id = gm.community_id))
         OFFSET 0) m)
  WHERE ((gm.left_at IS NULL) AND (( SELECT app_private.is_trusted() AS is_trusted) OR (gm.community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[])) OR (gm.member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[]))));

REVOKE ALL ON TABLE app_private.group_roster_rows FROM anon, authenticated, service_role;

CREATE VIEW public.group_admin_summaries WITH (security_invoker='true') AS
 SELECT g.id,
    g.community_id,
    g.title,
    g.visibility,
    g.archived,
    g.archived_at,
    g.payment_frequency,
    g.price_ore,
    g.currency,
    (g.payment_frequency IS NOT NULL) AS paid,
    g.requires_approval,
    g.cover_image_path,
    g.owner_member_id,
    ( SELECT d.full_name
           FROM public.member_directory d
          WHERE (d.id = g.owner_member_id)) AS owner_name,
    (( SELECT count(*) AS count
           FROM public.group_members gm
          WHERE ((gm.group_id = g.id) AND (gm.left_at IS NULL))))::integer AS member_count,
    (( SELECT count(*) AS count
           FROM public.group_join_requests r
          WHERE ((r.group_id = g.id) AND (r.status = 'pending'::text))))::integer AS pending_requests,
    COALESCE(( SELECT array_agg(t.tag_id ORDER BY t.tag_id) AS array_agg
           FROM public.group_tags t
          WHERE (t.group_id = g.id)), '{}'::uuid[]) AS tag_ids,
    (EXISTS ( SELECT 1
           FROM public.group_members gm
          WHERE (gm.group_id = g.id))) AS ever_had_members,
    g.created_at
   FROM public.groups g;

REVOKE ALL ON TABLE public.group_admin_summaries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.group_admin_summaries TO service_role;
GRANT SELECT ON TABLE public.group_admin_summaries TO authenticated;

CREATE VIEW public.group_join_request_list WITH (security_invoker='true') AS
 SELECT r.id,
    r.community_id,
    r.group_id,
    r.member_id,
    r.message,
    r.created_at,
    d.full_name,
    d.email
   FROM (public.group_join_requests r
     JOIN public.member_directory d ON ((d.id = r.member_id)))
  WHERE (r.status = 'pending'::text);

REVOKE ALL ON TABLE public.group_join_request_list FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.group_join_request_list TO service_role;
GRANT SELECT ON TABLE public.group_join_request_list TO authenticated;

CREATE VIEW public.group_member_roster WITH (security_invoker='false') AS
 SELECT r.id,
    r.community_id,
    r.group_id,
    r.member_id,
    r.role,
    r.joined_at,
    r.payment_status,
    r.welcome_sent_at,
    r.mid,
    r.full_name,
    r.email,
    app_private.group_member_last_charged(r.id) AS last_charged_period
   FROM app_private.group_roster_rows r;

COMMENT ON VIEW public.group_member_roster IS 'Current members of groups with name and e-mail, for group admins (all of their community''s groups) and members (their own rows); docs/decisions/0965.';

REVOKE ALL ON TABLE public.group_member_roster FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.group_member_roster TO service_role;
GRANT SELECT ON TABLE public.group_member_roster TO authenticated;

-- schemas/news/views.sql

set check_function_bodies = off;

CREATE VIEW public.news_post_summaries WITH (security_invoker='true') AS
 SELECT p.id,
    p.community_id,
    p.title,
    p.status,
    p.visibility,
    p.release_at,
    p.published_at,
    p.created_at,
    p.updated_at,
    p.author_id,
    p.author_name,
    p.allow_comments,
    p.link_url,
    p.image_path,
        CASE
            WHEN ((p.status = 'scheduled'::public.event_status) AND (p.release_at <= now())) THEN 'published'::public.event_status
            ELSE p.status
        END AS effective_status,
    COALESCE(p.published_at, p.release_at, p.created_at) AS shown_at,
    (( SELECT count(*) AS count
           FROM public.news_comments c
          WHERE (c.post_id = p.id)))::integer AS comment_count,
    (( SELECT count(*) AS count
           FROM public.news_comments c
          WHERE ((c.post_id = p.id) AND (c.hidden_at IS NOT NULL))))::integer AS hidden_comment_count
   FROM public.news_posts p;

REVOKE ALL ON TABLE public.news_post_summaries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.news_post_summaries TO anon;
GRANT ALL ON TABLE public.news_post_summaries TO authenticated;
GRANT ALL ON TABLE public.news_post_summaries TO service_role;

-- schemas/orders/views.sql

set check_function_bodies = off;

CREATE VIEW public.order_history WITH (security_invoker='true') AS
 SELECT h.id,
    h.community_id,
    h.order_id,
    h.from_status,
    h.to_status,
    h.changed_at,
    h.changed_by,
    app_private.user_name_in(h.community_id, h.changed_by) AS changed_by_name
   FROM public.order_status_changes h;

REVOKE ALL ON TABLE public.order_history FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.order_history TO anon;
GRANT ALL ON TABLE public.order_history TO authenticated;
GRANT ALL ON TABLE public.order_history TO service_role;

CREATE VIEW public.order_summaries WITH (security_invoker='true') AS
 SELECT o.id,
    o.community_id,
    o.product_id,
    o.product_name,
    o.member_id,
    app_private.member_name(o.member_id) AS member_name,
    o.status,
    o.amount_ore,
    o.currency,
    o.status_changed_at,
    o.created_at
   FROM public.orders o;

REVOKE ALL ON TABLE public.order_summaries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.order_summaries TO anon;
GRANT ALL ON TABLE public.order_summaries TO authenticated;
GRANT ALL ON TABLE public.order_summaries TO service_role;

-- schemas/billing/constraints.sql

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_bank_account_check CHECK ((bank_account ~ '^[0-9]{1,10}$'::text)) NOT VALID;

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_bank_pair CHECK (((bank_reg_no IS NULL) = (bank_account_no IS NULL))) NOT VALID;

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_debtor_account_check CHECK ((debtor_account ~ '^[0-9]{1,10}$'::text)) NOT VALID;

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_fee_income_account_check CHECK ((fee_income_account ~ '^[0-9]{1,10}$'::text)) NOT VALID;

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_revenue_exempt_account_check CHECK ((revenue_exempt_account ~ '^[0-9]{1,10}$'::text)) NOT VALID;

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_revenue_taxable_account_check CHECK ((revenue_taxable_account ~ '^[0-9]{1,10}$'::text)) NOT VALID;

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_vat_account_check CHECK ((vat_account ~ '^[0-9]{1,10}$'::text)) NOT VALID;

ALTER TABLE ONLY public.billing_settings
    ADD CONSTRAINT billing_settings_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

CREATE INDEX account_credits_account_idx ON public.account_credits USING btree (account_id, created_at);

ALTER TABLE ONLY public.account_credits
    ADD CONSTRAINT account_credits_account_id_community_id_fkey FOREIGN KEY (account_id, community_id) REFERENCES public.billing_accounts(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.account_credits
    ADD CONSTRAINT account_credits_invoice_id_community_id_fkey FOREIGN KEY (invoice_id, community_id) REFERENCES public.invoices(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.account_credits
    ADD CONSTRAINT account_credits_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.invoice_payments(id) ON DELETE CASCADE;

CREATE INDEX billing_account_totals_overdue_idx ON public.billing_account_totals USING btree (community_id, first_due_on) WHERE (first_due_on IS NOT NULL);

ALTER TABLE ONLY public.billing_account_totals
    ADD CONSTRAINT billing_account_totals_account_id_community_id_fkey FOREIGN KEY (account_id, community_id) REFERENCES public.billing_accounts(id, community_id) ON DELETE CASCADE;

CREATE INDEX billing_accounts_community_idx ON public.billing_accounts USING btree (community_id, name);

CREATE INDEX billing_accounts_member_idx ON public.billing_accounts USING btree (member_id);

ALTER TABLE ONLY public.billing_accounts
    ADD CONSTRAINT billing_accounts_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.billing_accounts
    ADD CONSTRAINT billing_accounts_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE SET NULL (member_id);

ALTER TABLE ONLY public.billing_accounts
    ADD CONSTRAINT billing_accounts_payment_terms_id_community_id_fkey FOREIGN KEY (payment_terms_id, community_id) REFERENCES public.payment_terms(id, community_id);

ALTER TABLE ONLY public.billing_accounts
    ADD CONSTRAINT billing_accounts_plan_id_community_id_fkey FOREIGN KEY (plan_id, community_id) REFERENCES public.billing_plans(id, community_id);

CREATE INDEX billing_plans_community_idx ON public.billing_plans USING btree (community_id, name);

ALTER TABLE ONLY public.billing_plans
    ADD CONSTRAINT billing_plans_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.billing_plans
    ADD CONSTRAINT billing_plans_group_id_community_id_fkey FOREIGN KEY (group_id, community_id) REFERENCES public.groups(id, community_id);

ALTER TABLE ONLY public.billing_plans
    ADD CONSTRAINT billing_plans_payment_terms_id_community_id_fkey FOREIGN KEY (payment_terms_id, community_id) REFERENCES public.payment_terms(id, community_id);

CREATE INDEX invoice_lines_invoice_idx ON public.invoice_lines USING btree (invoice_id);

CREATE INDEX invoice_lines_plan_idx ON public.invoice_lines USING btree (plan_id) WHERE (plan_id IS NOT NULL);

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_invoice_id_community_id_fkey FOREIGN KEY (invoice_id, community_id) REFERENCES public.invoices(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_plan_id_community_id_fkey FOREIGN KEY (plan_id, community_id) REFERENCES public.billing_plans(id, community_id);

CREATE INDEX invoice_payments_invoice_idx ON public.invoice_payments USING btree (invoice_id);

ALTER TABLE ONLY public.invoice_payments
    ADD CONSTRAINT invoice_payments_invoice_id_community_id_fkey FOREIGN KEY (invoice_id, community_id) REFERENCES public.invoices(id, community_id) ON DELETE CASCADE;

CREATE INDEX invoice_reminders_community_idx ON public.invoice_reminders USING btree (community_id, reminded_on DESC);

CREATE INDEX invoice_reminders_unsent_idx ON public.invoice_reminders USING btree (community_id) WHERE (emailed_at IS NULL);

ALTER TABLE ONLY public.invoice_reminders
    ADD CONSTRAINT invoice_reminders_invoice_id_community_id_fkey FOREIGN KEY (invoice_id, community_id) REFERENCES public.invoices(id, community_id) ON DELETE CASCADE;

CREATE INDEX invoices_account_idx ON public.invoices USING btree (account_id);

CREATE INDEX invoices_community_idx ON public.invoices USING btree (community_id, created_at DESC);

CREATE INDEX invoices_list_order_idx ON public.invoices USING btree (community_id, number DESC, id);

CREATE UNIQUE INDEX invoices_one_credit_note_key ON public.invoices USING btree (credited_invoice_id) WHERE (kind = 'credit_note'::text);

CREATE INDEX invoices_overdue_idx ON public.invoices USING btree (account_id) INCLUDE (due_on, paid_ore, total_ore) WHERE (status = 'issued'::public.invoice_status);

CREATE INDEX invoices_status_due_idx ON public.invoices USING btree (community_id, status, due_on);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_account_id_community_id_fkey FOREIGN KEY (account_id, community_id) REFERENCES public.billing_accounts(id, community_id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_credited_invoice_id_community_id_fkey FOREIGN KEY (credited_invoice_id, community_id) REFERENCES public.invoices(id, community_id);

CREATE UNIQUE INDEX payment_terms_default_key ON public.payment_terms USING btree (community_id) WHERE is_default;

ALTER TABLE ONLY public.payment_terms
    ADD CONSTRAINT payment_terms_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

CREATE INDEX volunteer_credits_member_idx ON public.volunteer_credits USING btree (member_id) WHERE (invoice_id IS NULL);

ALTER TABLE ONLY public.volunteer_credits
    ADD CONSTRAINT volunteer_credits_invoice_id_community_id_fkey FOREIGN KEY (invoice_id, community_id) REFERENCES public.invoices(id, community_id) ON DELETE SET NULL (invoice_id);

ALTER TABLE ONLY public.volunteer_credits
    ADD CONSTRAINT volunteer_credits_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.volunteer_credits
    ADD CONSTRAINT volunteer_credits_rule_id_community_id_fkey FOREIGN KEY (rule_id, community_id) REFERENCES public.volunteer_credit_rules(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.invoice_status_counts
    ADD CONSTRAINT invoice_status_counts_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.volunteer_credit_rules
    ADD CONSTRAINT volunteer_credit_rules_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

-- schemas/booking/constraints.sql

CREATE UNIQUE INDEX booking_closed_days_key ON public.booking_closed_days USING btree (community_id, COALESCE(product_id, '00000000-0000-0000-0000-000000000000'::uuid), on_date);

ALTER TABLE ONLY public.booking_closed_days
    ADD CONSTRAINT booking_closed_days_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_closed_days
    ADD CONSTRAINT booking_closed_days_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id) ON DELETE CASCADE;

CREATE UNIQUE INDEX booking_feed_tokens_member_key ON public.booking_feed_tokens USING btree (member_id) WHERE (member_id IS NOT NULL);

CREATE UNIQUE INDEX booking_feed_tokens_product_key ON public.booking_feed_tokens USING btree (product_id) WHERE (product_id IS NOT NULL);

ALTER TABLE ONLY public.booking_feed_tokens
    ADD CONSTRAINT booking_feed_tokens_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_feed_tokens
    ADD CONSTRAINT booking_feed_tokens_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_feed_tokens
    ADD CONSTRAINT booking_feed_tokens_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id) ON DELETE CASCADE;

CREATE INDEX booking_products_community_idx ON public.booking_products USING btree (community_id, name) WHERE (deleted_at IS NULL);

ALTER TABLE ONLY public.booking_products
    ADD CONSTRAINT booking_products_account_id_community_id_fkey FOREIGN KEY (account_id, community_id) REFERENCES public.billing_accounts(id, community_id);

ALTER TABLE ONLY public.booking_products
    ADD CONSTRAINT booking_products_club_id_community_id_fkey FOREIGN KEY (club_id, community_id) REFERENCES public.clubs(id, community_id);

ALTER TABLE ONLY public.booking_products
    ADD CONSTRAINT booking_products_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

CREATE INDEX bookings_community_time_idx ON public.bookings USING btree (community_id, starts_at DESC);

CREATE INDEX bookings_member_idx ON public.bookings USING btree (member_id);

CREATE INDEX bookings_product_time_idx ON public.bookings USING btree (product_id, starts_at) WHERE (status <> 'cancelled'::public.booking_status);

CREATE INDEX bookings_series_idx ON public.bookings USING btree (series_id, starts_at) WHERE (series_id IS NOT NULL);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_series_id_community_id_fkey FOREIGN KEY (series_id, community_id) REFERENCES public.booking_series(id, community_id);

CREATE INDEX product_availability_product_idx ON public.product_availability USING btree (product_id);

ALTER TABLE ONLY public.product_availability
    ADD CONSTRAINT product_availability_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_series
    ADD CONSTRAINT booking_series_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_series
    ADD CONSTRAINT booking_series_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id);

ALTER TABLE ONLY public.product_required_certificates
    ADD CONSTRAINT product_required_certificates_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.product_required_groups
    ADD CONSTRAINT product_required_groups_group_id_community_id_fkey FOREIGN KEY (group_id, community_id) REFERENCES public.groups(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.product_required_groups
    ADD CONSTRAINT product_required_groups_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id) ON DELETE CASCADE;

-- schemas/community/constraints.sql

CREATE INDEX audit_log_community_at_idx ON public.audit_log USING btree (community_id, at DESC, id DESC);

CREATE INDEX audit_log_community_kind_at_idx ON public.audit_log USING btree (community_id, kind, at DESC, id DESC);

CREATE INDEX audit_log_search_words_idx ON public.audit_log USING gin (search_words);

CREATE INDEX audit_log_subject_idx ON public.audit_log USING btree (community_id, subject_id);

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

CREATE UNIQUE INDEX clubs_community_name_key ON public.clubs USING btree (community_id, app_private.fold_name(name));

ALTER TABLE ONLY public.clubs
    ADD CONSTRAINT clubs_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

CREATE UNIQUE INDEX communities_slug_key ON public.communities USING btree (lower(slug));

CREATE INDEX event_tags_tag_idx ON public.event_tags USING btree (tag_id);

ALTER TABLE ONLY public.event_tags
    ADD CONSTRAINT event_tags_event_id_community_id_fkey FOREIGN KEY (event_id, community_id) REFERENCES public.events(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.event_tags
    ADD CONSTRAINT event_tags_tag_id_community_id_fkey FOREIGN KEY (tag_id, community_id) REFERENCES public.tags(id, community_id) ON DELETE CASCADE;

CREATE INDEX group_tags_tag_idx ON public.group_tags USING btree (tag_id);

ALTER TABLE ONLY public.group_tags
    ADD CONSTRAINT group_tags_group_id_community_id_fkey FOREIGN KEY (group_id, community_id) REFERENCES public.groups(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_tags
    ADD CONSTRAINT group_tags_tag_id_community_id_fkey FOREIGN KEY (tag_id, community_id) REFERENCES public.tags(id, community_id) ON DELETE CASCADE;

CREATE INDEX member_tags_tag_idx ON public.member_tags USING btree (tag_id);

CREATE INDEX member_tags_tag_member_idx ON public.member_tags USING btree (tag_id, member_id);

ALTER TABLE ONLY public.member_tags
    ADD CONSTRAINT member_tags_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.member_tags
    ADD CONSTRAINT member_tags_tag_id_community_id_fkey FOREIGN KEY (tag_id, community_id) REFERENCES public.tags(id, community_id) ON DELETE CASCADE;

CREATE INDEX memberships_user_idx ON public.memberships USING btree (user_id);

ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

CREATE UNIQUE INDEX redirects_from_key ON public.redirects USING btree (lower(rtrim(from_path, '/'::text))) WHERE active;

ALTER TABLE ONLY public.redirects
    ADD CONSTRAINT redirects_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

CREATE UNIQUE INDEX tags_community_name_key ON public.tags USING btree (community_id, app_private.fold_name(name));

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY app_private.counters
    ADD CONSTRAINT counters_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.community_settings
    ADD CONSTRAINT community_settings_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

-- schemas/events/constraints.sql

CREATE INDEX addon_options_addon_idx ON public.addon_options USING btree (addon_id);

ALTER TABLE ONLY public.addon_options
    ADD CONSTRAINT addon_options_addon_id_community_id_fkey FOREIGN KEY (addon_id, community_id) REFERENCES public.event_addons(id, community_id) ON DELETE CASCADE;

CREATE INDEX event_addons_event_idx ON public.event_addons USING btree (event_id);

ALTER TABLE ONLY public.event_addons
    ADD CONSTRAINT event_addons_event_id_community_id_fkey FOREIGN KEY (event_id, community_id) REFERENCES public.events(id, community_id) ON DELETE CASCADE;

CREATE INDEX event_invitations_event_idx ON public.event_invitations USING btree (event_id);

CREATE INDEX event_invitations_member_idx ON public.event_invitations USING btree (member_id) WHERE (member_id IS NOT NULL);

ALTER TABLE ONLY public.event_invitations
    ADD CONSTRAINT event_invitations_event_id_community_id_fkey FOREIGN KEY (event_id, community_id) REFERENCES public.events(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.event_invitations
    ADD CONSTRAINT event_invitations_group_id_community_id_fkey FOREIGN KEY (group_id, community_id) REFERENCES public.groups(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.event_invitations
    ADD CONSTRAINT event_invitations_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.event_invitations
    ADD CONSTRAINT event_invitations_tag_id_community_id_fkey FOREIGN KEY (tag_id, community_id) REFERENCES public.tags(id, community_id) ON DELETE CASCADE;

CREATE INDEX events_community_starts_idx ON public.events USING btree (community_id, starts_at DESC);

CREATE INDEX events_due_release_idx ON public.events USING btree (release_at) WHERE (status = 'scheduled'::public.event_status);

CREATE INDEX events_series_idx ON public.events USING btree (series_id);

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_club_id_community_id_fkey FOREIGN KEY (club_id, community_id) REFERENCES public.clubs(id, community_id);

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_series_id_fkey FOREIGN KEY (series_id) REFERENCES public.events(id) ON DELETE SET NULL;

CREATE INDEX purchase_addons_option_idx ON public.purchase_addons USING btree (option_id);

CREATE INDEX purchase_addons_purchase_idx ON public.purchase_addons USING btree (purchase_id);

ALTER TABLE ONLY public.purchase_addons
    ADD CONSTRAINT purchase_addons_option_id_community_id_fkey FOREIGN KEY (option_id, community_id) REFERENCES public.addon_options(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.purchase_addons
    ADD CONSTRAINT purchase_addons_purchase_id_community_id_fkey FOREIGN KEY (purchase_id, community_id) REFERENCES public.ticket_purchases(id, community_id) ON DELETE CASCADE;

CREATE INDEX ticket_purchases_community_idx ON public.ticket_purchases USING btree (community_id, purchased_at);

CREATE INDEX ticket_purchases_event_idx ON public.ticket_purchases USING btree (event_id);

CREATE INDEX ticket_purchases_member_idx ON public.ticket_purchases USING btree (member_id);

CREATE INDEX ticket_purchases_ticket_idx ON public.ticket_purchases USING btree (ticket_id) WHERE (status = 'active'::text);

ALTER TABLE ONLY public.ticket_purchases
    ADD CONSTRAINT ticket_purchases_event_id_community_id_fkey FOREIGN KEY (event_id, community_id) REFERENCES public.events(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.ticket_purchases
    ADD CONSTRAINT ticket_purchases_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.ticket_purchases
    ADD CONSTRAINT ticket_purchases_ticket_id_community_id_fkey FOREIGN KEY (ticket_id, community_id) REFERENCES public.tickets(id, community_id) ON DELETE CASCADE;

CREATE INDEX tickets_event_idx ON public.tickets USING btree (event_id);

ALTER TABLE ONLY public.tickets
    ADD CONSTRAINT tickets_event_id_community_id_fkey FOREIGN KEY (event_id, community_id) REFERENCES public.events(id, community_id) ON DELETE CASCADE;

CREATE INDEX volunteer_jobs_event_idx ON public.volunteer_jobs USING btree (event_id);

ALTER TABLE ONLY public.volunteer_jobs
    ADD CONSTRAINT volunteer_jobs_event_id_community_id_fkey FOREIGN KEY (event_id, community_id) REFERENCES public.events(id, community_id) ON DELETE CASCADE;

CREATE INDEX volunteer_signups_job_idx ON public.volunteer_signups USING btree (job_id, timeslot_id) WHERE (status = 'signed_up'::text);

CREATE INDEX volunteer_signups_member_idx ON public.volunteer_signups USING btree (member_id) WHERE (member_id IS NOT NULL);

CREATE UNIQUE INDEX volunteer_signups_member_key ON public.volunteer_signups USING btree (job_id, COALESCE(timeslot_id, '00000000-0000-0000-0000-000000000000'::uuid), member_id) WHERE ((status = 'signed_up'::text) AND (member_id IS NOT NULL));

ALTER TABLE ONLY public.volunteer_signups
    ADD CONSTRAINT volunteer_signups_job_id_community_id_fkey FOREIGN KEY (job_id, community_id) REFERENCES public.volunteer_jobs(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.volunteer_signups
    ADD CONSTRAINT volunteer_signups_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.volunteer_signups
    ADD CONSTRAINT volunteer_signups_timeslot_id_community_id_fkey FOREIGN KEY (timeslot_id, community_id) REFERENCES public.volunteer_timeslots(id, community_id) ON DELETE CASCADE;

CREATE INDEX volunteer_timeslots_job_idx ON public.volunteer_timeslots USING btree (job_id);

ALTER TABLE ONLY public.volunteer_timeslots
    ADD CONSTRAINT volunteer_timeslots_job_id_community_id_fkey FOREIGN KEY (job_id, community_id) REFERENCES public.volunteer_jobs(id, community_id) ON DELETE CASCADE;

-- schemas/groups/constraints.sql

CREATE INDEX group_welcome_outbox_due_idx ON app_private.group_welcome_outbox USING btree (due_at);

ALTER TABLE ONLY app_private.group_welcome_outbox
    ADD CONSTRAINT group_welcome_outbox_group_member_id_fkey FOREIGN KEY (group_member_id) REFERENCES public.group_members(id) ON DELETE CASCADE;

CREATE INDEX group_fee_charges_community_idx ON public.group_fee_charges USING btree (community_id, period_start);

CREATE INDEX group_fee_charges_invoice_idx ON public.group_fee_charges USING btree (invoice_id);

CREATE UNIQUE INDEX group_fee_charges_once_key ON public.group_fee_charges USING btree (group_member_id, period_start);

ALTER TABLE ONLY public.group_fee_charges
    ADD CONSTRAINT group_fee_charges_group_id_community_id_fkey FOREIGN KEY (group_id, community_id) REFERENCES public.groups(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_fee_charges
    ADD CONSTRAINT group_fee_charges_group_member_id_fkey FOREIGN KEY (group_member_id) REFERENCES public.group_members(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_fee_charges
    ADD CONSTRAINT group_fee_charges_invoice_id_community_id_fkey FOREIGN KEY (invoice_id, community_id) REFERENCES public.invoices(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_fee_charges
    ADD CONSTRAINT group_fee_charges_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

CREATE INDEX group_join_requests_group_idx ON public.group_join_requests USING btree (group_id, status, created_at);

CREATE UNIQUE INDEX group_join_requests_pending_key ON public.group_join_requests USING btree (group_id, member_id) WHERE (status = 'pending'::text);

ALTER TABLE ONLY public.group_join_requests
    ADD CONSTRAINT group_join_requests_group_id_community_id_fkey FOREIGN KEY (group_id, community_id) REFERENCES public.groups(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_join_requests
    ADD CONSTRAINT group_join_requests_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

CREATE UNIQUE INDEX group_members_active_key ON public.group_members USING btree (group_id, member_id) WHERE (left_at IS NULL);

CREATE INDEX group_members_community_joined_idx ON public.group_members USING btree (community_id, joined_at);

CREATE INDEX group_members_member_idx ON public.group_members USING btree (member_id) WHERE (left_at IS NULL);

ALTER TABLE ONLY public.group_members
    ADD CONSTRAINT group_members_group_id_community_id_fkey FOREIGN KEY (group_id, community_id) REFERENCES public.groups(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_members
    ADD CONSTRAINT group_members_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

CREATE INDEX groups_club_idx ON public.groups USING btree (club_id) WHERE (club_id IS NOT NULL);

CREATE INDEX groups_community_idx ON public.groups USING btree (community_id, archived, title);

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_club_id_community_id_fkey FOREIGN KEY (club_id, community_id) REFERENCES public.clubs(id, community_id);

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_owner_member_id_community_id_fkey FOREIGN KEY (owner_member_id, community_id) REFERENCES public.members(id, community_id);

-- schemas/knowledge_base/constraints.sql

CREATE INDEX kb_articles_category_idx ON public.kb_articles USING btree (category_id, sort_order, title);

CREATE INDEX kb_articles_community_updated_idx ON public.kb_articles USING btree (community_id, updated_at DESC);

CREATE INDEX kb_articles_search_text_idx ON public.kb_articles USING gin (search_text extensions.gin_trgm_ops);

CREATE UNIQUE INDEX kb_articles_slug_key ON public.kb_articles USING btree (community_id, slug);

ALTER TABLE ONLY public.kb_articles
    ADD CONSTRAINT kb_articles_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.kb_articles
    ADD CONSTRAINT kb_articles_category_id_community_id_fkey FOREIGN KEY (category_id, community_id) REFERENCES public.kb_categories(id, community_id) ON DELETE SET NULL (category_id);

ALTER TABLE ONLY public.kb_articles
    ADD CONSTRAINT kb_articles_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.kb_articles
    ADD CONSTRAINT kb_articles_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE UNIQUE INDEX kb_categories_name_key ON public.kb_categories USING btree (community_id, lower(name));

ALTER TABLE ONLY public.kb_categories
    ADD CONSTRAINT kb_categories_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

-- schemas/members/constraints.sql

CREATE INDEX cpr_audit_community_idx ON public.cpr_audit USING btree (community_id, at DESC);

ALTER TABLE ONLY public.cpr_audit
    ADD CONSTRAINT cpr_audit_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

CREATE INDEX member_arrears_community_idx ON public.member_arrears USING btree (community_id, since);

ALTER TABLE ONLY public.member_arrears
    ADD CONSTRAINT member_arrears_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

CREATE INDEX member_certificates_member_idx ON public.member_certificates USING btree (member_id, kind);

ALTER TABLE ONLY public.member_certificates
    ADD CONSTRAINT member_certificates_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

CREATE INDEX member_cpr_hash_idx ON public.member_cpr USING btree (community_id, cpr_hash);

ALTER TABLE ONLY public.member_cpr
    ADD CONSTRAINT member_cpr_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

CREATE INDEX member_history_community_idx ON public.member_history USING btree (community_id, id DESC);

CREATE INDEX member_history_member_idx ON public.member_history USING btree (member_id, id DESC);

ALTER TABLE ONLY public.member_history
    ADD CONSTRAINT member_history_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

CREATE INDEX member_import_jobs_community_idx ON public.member_import_jobs USING btree (community_id, created_at DESC);

CREATE UNIQUE INDEX member_import_jobs_one_open_idx ON public.member_import_jobs USING btree (community_id) WHERE (status = ANY (ARRAY['queued'::text, 'running'::text]));

ALTER TABLE ONLY public.member_import_jobs
    ADD CONSTRAINT member_import_jobs_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.member_import_jobs
    ADD CONSTRAINT member_import_jobs_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE INDEX member_import_rows_pending_idx ON public.member_import_rows USING btree (job_id, line) WHERE (status = 'pending'::text);

ALTER TABLE ONLY public.member_import_rows
    ADD CONSTRAINT member_import_rows_job_id_fkey FOREIGN KEY (job_id) REFERENCES public.member_import_jobs(id) ON DELETE CASCADE;

CREATE INDEX member_relations_related_idx ON public.member_relations USING btree (related_member_id);

ALTER TABLE ONLY public.member_relations
    ADD CONSTRAINT member_relations_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.member_relations
    ADD CONSTRAINT member_relations_related_member_id_community_id_fkey FOREIGN KEY (related_member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

CREATE INDEX members_club_idx ON public.members USING btree (club_id) WHERE (club_id IS NOT NULL);

CREATE INDEX members_community_birth_idx ON public.members USING btree (community_id, birth_date, id);

CREATE INDEX members_community_email_sort_idx ON public.members USING btree (community_id, lower(email), id);

CREATE INDEX members_community_gender_idx ON public.members USING btree (community_id, gender);

CREATE INDEX members_community_joined_idx ON public.members USING btree (community_id, joined_on, id);

CREATE INDEX members_community_name_id_idx ON public.members USING btree (community_id, last_name, first_name, id);

CREATE INDEX members_community_name_idx ON public.members USING btree (community_id, last_name, first_name);

CREATE INDEX members_community_status_name_idx ON public.members USING btree (community_id, status, last_name, first_name, id);

CREATE UNIQUE INDEX members_community_user_key ON public.members USING btree (community_id, user_id) WHERE (user_id IS NOT NULL);

CREATE INDEX members_email_idx ON public.members USING btree (community_id, lower(email));

CREATE INDEX members_full_name_trgm_idx ON public.members USING gin (full_name extensions.gin_trgm_ops);

CREATE INDEX members_left_idx ON public.members USING btree (community_id, left_on) WHERE ((status = 'left'::public.member_status) AND (erased_at IS NULL));

CREATE INDEX members_membership_id_idx ON public.members USING btree (community_id, membership_id) WHERE (membership_id IS NOT NULL);

CREATE INDEX members_phone_digits_idx ON public.members USING btree (community_id, replace(phone, ' '::text, ''::text)) WHERE (phone IS NOT NULL);

CREATE INDEX members_user_idx ON public.members USING btree (user_id);

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_club_id_community_id_fkey FOREIGN KEY (club_id, community_id) REFERENCES public.clubs(id, community_id);

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL;

-- schemas/news/constraints.sql

CREATE INDEX news_comments_post_created_idx ON public.news_comments USING btree (post_id, created_at DESC, id);

CREATE INDEX news_comments_post_idx ON public.news_comments USING btree (post_id, created_at);

ALTER TABLE ONLY public.news_comments
    ADD CONSTRAINT news_comments_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.news_comments
    ADD CONSTRAINT news_comments_hidden_by_fkey FOREIGN KEY (hidden_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.news_comments
    ADD CONSTRAINT news_comments_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE SET NULL (member_id);

ALTER TABLE ONLY public.news_comments
    ADD CONSTRAINT news_comments_post_id_community_id_fkey FOREIGN KEY (post_id, community_id) REFERENCES public.news_posts(id, community_id) ON DELETE CASCADE;

CREATE INDEX news_mailing_recipients_pending_idx ON public.news_mailing_recipients USING btree (mailing_id) WHERE (status = 'pending'::text);

CREATE UNIQUE INDEX news_mailing_recipients_token_idx ON public.news_mailing_recipients USING btree (unsubscribe_token);

ALTER TABLE ONLY public.news_mailing_recipients
    ADD CONSTRAINT news_mailing_recipients_mailing_id_fkey FOREIGN KEY (mailing_id) REFERENCES public.news_mailings(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.news_mailing_recipients
    ADD CONSTRAINT news_mailing_recipients_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id) ON DELETE SET NULL;

CREATE INDEX news_mailings_member_idx ON public.news_mailings USING btree (community_id, created_at DESC) WHERE (post_id IS NULL);

CREATE INDEX news_mailings_open_idx ON public.news_mailings USING btree (created_at) WHERE (status <> 'done'::public.news_mailing_status);

CREATE INDEX news_mailings_post_idx ON public.news_mailings USING btree (post_id, created_at DESC);

ALTER TABLE ONLY public.news_mailings
    ADD CONSTRAINT news_mailings_post_id_community_id_fkey FOREIGN KEY (post_id, community_id) REFERENCES public.news_posts(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.news_mailings
    ADD CONSTRAINT news_mailings_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE INDEX news_posts_community_idx ON public.news_posts USING btree (community_id, COALESCE(published_at, release_at, created_at) DESC);

CREATE INDEX news_posts_due_release_idx ON public.news_posts USING btree (release_at) WHERE (status = 'scheduled'::public.event_status);

CREATE INDEX news_posts_status_idx ON public.news_posts USING btree (community_id, status, COALESCE(published_at, release_at, created_at) DESC);

ALTER TABLE ONLY public.news_posts
    ADD CONSTRAINT news_posts_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.news_posts
    ADD CONSTRAINT news_posts_club_id_community_id_fkey FOREIGN KEY (club_id, community_id) REFERENCES public.clubs(id, community_id);

ALTER TABLE ONLY public.news_posts
    ADD CONSTRAINT news_posts_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.news_mail_unsubscribes
    ADD CONSTRAINT news_mail_unsubscribes_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.news_mail_unsubscribes
    ADD CONSTRAINT news_mail_unsubscribes_mailing_id_fkey FOREIGN KEY (mailing_id) REFERENCES public.news_mailings(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.news_mail_unsubscribes
    ADD CONSTRAINT news_mail_unsubscribes_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id) ON DELETE SET NULL;

-- schemas/orders/constraints.sql

CREATE INDEX order_status_changes_order_idx ON public.order_status_changes USING btree (order_id, changed_at, id);

ALTER TABLE ONLY public.order_status_changes
    ADD CONSTRAINT order_status_changes_changed_by_fkey FOREIGN KEY (changed_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.order_status_changes
    ADD CONSTRAINT order_status_changes_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id) ON DELETE CASCADE;

CREATE INDEX orders_community_idx ON public.orders USING btree (community_id, created_at DESC);

CREATE INDEX orders_member_idx ON public.orders USING btree (member_id);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id);

-- schemas/billing/triggers.sql

CREATE TRIGGER account_credits_totals_delete AFTER DELETE ON public.account_credits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.credits_refresh_account_totals();

CREATE TRIGGER account_credits_totals_insert AFTER INSERT ON public.account_credits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.credits_refresh_account_totals();

CREATE TRIGGER account_credits_totals_update AFTER UPDATE ON public.account_credits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.credits_refresh_account_totals();

CREATE TRIGGER billing_accounts_arrears AFTER UPDATE OF member_id ON public.billing_accounts FOR EACH ROW WHEN ((old.member_id IS DISTINCT FROM new.member_id)) EXECUTE FUNCTION app_private.account_refresh_arrears();

CREATE TRIGGER billing_accounts_before_write BEFORE INSERT OR UPDATE ON public.billing_accounts FOR EACH ROW EXECUTE FUNCTION app_private.before_billing_account_write();

CREATE TRIGGER billing_accounts_totals_insert AFTER INSERT ON public.billing_accounts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.accounts_add_totals();

CREATE TRIGGER billing_plans_before_delete BEFORE DELETE ON public.billing_plans FOR EACH ROW EXECUTE FUNCTION app_private.before_billing_plan_delete();

CREATE TRIGGER billing_plans_before_write BEFORE INSERT OR UPDATE ON public.billing_plans FOR EACH ROW EXECUTE FUNCTION app_private.before_billing_plan_write();

CREATE TRIGGER billing_settings_audit AFTER INSERT OR UPDATE ON public.billing_settings FOR EACH ROW EXECUTE FUNCTION app_private.audit_billing_settings();

CREATE TRIGGER billing_settings_touch BEFORE UPDATE ON public.billing_settings FOR EACH ROW EXECUTE FUNCTION app_private.touch_billing_settings();

CREATE TRIGGER invoice_lines_after_delete AFTER DELETE ON public.invoice_lines REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION app_private.after_invoice_lines_change();

CREATE TRIGGER invoice_lines_after_insert AFTER INSERT ON public.invoice_lines REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION app_private.after_invoice_lines_change();

CREATE TRIGGER invoice_lines_after_update AFTER UPDATE ON public.invoice_lines REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION app_private.after_invoice_lines_change();

CREATE TRIGGER invoice_lines_before_write BEFORE INSERT OR UPDATE ON public.invoice_lines FOR EACH ROW EXECUTE FUNCTION app_private.before_invoice_line_write();

CREATE TRIGGER invoice_payments_after_insert AFTER INSERT ON public.invoice_payments FOR EACH ROW EXECUTE FUNCTION app_private.after_invoice_payment();

CREATE TRIGGER invoice_payments_audit AFTER INSERT OR DELETE ON public.invoice_payments FOR EACH ROW EXECUTE FUNCTION app_private.audit_payment();

CREATE TRIGGER invoice_payments_before_insert BEFORE INSERT ON public.invoice_payments FOR EACH ROW EXECUTE FUNCTION app_private.before_invoice_payment();

CREATE TRIGGER invoice_reminders_after_insert AFTER INSERT ON public.invoice_reminders FOR EACH ROW EXECUTE FUNCTION app_private.after_invoice_reminder();

CREATE TRIGGER invoice_reminders_before_insert BEFORE INSERT ON public.invoice_reminders FOR EACH ROW EXECUTE FUNCTION app_private.before_invoice_reminder();

CREATE TRIGGER invoice_reminders_before_update BEFORE UPDATE ON public.invoice_reminders FOR EACH ROW EXECUTE FUNCTION app_private.before_invoice_reminder_update();

CREATE TRIGGER invoices_a_lock_status_counts BEFORE INSERT OR DELETE ON public.invoices FOR EACH ROW EXECUTE FUNCTION app_private.invoices_lock_status_counts();

CREATE TRIGGER invoices_a_lock_status_counts_update BEFORE UPDATE ON public.invoices FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.community_id IS DISTINCT FROM new.community_id))) EXECUTE FUNCTION app_private.invoices_lock_status_counts();

CREATE TRIGGER invoices_account_totals_delete AFTER DELETE ON public.invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_refresh_account_totals();

CREATE TRIGGER invoices_account_totals_insert AFTER INSERT ON public.invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_refresh_account_totals();

CREATE TRIGGER invoices_account_totals_update AFTER UPDATE ON public.invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_refresh_account_totals();

CREATE TRIGGER invoices_after_credit_note_issued AFTER UPDATE OF status ON public.invoices FOR EACH ROW WHEN (((new.kind = 'credit_note'::text) AND (old.status = 'draft'::public.invoice_status) AND (new.status = 'issued'::public.invoice_status))) EXECUTE FUNCTION app_private.after_credit_note_issued();

CREATE TRIGGER invoices_after_paid AFTER UPDATE OF status ON public.invoices FOR EACH ROW WHEN (((new.status = 'paid'::public.invoice_status) AND (old.status <> 'paid'::public.invoice_status))) EXECUTE FUNCTION app_private.after_invoice_paid();

CREATE TRIGGER invoices_arrears_delete AFTER DELETE ON public.invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_refresh_arrears();

CREATE TRIGGER invoices_arrears_insert AFTER INSERT ON public.invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_refresh_arrears();

CREATE TRIGGER invoices_arrears_update AFTER UPDATE ON public.invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_refresh_arrears();

CREATE TRIGGER invoices_audit_status AFTER UPDATE ON public.invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.audit_invoice_statuses();

CREATE TRIGGER invoices_before_delete BEFORE DELETE ON public.invoices FOR EACH ROW EXECUTE FUNCTION app_private.before_invoice_delete();

CREATE TRIGGER invoices_before_write BEFORE INSERT OR UPDATE ON public.invoices FOR EACH ROW EXECUTE FUNCTION app_private.before_invoice_write();

CREATE TRIGGER invoices_count_deleted AFTER DELETE ON public.invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_count_statuses();

CREATE TRIGGER invoices_count_inserted AFTER INSERT ON public.invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_count_statuses();

CREATE TRIGGER invoices_count_truncated AFTER TRUNCATE ON public.invoices FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_count_truncated();

CREATE TRIGGER invoices_count_updated AFTER UPDATE ON public.invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_count_statuses();

CREATE TRIGGER payment_terms_before_write BEFORE INSERT OR UPDATE ON public.payment_terms FOR EACH ROW EXECUTE FUNCTION app_private.before_payment_terms_write();

-- schemas/booking/triggers.sql

CREATE TRIGGER bookings_before_update BEFORE UPDATE ON public.bookings FOR EACH ROW EXECUTE FUNCTION app_private.before_booking_update();

CREATE TRIGGER bookings_capacity_guard BEFORE INSERT OR UPDATE ON public.bookings FOR EACH ROW EXECUTE FUNCTION app_private.guard_booking_capacity();

-- schemas/community/triggers.sql

CREATE TRIGGER clubs_audit_deletion AFTER DELETE ON public.clubs FOR EACH ROW EXECUTE FUNCTION app_private.audit_deletion();

CREATE TRIGGER clubs_before_write BEFORE INSERT OR UPDATE OF name ON public.clubs FOR EACH ROW EXECUTE FUNCTION app_private.before_club_write();

CREATE TRIGGER communities_after_created AFTER INSERT ON public.communities FOR EACH ROW EXECUTE FUNCTION app_private.after_community_created();

CREATE TRIGGER communities_audit_settings AFTER UPDATE ON public.communities FOR EACH ROW EXECUTE FUNCTION app_private.audit_settings();

CREATE TRIGGER communities_normalise BEFORE INSERT OR UPDATE OF slug, time_zone ON public.communities FOR EACH ROW EXECUTE FUNCTION app_private.normalise_community();

CREATE TRIGGER community_settings_audit AFTER UPDATE ON public.community_settings FOR EACH ROW EXECUTE FUNCTION app_private.audit_settings();

CREATE TRIGGER community_settings_touch BEFORE UPDATE ON public.community_settings FOR EACH ROW EXECUTE FUNCTION app_private.touch_community_settings();

CREATE TRIGGER memberships_audit AFTER INSERT OR DELETE OR UPDATE ON public.memberships FOR EACH ROW EXECUTE FUNCTION app_private.audit_membership();

CREATE TRIGGER memberships_keep_an_owner BEFORE DELETE OR UPDATE OF role ON public.memberships FOR EACH ROW EXECUTE FUNCTION app_private.keep_an_owner();

CREATE TRIGGER tags_audit_deletion AFTER DELETE ON public.tags FOR EACH ROW EXECUTE FUNCTION app_private.audit_deletion();

CREATE TRIGGER tags_before_write BEFORE INSERT OR UPDATE OF name ON public.tags FOR EACH ROW EXECUTE FUNCTION app_private.before_tag_write();

-- schemas/events/triggers.sql

CREATE TRIGGER events_audit_deletion AFTER DELETE ON public.events FOR EACH ROW EXECUTE FUNCTION app_private.audit_deletion();

CREATE TRIGGER events_before_write BEFORE INSERT OR UPDATE ON public.events FOR EACH ROW EXECUTE FUNCTION app_private.before_event_write();

CREATE TRIGGER volunteer_signups_guest_on_cancelled BEFORE INSERT OR UPDATE ON public.volunteer_signups FOR EACH ROW EXECUTE FUNCTION app_private.before_guest_signup();

-- schemas/groups/triggers.sql

CREATE TRIGGER group_fee_charges_after_insert AFTER INSERT ON public.group_fee_charges REFERENCING NEW TABLE AS new_charges FOR EACH STATEMENT EXECUTE FUNCTION app_private.after_group_fee_charges();

CREATE TRIGGER group_members_check_open BEFORE INSERT ON public.group_members FOR EACH ROW EXECUTE FUNCTION app_private.check_group_open();

CREATE TRIGGER group_members_queue_welcome AFTER INSERT ON public.group_members FOR EACH ROW EXECUTE FUNCTION app_private.queue_group_welcome();

CREATE TRIGGER groups_audit_deletion AFTER DELETE ON public.groups FOR EACH ROW EXECUTE FUNCTION app_private.audit_deletion();

CREATE TRIGGER groups_check_charging_start BEFORE INSERT OR UPDATE OF payment_frequency, charging_starts_on ON public.groups FOR EACH ROW EXECUTE FUNCTION app_private.check_group_charging_start();

CREATE TRIGGER groups_check_delete BEFORE DELETE ON public.groups FOR EACH ROW EXECUTE FUNCTION app_private.check_group_delete();

CREATE TRIGGER groups_stamp_archive BEFORE INSERT OR UPDATE OF archived ON public.groups FOR EACH ROW EXECUTE FUNCTION app_private.stamp_group_archive();

-- schemas/knowledge_base/triggers.sql

CREATE TRIGGER kb_articles_audit_deletion AFTER DELETE ON public.kb_articles FOR EACH ROW EXECUTE FUNCTION app_private.audit_deletion();

CREATE TRIGGER kb_articles_before_write BEFORE INSERT OR UPDATE ON public.kb_articles FOR EACH ROW EXECUTE FUNCTION app_private.before_kb_write();

CREATE TRIGGER kb_categories_before_write BEFORE INSERT OR UPDATE ON public.kb_categories FOR EACH ROW EXECUTE FUNCTION app_private.before_kb_write();

-- schemas/members/triggers.sql

CREATE TRIGGER cpr_audit_to_audit_log AFTER INSERT ON public.cpr_audit FOR EACH ROW EXECUTE FUNCTION app_private.audit_cpr();

CREATE TRIGGER member_history_to_audit_log AFTER INSERT ON public.member_history FOR EACH ROW EXECUTE FUNCTION app_private.audit_member_history();

CREATE TRIGGER member_relations_check BEFORE INSERT OR UPDATE ON public.member_relations FOR EACH ROW EXECUTE FUNCTION app_private.check_member_relation();

CREATE TRIGGER members_after_change AFTER UPDATE ON public.members FOR EACH ROW EXECUTE FUNCTION app_private.after_member_change();

CREATE TRIGGER members_after_created AFTER INSERT ON public.members REFERENCING NEW TABLE AS new_members FOR EACH STATEMENT EXECUTE FUNCTION app_private.after_members_created();

CREATE TRIGGER members_after_linked AFTER INSERT OR UPDATE OF user_id ON public.members FOR EACH ROW EXECUTE FUNCTION app_private.after_member_linked();

CREATE TRIGGER members_audit_deletion AFTER DELETE ON public.members FOR EACH ROW EXECUTE FUNCTION app_private.audit_deletion();

CREATE TRIGGER members_audit_status AFTER UPDATE OF status ON public.members FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION app_private.audit_member_status();

CREATE TRIGGER members_before_write BEFORE INSERT OR UPDATE ON public.members FOR EACH ROW EXECUTE FUNCTION app_private.before_member_write();

CREATE TRIGGER members_check_address BEFORE INSERT OR UPDATE OF postal_code, city, country ON public.members FOR EACH ROW EXECUTE FUNCTION app_private.check_member_address();

CREATE TRIGGER members_self_service_guard BEFORE UPDATE ON public.members FOR EACH ROW EXECUTE FUNCTION app_private.guard_member_self_service();

-- schemas/news/triggers.sql

CREATE TRIGGER news_posts_before_write BEFORE INSERT OR UPDATE ON public.news_posts FOR EACH ROW EXECUTE FUNCTION app_private.before_news_write();

CREATE TRIGGER news_posts_check_author BEFORE INSERT OR UPDATE ON public.news_posts FOR EACH ROW EXECUTE FUNCTION app_private.check_news_author();

-- schemas/orders/triggers.sql

CREATE TRIGGER orders_after_status AFTER INSERT OR UPDATE OF status ON public.orders FOR EACH ROW EXECUTE FUNCTION app_private.after_order_status();

CREATE TRIGGER orders_before_write BEFORE INSERT OR UPDATE ON public.orders FOR EACH ROW EXECUTE FUNCTION app_private.before_order_write();

-- schemas/billing/policies.sql

CREATE POLICY account_credits_billing_admin_read ON public.account_credits FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY billing_account_totals_billing_admin_read ON public.billing_account_totals FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY billing_account_totals_own_read ON public.billing_account_totals FOR SELECT USING ((account_id = ANY (( SELECT app_private.my_account_ids() AS my_account_ids)::uuid[])));

CREATE POLICY billing_accounts_billing_admin_all ON public.billing_accounts USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY billing_plans_billing_admin_all ON public.billing_plans USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY billing_plans_member_read ON public.billing_plans FOR SELECT USING ((active AND (community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[]))));

CREATE POLICY billing_settings_billing_admin_all ON public.billing_settings USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoice_lines_billing_admin_all ON public.invoice_lines USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoice_lines_own_read ON public.invoice_lines FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.invoices i
  WHERE (i.id = invoice_lines.invoice_id))));

CREATE POLICY invoice_payments_billing_admin_all ON public.invoice_payments USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoice_reminders_billing_admin_insert ON public.invoice_reminders FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoice_reminders_billing_admin_read ON public.invoice_reminders FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoice_status_counts_billing_admin_read ON public.invoice_status_counts FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoices_billing_admin_all ON public.invoices USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoices_own_read ON public.invoices FOR SELECT USING ((account_id = ANY (( SELECT app_private.my_account_ids() AS my_account_ids)::uuid[])));

CREATE POLICY payment_terms_billing_admin_all ON public.payment_terms USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_credit_rules_billing_admin_all ON public.volunteer_credit_rules USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_credits_billing_admin_read ON public.volunteer_credits FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_credits_own_read ON public.volunteer_credits FOR SELECT USING ((member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[])));

-- schemas/booking/policies.sql

CREATE POLICY booking_closed_days_booking_admin_all ON public.booking_closed_days USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY booking_closed_days_member_read ON public.booking_closed_days FOR SELECT USING ((community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[])));

CREATE POLICY booking_products_booking_admin_all ON public.booking_products USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY booking_products_member_read ON public.booking_products FOR SELECT USING (((deleted_at IS NULL) AND (community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[]))));

CREATE POLICY booking_series_booking_admin_all ON public.booking_series USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY bookings_booking_admin_all ON public.bookings USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY bookings_own_read ON public.bookings FOR SELECT USING ((member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[])));

CREATE POLICY product_availability_booking_admin_all ON public.product_availability USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY product_availability_member_read ON public.product_availability FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.booking_products p
  WHERE (p.id = product_availability.product_id))));

CREATE POLICY product_required_certificates_booking_admin_all ON public.product_required_certificates USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY product_required_certificates_member_read ON public.product_required_certificates FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.booking_products p
  WHERE (p.id = product_required_certificates.product_id))));

CREATE POLICY product_required_groups_booking_admin_all ON public.product_required_groups USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY product_required_groups_member_read ON public.product_required_groups FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.booking_products p
  WHERE (p.id = product_required_groups.product_id))));

-- schemas/community/policies.sql

CREATE POLICY audit_log_owner_manager_read ON public.audit_log FOR SELECT USING (((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])) OR (community_id = ANY (( SELECT app_private.manager_communities() AS manager_communities)::uuid[]))));

CREATE POLICY clubs_owner_write ON public.clubs USING ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])));

CREATE POLICY clubs_read ON public.clubs FOR SELECT USING ((community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[])));

CREATE POLICY communities_owner_update ON public.communities FOR UPDATE USING ((id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[]))) WITH CHECK ((id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])));

CREATE POLICY communities_read ON public.communities FOR SELECT USING (true);

CREATE POLICY community_settings_member_read ON public.community_settings FOR SELECT USING ((community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[])));

CREATE POLICY community_settings_owner_write ON public.community_settings USING ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])));

CREATE POLICY event_tags_admin_delete ON public.event_tags FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_tags_admin_insert ON public.event_tags FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_tags_admin_update ON public.event_tags FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_tags_read ON public.event_tags FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR false));

CREATE POLICY group_tags_admin_read ON public.group_tags FOR SELECT USING ((community_id = ANY (( SELECT app_private.admin_communities() AS admin_communities)::uuid[])));

CREATE POLICY group_tags_group_admin_write ON public.group_tags USING ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY member_tags_admin_read ON public.member_tags FOR SELECT USING ((community_id = ANY (( SELECT app_private.admin_communities() AS admin_communities)::uuid[])));

CREATE POLICY member_tags_member_admin_write ON public.member_tags USING ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY memberships_owner_write ON public.memberships USING ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])));

CREATE POLICY memberships_read ON public.memberships FOR SELECT USING (((user_id = ( SELECT auth.uid() AS uid)) OR (community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])) OR (community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[]))));

CREATE POLICY redirects_owner_all ON public.redirects USING ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])));

CREATE POLICY tags_admin_all ON public.tags USING ((community_id = ANY (( SELECT app_private.admin_communities() AS admin_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.admin_communities() AS admin_communities)::uuid[])));

-- schemas/events/policies.sql

CREATE POLICY addon_options_admin_delete ON public.addon_options FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY addon_options_admin_insert ON public.addon_options FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY addon_options_admin_update ON public.addon_options FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY addon_options_read ON public.addon_options FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.event_addons a
  WHERE (a.id = addon_options.addon_id)))));

CREATE POLICY event_addons_admin_delete ON public.event_addons FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_addons_admin_insert ON public.event_addons FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_addons_admin_update ON public.event_addons FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_addons_read ON public.event_addons FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.events e
  WHERE (e.id = event_addons.event_id)))));

CREATE POLICY event_invitations_admin_delete ON public.event_invitations FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_invitations_admin_insert ON public.event_invitations FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_invitations_admin_update ON public.event_invitations FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_invitations_read ON public.event_invitations FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[]))));

CREATE POLICY events_admin_delete ON public.events FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY events_admin_insert ON public.events FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY events_admin_update ON public.events FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY events_read ON public.events FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR app_private.event_visible(id, community_id, status, release_at, published_at, visibility)));

CREATE POLICY purchase_addons_admin_delete ON public.purchase_addons FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY purchase_addons_admin_insert ON public.purchase_addons FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY purchase_addons_admin_update ON public.purchase_addons FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY purchase_addons_read ON public.purchase_addons FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.ticket_purchases p
  WHERE (p.id = purchase_addons.purchase_id)))));

CREATE POLICY ticket_purchases_admin_delete ON public.ticket_purchases FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY ticket_purchases_admin_insert ON public.ticket_purchases FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY ticket_purchases_admin_update ON public.ticket_purchases FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY ticket_purchases_read ON public.ticket_purchases FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[]))));

CREATE POLICY tickets_admin_delete ON public.tickets FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY tickets_admin_insert ON public.tickets FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY tickets_admin_update ON public.tickets FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY tickets_read ON public.tickets FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.events e
  WHERE (e.id = tickets.event_id)))));

CREATE POLICY volunteer_jobs_admin_delete ON public.volunteer_jobs FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_jobs_admin_insert ON public.volunteer_jobs FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_jobs_admin_update ON public.volunteer_jobs FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_jobs_read ON public.volunteer_jobs FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.events e
  WHERE (e.id = volunteer_jobs.event_id)))));

CREATE POLICY volunteer_signups_admin_delete ON public.volunteer_signups FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_signups_admin_insert ON public.volunteer_signups FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_signups_admin_update ON public.volunteer_signups FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_signups_read ON public.volunteer_signups FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[]))));

CREATE POLICY volunteer_timeslots_admin_delete ON public.volunteer_timeslots FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_timeslots_admin_insert ON public.volunteer_timeslots FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_timeslots_admin_update ON public.volunteer_timeslots FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_timeslots_read ON public.volunteer_timeslots FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.volunteer_jobs j
  WHERE (j.id = volunteer_timeslots.job_id)))));

-- schemas/groups/policies.sql

CREATE POLICY group_fee_charges_billing_admin_delete ON public.group_fee_charges FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY group_fee_charges_billing_admin_read ON public.group_fee_charges FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])) OR (community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[]))));

CREATE POLICY group_join_requests_admin_read ON public.group_join_requests FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY group_join_requests_own_read ON public.group_join_requests FOR SELECT USING ((member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[])));

CREATE POLICY group_members_admin_all ON public.group_members USING ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY group_members_own_read ON public.group_members FOR SELECT USING ((member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[])));

CREATE POLICY groups_admin_all ON public.groups USING ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY groups_visible ON public.groups FOR SELECT USING (((NOT archived) AND ((visibility = 'public'::public.group_visibility) OR ((visibility = 'members'::public.group_visibility) AND (community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[]))) OR (id = ANY (( SELECT app_private.my_group_ids() AS my_group_ids)::uuid[])))));

-- schemas/knowledge_base/policies.sql

CREATE POLICY kb_articles_admin_delete ON public.kb_articles FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY kb_articles_admin_insert ON public.kb_articles FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY kb_articles_admin_update ON public.kb_articles FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY kb_articles_read ON public.kb_articles FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])) OR ((status = 'published'::public.kb_article_status) AND ((visibility = 'public'::public.kb_visibility) OR ((visibility = 'members'::public.kb_visibility) AND (community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[]))) OR ((visibility = 'admins'::public.kb_visibility) AND (community_id = ANY (( SELECT app_private.admin_communities() AS admin_communities)::uuid[])))))));

CREATE POLICY kb_categories_admin_delete ON public.kb_categories FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY kb_categories_admin_insert ON public.kb_categories FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY kb_categories_admin_update ON public.kb_categories FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY kb_categories_read ON public.kb_categories FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.kb_articles a
  WHERE (a.category_id = kb_categories.id)))));

-- schemas/members/policies.sql

CREATE POLICY certificates_admin_all ON public.member_certificates USING ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY certificates_own_read ON public.member_certificates FOR SELECT USING ((member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[])));

CREATE POLICY cpr_audit_manager_read ON public.cpr_audit FOR SELECT USING ((community_id = ANY (( SELECT app_private.manager_communities() AS manager_communities)::uuid[])));

CREATE POLICY dk_postcodes_read ON public.dk_postcodes FOR SELECT USING (true);

CREATE POLICY member_arrears_register_read ON public.member_arrears FOR SELECT USING ((community_id = ANY (( SELECT app_private.register_communities() AS register_communities)::uuid[])));

CREATE POLICY member_history_admin_read ON public.member_history FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])) OR (community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])) OR (community_id = ANY (( SELECT app_private.manager_communities() AS manager_communities)::uuid[]))));

CREATE POLICY member_import_jobs_admin_read ON public.member_import_jobs FOR SELECT USING ((community_id = ANY (( SELECT app_private.register_communities() AS register_communities)::uuid[])));

CREATE POLICY member_import_rows_admin_read ON public.member_import_rows FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.member_import_jobs j
  WHERE (j.id = member_import_rows.job_id))));

CREATE POLICY member_relations_admin_all ON public.member_relations USING ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY members_admin_delete ON public.members FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY members_admin_update ON public.members FOR UPDATE USING (((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])) OR (user_id = ( SELECT auth.uid() AS uid)))) WITH CHECK (((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])) OR (user_id = ( SELECT auth.uid() AS uid))));

CREATE POLICY members_admin_write ON public.members FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY members_register_read ON public.members FOR SELECT USING (((community_id = ANY (( SELECT app_private.register_communities() AS register_communities)::uuid[])) OR (user_id = ( SELECT auth.uid() AS uid))));

-- schemas/news/policies.sql

CREATE POLICY news_admin_all ON public.news_posts USING ((community_id = ANY (( SELECT app_private.area_communities('news'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('news'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY news_visible ON public.news_posts FOR SELECT USING ((((status = 'published'::public.event_status) OR ((status = 'scheduled'::public.event_status) AND (release_at <= now()))) AND ((visibility = 'public'::public.news_visibility) OR ((visibility = 'members'::public.news_visibility) AND (community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[]))))));

CREATE POLICY news_comments_admin_all ON public.news_comments USING ((community_id = ANY (( SELECT app_private.area_communities('news'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('news'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY news_comments_own_delete ON public.news_comments FOR DELETE USING ((author_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY news_comments_visible ON public.news_comments FOR SELECT USING (((hidden_at IS NULL) AND (EXISTS ( SELECT 1
   FROM public.news_posts p
  WHERE (p.id = news_comments.post_id)))));

CREATE POLICY news_mail_unsubscribes_admin_read ON public.news_mail_unsubscribes FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('news'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY news_mailing_recipients_admin_read ON public.news_mailing_recipients FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.news_mailings m
  WHERE (m.id = news_mailing_recipients.mailing_id))));

CREATE POLICY news_mailings_admin_read ON public.news_mailings FOR SELECT USING (((post_id IS NOT NULL) AND (community_id = ANY (( SELECT app_private.area_communities('news'::public.admin_area) AS area_communities)::uuid[]))));

CREATE POLICY news_mailings_member_admin_read ON public.news_mailings FOR SELECT USING (((post_id IS NULL) AND (community_id = ANY (( SELECT app_private.register_communities() AS register_communities)::uuid[]))));

-- schemas/orders/policies.sql

CREATE POLICY order_status_changes_booking_admin_read ON public.order_status_changes FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY order_status_changes_own_read ON public.order_status_changes FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.orders o
  WHERE (o.id = order_status_changes.order_id))));

CREATE POLICY orders_booking_admin_all ON public.orders USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY orders_own_read ON public.orders FOR SELECT USING ((member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[])));

-- schemas/events/storage.sql

CREATE POLICY club_images_delete ON storage.objects FOR DELETE USING (((bucket_id = ANY (ARRAY['event-images'::text, 'group-covers'::text, 'product-images'::text, 'community-logos'::text, 'news-images'::text])) AND app_private.may_write_image(bucket_id, name)));

CREATE POLICY club_images_insert ON storage.objects FOR INSERT WITH CHECK (((bucket_id = ANY (ARRAY['event-images'::text, 'group-covers'::text, 'product-images'::text, 'community-logos'::text, 'news-images'::text])) AND app_private.may_write_image(bucket_id, name)));

CREATE POLICY club_images_read ON storage.objects FOR SELECT USING (((bucket_id = ANY (ARRAY['event-images'::text, 'group-covers'::text, 'product-images'::text, 'community-logos'::text, 'news-images'::text])) AND (app_private.community_of_path(name) = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[]))));

CREATE POLICY club_images_update ON storage.objects FOR UPDATE USING (((bucket_id = ANY (ARRAY['event-images'::text, 'group-covers'::text, 'product-images'::text, 'community-logos'::text, 'news-images'::text])) AND app_private.may_write_image(bucket_id, name))) WITH CHECK (app_private.may_write_image(bucket_id, name));

-- schemas/members/storage.sql

CREATE POLICY member_documents_delete ON storage.objects FOR DELETE USING (((bucket_id = 'member-documents'::text) AND app_private.may_write_member_document(name)));

CREATE POLICY member_documents_insert ON storage.objects FOR INSERT WITH CHECK (((bucket_id = 'member-documents'::text) AND app_private.may_write_member_document(name)));

CREATE POLICY member_documents_read ON storage.objects FOR SELECT USING (((bucket_id = 'member-documents'::text) AND app_private.may_read_member_document(name)));

CREATE POLICY member_documents_update ON storage.objects FOR UPDATE USING (((bucket_id = 'member-documents'::text) AND app_private.may_write_member_document(name))) WITH CHECK (((bucket_id = 'member-documents'::text) AND app_private.may_write_member_document(name)));

-- Reference data: the product's storage buckets (their content check is declared in
-- 20261202100000_storage_content_checks.sql) and the Danish postcode table (decision 0853).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('event-images', 'event-images', true, 5242880, array['image/png', 'image/jpeg']),
  ('group-covers', 'group-covers', true, 5242880, array['image/png', 'image/jpeg']),
  ('product-images', 'product-images', true, 5242880, array['image/png', 'image/jpeg']),
  ('community-logos', 'community-logos', true, 5242880, array['image/png', 'image/jpeg']),
  ('news-images', 'news-images', true, 5242880, array['image/png', 'image/jpeg']),
  ('member-documents', 'member-documents', false, 10485760, array['application/pdf', 'image/png', 'image/jpeg'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

insert into public.dk_postcodes (code, city) values
  ('0783', 'Facility'),
  ('0784', 'H&M'),
  ('0785', 'Bestseller'),
  ('0800', 'Høje Taastrup'),
  ('0900', 'København C'),
  ('0913', 'Københavns Pakkecent'),
  ('0914', 'Københavns Pakkecent'),
  ('0917', 'Københavns Pakkecent'),
  ('0960', 'Udland'),
  ('0999', 'København C'),
  ('1000', 'København K'),
  ('1050', 'København K'),
  ('1051', 'København K'),
  ('1052', 'København K'),
  ('1053', 'København K'),
  ('1054', 'København K'),
  ('1055', 'København K'),
  ('1056', 'København K'),
  ('1057', 'København K'),
  ('1058', 'København K'),
  ('1059', 'København K'),
  ('1060', 'København K'),
  ('1061', 'København K'),
  ('1062', 'København K'),
  ('1063', 'København K'),
  ('1064', 'København K'),
  ('1065', 'København K'),
  ('1066', 'København K'),
  ('1067', 'København K'),
  ('1068', 'København K'),
  ('1069', 'København K'),
  ('1070', 'København K'),
  ('1071', 'København K'),
  ('1072', 'København K'),
  ('1073', 'København K'),
  ('1074', 'København K'),
  ('1092', 'København K'),
  ('1093', 'København K'),
  ('1095', 'København K'),
  ('1098', 'København K'),
  ('1100', 'København K'),
  ('1101', 'København K'),
  ('1102', 'København K'),
  ('1103', 'København K'),
  ('1104', 'København K'),
  ('1105', 'København K'),
  ('1106', 'København K'),
  ('1107', 'København K'),
  ('1110', 'København K'),
  ('1111', 'København K'),
  ('1112', 'København K'),
  ('1113', 'København K'),
  ('1114', 'København K'),
  ('1115', 'København K'),
  ('1116', 'København K'),
  ('1117', 'København K'),
  ('1118', 'København K'),
  ('1119', 'København K'),
  ('1120', 'København K'),
  ('1121', 'København K'),
  ('1122', 'København K'),
  ('1123', 'København K'),
  ('1124', 'København K'),
  ('1125', 'København K'),
  ('1126', 'København K'),
  ('1127', 'København K'),
  ('1128', 'København K'),
  ('1129', 'København K'),
  ('1130', 'København K'),
  ('1131', 'København K'),
  ('1140', 'København K'),
  ('1147', 'København K'),
  ('1148', 'København K'),
  ('1150', 'København K'),
  ('1151', 'København K'),
  ('1152', 'København K'),
  ('1153', 'København K'),
  ('1154', 'København K'),
  ('1155', 'København K'),
  ('1156', 'København K'),
  ('1157', 'København K'),
  ('1158', 'København K'),
  ('1159', 'København K'),
  ('1160', 'København K'),
  ('1161', 'København K'),
  ('1162', 'København K'),
  ('1164', 'København K'),
  ('1165', 'København K'),
  ('1166', 'København K'),
  ('1167', 'København K'),
  ('1168', 'København K'),
  ('1169', 'København K'),
  ('1170', 'København K'),
  ('1171', 'København K'),
  ('1172', 'København K'),
  ('1173', 'København K'),
  ('1174', 'København K'),
  ('1175', 'København K'),
  ('1200', 'København K'),
  ('1201', 'København K'),
  ('1202', 'København K'),
  ('1203', 'København K'),
  ('1204', 'København K'),
  ('1205', 'København K'),
  ('1206', 'København K'),
  ('1207', 'København K'),
  ('1208', 'København K'),
  ('1209', 'København K'),
  ('1210', 'København K'),
  ('1211', 'København K'),
  ('1213', 'København K'),
  ('1214', 'København K'),
  ('1215', 'København K'),
  ('1216', 'København K'),
  ('1217', 'København K'),
  ('1218', 'København K'),
  ('1219', 'København K'),
  ('1220', 'København K'),
  ('1221', 'København K'),
  ('1240', 'København K'),
  ('1250', 'København K'),
  ('1251', 'København K'),
  ('1252', 'København K'),
  ('1253', 'København K'),
  ('1254', 'København K'),
  ('1255', 'København K'),
  ('1256', 'København K'),
  ('1257', 'København K'),
  ('1259', 'København K'),
  ('1260', 'København K'),
  ('1261', 'København K'),
  ('1263', 'København K'),
  ('1264', 'København K'),
  ('1265', 'København K'),
  ('1266', 'København K'),
  ('1267', 'København K'),
  ('1268', 'København K'),
  ('1270', 'København K'),
  ('1271', 'København K'),
  ('1300', 'København K'),
  ('1301', 'København K'),
  ('1302', 'København K'),
  ('1303', 'København K'),
  ('1304', 'København K'),
  ('1306', 'København K'),
  ('1307', 'København K'),
  ('1308', 'København K'),
  ('1309', 'København K'),
  ('1310', 'København K'),
  ('1311', 'København K'),
  ('1312', 'København K'),
  ('1313', 'København K'),
  ('1314', 'København K'),
  ('1315', 'København K'),
  ('1316', 'København K'),
  ('1317', 'København K'),
  ('1318', 'København K'),
  ('1319', 'København K'),
  ('1320', 'København K'),
  ('1321', 'København K'),
  ('1322', 'København K'),
  ('1323', 'København K'),
  ('1324', 'København K'),
  ('1325', 'København K'),
  ('1326', 'København K'),
  ('1327', 'København K'),
  ('1328', 'København K'),
  ('1329', 'København K'),
  ('1350', 'København K'),
  ('1352', 'København K'),
  ('1353', 'København K'),
  ('1354', 'København K'),
  ('1355', 'København K'),
  ('1356', 'København K'),
  ('1357', 'København K'),
  ('1358', 'København K'),
  ('1359', 'København K'),
  ('1360', 'København K'),
  ('1361', 'København K'),
  ('1362', 'København K'),
  ('1363', 'København K'),
  ('1364', 'København K'),
  ('1365', 'København K'),
  ('1366', 'København K'),
  ('1367', 'København K'),
  ('1368', 'København K'),
  ('1369', 'København K'),
  ('1370', 'København K'),
  ('1371', 'København K'),
  ('1400', 'København K'),
  ('1401', 'København K'),
  ('1402', 'København K'),
  ('1403', 'København K'),
  ('1406', 'København K'),
  ('1407', 'København K'),
  ('1408', 'København K'),
  ('1409', 'København K'),
  ('1410', 'København K'),
  ('1411', 'København K'),
  ('1412', 'København K'),
  ('1413', 'København K'),
  ('1414', 'København K'),
  ('1415', 'København K'),
  ('1416', 'København K'),
  ('1417', 'København K'),
  ('1418', 'København K'),
  ('1419', 'København K'),
  ('1420', 'København K'),
  ('1421', 'København K'),
  ('1422', 'København K'),
  ('1423', 'København K'),
  ('1424', 'København K'),
  ('1425', 'København K'),
  ('1426', 'København K'),
  ('1427', 'København K'),
  ('1428', 'København K'),
  ('1429', 'København K'),
  ('1430', 'København K'),
  ('1432', 'København K'),
  ('1433', 'København K'),
  ('1434', 'København K'),
  ('1435', 'København K'),
  ('1436', 'København K'),
  ('1437', 'København K'),
  ('1438', 'København K'),
  ('1439', 'København K'),
  ('1440', 'København K'),
  ('1441', 'København K'),
  ('1448', 'København K'),
  ('1450', 'København K'),
  ('1451', 'København K'),
  ('1452', 'København K'),
  ('1453', 'København K'),
  ('1454', 'København K'),
  ('1455', 'København K'),
  ('1456', 'København K'),
  ('1457', 'København K'),
  ('1458', 'København K'),
  ('1459', 'København K'),
  ('1460', 'København K'),
  ('1462', 'København K'),
  ('1463', 'København K'),
  ('1464', 'København K'),
  ('1466', 'København K'),
  ('1467', 'København K'),
  ('1468', 'København K'),
  ('1470', 'København K'),
  ('1471', 'København K'),
  ('1472', 'København K'),
  ('1473', 'København K'),
  ('1500', 'København V'),
  ('1532', 'København V'),
  ('1533', 'København V'),
  ('1550', 'København V'),
  ('1551', 'København V'),
  ('1552', 'København V'),
  ('1553', 'København V'),
  ('1554', 'København V'),
  ('1555', 'København V'),
  ('1556', 'København V'),
  ('1557', 'København V'),
  ('1558', 'København V'),
  ('1559', 'København V'),
  ('1560', 'København V'),
  ('1561', 'København V'),
  ('1562', 'København V'),
  ('1563', 'København V'),
  ('1564', 'København V'),
  ('1566', 'København V'),
  ('1567', 'København V'),
  ('1568', 'København V'),
  ('1569', 'København V'),
  ('1570', 'København V'),
  ('1571', 'København V'),
  ('1572', 'København V'),
  ('1573', 'København V'),
  ('1574', 'København V'),
  ('1575', 'København V'),
  ('1576', 'København V'),
  ('1577', 'København V'),
  ('1592', 'København V'),
  ('1599', 'København V'),
  ('1600', 'København V'),
  ('1601', 'København V'),
  ('1602', 'København V'),
  ('1603', 'København V'),
  ('1604', 'København V'),
  ('1605', 'København V'),
  ('1606', 'København V'),
  ('1607', 'København V'),
  ('1608', 'København V'),
  ('1609', 'København V'),
  ('1610', 'København V'),
  ('1611', 'København V'),
  ('1612', 'København V'),
  ('1613', 'København V'),
  ('1614', 'København V'),
  ('1615', 'København V'),
  ('1616', 'København V'),
  ('1617', 'København V'),
  ('1618', 'København V'),
  ('1619', 'København V'),
  ('1620', 'København V'),
  ('1621', 'København V'),
  ('1622', 'København V'),
  ('1623', 'København V'),
  ('1624', 'København V'),
  ('1630', 'København V'),
  ('1631', 'København V'),
  ('1632', 'København V'),
  ('1633', 'København V'),
  ('1634', 'København V'),
  ('1635', 'København V'),
  ('1650', 'København V'),
  ('1651', 'København V'),
  ('1652', 'København V'),
  ('1653', 'København V'),
  ('1654', 'København V'),
  ('1655', 'København V'),
  ('1656', 'København V'),
  ('1657', 'København V'),
  ('1658', 'København V'),
  ('1659', 'København V'),
  ('1660', 'København V'),
  ('1661', 'København V'),
  ('1662', 'København V'),
  ('1663', 'København V'),
  ('1664', 'København V'),
  ('1665', 'København V'),
  ('1666', 'København V'),
  ('1667', 'København V'),
  ('1668', 'København V'),
  ('1669', 'København V'),
  ('1670', 'København V'),
  ('1671', 'København V'),
  ('1672', 'København V'),
  ('1673', 'København V'),
  ('1674', 'København V'),
  ('1675', 'København V'),
  ('1676', 'København V'),
  ('1677', 'København V'),
  ('1699', 'København V'),
  ('1700', 'København V'),
  ('1701', 'København V'),
  ('1702', 'København V'),
  ('1703', 'København V'),
  ('1704', 'København V'),
  ('1705', 'København V'),
  ('1706', 'København V'),
  ('1707', 'København V'),
  ('1708', 'København V'),
  ('1709', 'København V'),
  ('1710', 'København V'),
  ('1711', 'København V'),
  ('1712', 'København V'),
  ('1714', 'København V'),
  ('1715', 'København V'),
  ('1716', 'København V'),
  ('1717', 'København V'),
  ('1718', 'København V'),
  ('1719', 'København V'),
  ('1720', 'København V'),
  ('1721', 'København V'),
  ('1722', 'København V'),
  ('1723', 'København V'),
  ('1724', 'København V'),
  ('1725', 'København V'),
  ('1726', 'København V'),
  ('1727', 'København V'),
  ('1728', 'København V'),
  ('1729', 'København V'),
  ('1730', 'København V'),
  ('1731', 'København V'),
  ('1732', 'København V'),
  ('1733', 'København V'),
  ('1734', 'København V'),
  ('1735', 'København V'),
  ('1736', 'København V'),
  ('1737', 'København V'),
  ('1738', 'København V'),
  ('1739', 'København V'),
  ('1749', 'København V'),
  ('1750', 'København V'),
  ('1751', 'København V'),
  ('1752', 'København V'),
  ('1753', 'København V'),
  ('1754', 'København V'),
  ('1755', 'København V'),
  ('1756', 'København V'),
  ('1757', 'København V'),
  ('1758', 'København V'),
  ('1759', 'København V'),
  ('1760', 'København V'),
  ('1761', 'København V'),
  ('1762', 'København V'),
  ('1763', 'København V'),
  ('1764', 'København V'),
  ('1765', 'København V'),
  ('1766', 'København V'),
  ('1770', 'København V'),
  ('1771', 'København V'),
  ('1772', 'København V'),
  ('1773', 'København V'),
  ('1774', 'København V'),
  ('1775', 'København V'),
  ('1777', 'København V'),
  ('1780', 'København V'),
  ('1785', 'København V'),
  ('1786', 'København V'),
  ('1787', 'København V'),
  ('1790', 'København V'),
  ('1799', 'København V'),
  ('1800', 'Frederiksberg C'),
  ('1801', 'Frederiksberg C'),
  ('1802', 'Frederiksberg C'),
  ('1803', 'Frederiksberg C'),
  ('1804', 'Frederiksberg C'),
  ('1805', 'Frederiksberg C'),
  ('1806', 'Frederiksberg C'),
  ('1807', 'Frederiksberg C'),
  ('1808', 'Frederiksberg C'),
  ('1809', 'Frederiksberg C'),
  ('1810', 'Frederiksberg C'),
  ('1811', 'Frederiksberg C'),
  ('1812', 'Frederiksberg C'),
  ('1813', 'Frederiksberg C'),
  ('1814', 'Frederiksberg C'),
  ('1815', 'Frederiksberg C'),
  ('1816', 'Frederiksberg C'),
  ('1817', 'Frederiksberg C'),
  ('1818', 'Frederiksberg C'),
  ('1819', 'Frederiksberg C'),
  ('1820', 'Frederiksberg C'),
  ('1822', 'Frederiksberg C'),
  ('1823', 'Frederiksberg C'),
  ('1824', 'Frederiksberg C'),
  ('1825', 'Frederiksberg C'),
  ('1826', 'Frederiksberg C'),
  ('1827', 'Frederiksberg C'),
  ('1828', 'Frederiksberg C'),
  ('1829', 'Frederiksberg C'),
  ('1850', 'Frederiksberg C'),
  ('1851', 'Frederiksberg C'),
  ('1852', 'Frederiksberg C'),
  ('1853', 'Frederiksberg C'),
  ('1854', 'Frederiksberg C'),
  ('1855', 'Frederiksberg C'),
  ('1856', 'Frederiksberg C'),
  ('1857', 'Frederiksberg C'),
  ('1860', 'Frederiksberg C'),
  ('1861', 'Frederiksberg C'),
  ('1862', 'Frederiksberg C'),
  ('1863', 'Frederiksberg C'),
  ('1864', 'Frederiksberg C'),
  ('1865', 'Frederiksberg C'),
  ('1866', 'Frederiksberg C'),
  ('1867', 'Frederiksberg C'),
  ('1868', 'Frederiksberg C'),
  ('1870', 'Frederiksberg C'),
  ('1871', 'Frederiksberg C'),
  ('1872', 'Frederiksberg C'),
  ('1873', 'Frederiksberg C'),
  ('1874', 'Frederiksberg C'),
  ('1875', 'Frederiksberg C'),
  ('1876', 'Frederiksberg C'),
  ('1877', 'Frederiksberg C'),
  ('1878', 'Frederiksberg C'),
  ('1879', 'Frederiksberg C'),
  ('1900', 'Frederiksberg C'),
  ('1901', 'Frederiksberg C'),
  ('1902', 'Frederiksberg C'),
  ('1903', 'Frederiksberg C'),
  ('1904', 'Frederiksberg C'),
  ('1905', 'Frederiksberg C'),
  ('1906', 'Frederiksberg C'),
  ('1908', 'Frederiksberg C'),
  ('1909', 'Frederiksberg C'),
  ('1910', 'Frederiksberg C'),
  ('1911', 'Frederiksberg C'),
  ('1912', 'Frederiksberg C'),
  ('1913', 'Frederiksberg C'),
  ('1914', 'Frederiksberg C'),
  ('1915', 'Frederiksberg C'),
  ('1916', 'Frederiksberg C'),
  ('1917', 'Frederiksberg C'),
  ('1920', 'Frederiksberg C'),
  ('1921', 'Frederiksberg C'),
  ('1922', 'Frederiksberg C'),
  ('1923', 'Frederiksberg C'),
  ('1924', 'Frederiksberg C'),
  ('1925', 'Frederiksberg C'),
  ('1926', 'Frederiksberg C'),
  ('1927', 'Frederiksberg C'),
  ('1928', 'Frederiksberg C'),
  ('1950', 'Frederiksberg C'),
  ('1951', 'Frederiksberg C'),
  ('1952', 'Frederiksberg C'),
  ('1953', 'Frederiksberg C'),
  ('1954', 'Frederiksberg C'),
  ('1955', 'Frederiksberg C'),
  ('1956', 'Frederiksberg C'),
  ('1957', 'Frederiksberg C'),
  ('1958', 'Frederiksberg C'),
  ('1959', 'Frederiksberg C'),
  ('1960', 'Frederiksberg C'),
  ('1961', 'Frederiksberg C'),
  ('1962', 'Frederiksberg C'),
  ('1963', 'Frederiksberg C'),
  ('1964', 'Frederiksberg C'),
  ('1965', 'Frederiksberg C'),
  ('1966', 'Frederiksberg C'),
  ('1967', 'Frederiksberg C'),
  ('1970', 'Frederiksberg C'),
  ('1971', 'Frederiksberg C'),
  ('1972', 'Frederiksberg C'),
  ('1973', 'Frederiksberg C'),
  ('1974', 'Frederiksberg C'),
  ('2000', 'Frederiksberg'),
  ('2100', 'København Ø'),
  ('2150', 'Nordhavn'),
  ('2200', 'København N'),
  ('2300', 'København S'),
  ('2400', 'København NV'),
  ('2450', 'København SV'),
  ('2500', 'Valby'),
  ('2600', 'Glostrup'),
  ('2605', 'Brøndby'),
  ('2610', 'Rødovre'),
  ('2620', 'Albertslund'),
  ('2625', 'Vallensbæk'),
  ('2630', 'Taastrup'),
  ('2635', 'Ishøj'),
  ('2640', 'Hedehusene'),
  ('2650', 'Hvidovre'),
  ('2660', 'Brøndby Strand'),
  ('2665', 'Vallensbæk Strand'),
  ('2670', 'Greve'),
  ('2680', 'Solrød Strand'),
  ('2690', 'Karlslunde'),
  ('2700', 'Brønshøj'),
  ('2720', 'Vanløse'),
  ('2730', 'Herlev'),
  ('2740', 'Skovlunde'),
  ('2750', 'Ballerup'),
  ('2760', 'Måløv'),
  ('2765', 'Smørum'),
  ('2770', 'Kastrup'),
  ('2791', 'Dragør'),
  ('2800', 'Kongens Lyngby'),
  ('2820', 'Gentofte'),
  ('2830', 'Virum'),
  ('2840', 'Holte'),
  ('2850', 'Nærum'),
  ('2860', 'Søborg'),
  ('2870', 'Dyssegård'),
  ('2880', 'Bagsværd'),
  ('2900', 'Hellerup'),
  ('2920', 'Charlottenlund'),
  ('2930', 'Klampenborg'),
  ('2942', 'Skodsborg'),
  ('2950', 'Vedbæk'),
  ('2960', 'Rungsted Kyst'),
  ('2970', 'Hørsholm'),
  ('2980', 'Kokkedal'),
  ('2990', 'Nivå'),
  ('3000', 'Helsingør'),
  ('3050', 'Humlebæk'),
  ('3060', 'Espergærde'),
  ('3070', 'Snekkersten'),
  ('3080', 'Tikøb'),
  ('3100', 'Hornbæk'),
  ('3120', 'Dronningmølle'),
  ('3140', 'Ålsgårde'),
  ('3150', 'Hellebæk'),
  ('3200', 'Helsinge'),
  ('3210', 'Vejby'),
  ('3220', 'Tisvildeleje'),
  ('3230', 'Græsted'),
  ('3250', 'Gilleleje'),
  ('3300', 'Frederiksværk'),
  ('3310', 'Ølsted'),
  ('3320', 'Skævinge'),
  ('3330', 'Gørløse'),
  ('3360', 'Liseleje'),
  ('3370', 'Melby'),
  ('3390', 'Hundested'),
  ('3400', 'Hillerød'),
  ('3450', 'Allerød'),
  ('3460', 'Birkerød'),
  ('3480', 'Fredensborg'),
  ('3490', 'Kvistgård'),
  ('3500', 'Værløse'),
  ('3520', 'Farum'),
  ('3540', 'Lynge'),
  ('3550', 'Slangerup'),
  ('3600', 'Frederikssund'),
  ('3630', 'Jægerspris'),
  ('3650', 'Ølstykke'),
  ('3660', 'Stenløse'),
  ('3670', 'Veksø Sjælland'),
  ('3700', 'Rønne'),
  ('3720', 'Aakirkeby'),
  ('3730', 'Nexø'),
  ('3740', 'Svaneke'),
  ('3751', 'Østermarie'),
  ('3760', 'Gudhjem'),
  ('3770', 'Allinge'),
  ('3782', 'Klemensker'),
  ('3790', 'Hasle'),
  ('4000', 'Roskilde'),
  ('4030', 'Tune'),
  ('4040', 'Jyllinge'),
  ('4050', 'Skibby'),
  ('4060', 'Kirke Såby'),
  ('4070', 'Kirke Hyllinge'),
  ('4100', 'Ringsted'),
  ('4130', 'Viby Sjælland'),
  ('4140', 'Borup'),
  ('4160', 'Herlufmagle'),
  ('4171', 'Glumsø'),
  ('4173', 'Fjenneslev'),
  ('4174', 'Jystrup Midtsj'),
  ('4180', 'Sorø'),
  ('4190', 'Munke Bjergby'),
  ('4200', 'Slagelse'),
  ('4220', 'Korsør'),
  ('4230', 'Skælskør'),
  ('4241', 'Vemmelev'),
  ('4242', 'Boeslunde'),
  ('4243', 'Rude'),
  ('4244', 'Agersø'),
  ('4245', 'Omø'),
  ('4250', 'Fuglebjerg'),
  ('4261', 'Dalmose'),
  ('4262', 'Sandved'),
  ('4270', 'Høng'),
  ('4281', 'Gørlev'),
  ('4291', 'Ruds Vedby'),
  ('4293', 'Dianalund'),
  ('4295', 'Stenlille'),
  ('4296', 'Nyrup'),
  ('4300', 'Holbæk'),
  ('4305', 'Orø'),
  ('4320', 'Lejre'),
  ('4330', 'Hvalsø'),
  ('4340', 'Tølløse'),
  ('4350', 'Ugerløse'),
  ('4360', 'Kirke Eskilstrup'),
  ('4370', 'Store Merløse'),
  ('4390', 'Vipperød'),
  ('4400', 'Kalundborg'),
  ('4420', 'Regstrup'),
  ('4440', 'Mørkøv'),
  ('4450', 'Jyderup'),
  ('4460', 'Snertinge'),
  ('4470', 'Svebølle'),
  ('4480', 'Store Fuglede'),
  ('4490', 'Jerslev Sjælland'),
  ('4500', 'Nykøbing Sj'),
  ('4520', 'Svinninge'),
  ('4532', 'Gislinge'),
  ('4534', 'Hørve'),
  ('4540', 'Fårevejle'),
  ('4550', 'Asnæs'),
  ('4560', 'Vig'),
  ('4571', 'Grevinge'),
  ('4572', 'Nørre Asmindrup'),
  ('4573', 'Højby'),
  ('4581', 'Rørvig'),
  ('4583', 'Sjællands Odde'),
  ('4591', 'Føllenslev'),
  ('4592', 'Sejerø'),
  ('4593', 'Eskebjerg'),
  ('4600', 'Køge'),
  ('4621', 'Gadstrup'),
  ('4622', 'Havdrup'),
  ('4623', 'Lille Skensved'),
  ('4632', 'Bjæverskov'),
  ('4640', 'Faxe'),
  ('4652', 'Hårlev'),
  ('4653', 'Karise'),
  ('4654', 'Faxe Ladeplads'),
  ('4660', 'Store Heddinge'),
  ('4671', 'Strøby'),
  ('4672', 'Klippinge'),
  ('4673', 'Rødvig Stevns'),
  ('4681', 'Herfølge'),
  ('4682', 'Tureby'),
  ('4683', 'Rønnede'),
  ('4684', 'Holmegaard'),
  ('4690', 'Haslev'),
  ('4700', 'Næstved'),
  ('4720', 'Præstø'),
  ('4733', 'Tappernøje'),
  ('4735', 'Mern'),
  ('4736', 'Karrebæksminde'),
  ('4750', 'Lundby'),
  ('4760', 'Vordingborg'),
  ('4771', 'Kalvehave'),
  ('4772', 'Langebæk'),
  ('4773', 'Stensved'),
  ('4780', 'Stege'),
  ('4791', 'Borre'),
  ('4792', 'Askeby'),
  ('4793', 'Bogø By'),
  ('4800', 'Nykøbing F'),
  ('4840', 'Nørre Alslev'),
  ('4850', 'Stubbekøbing'),
  ('4862', 'Guldborg'),
  ('4863', 'Eskilstrup'),
  ('4871', 'Horbelev'),
  ('4872', 'Idestrup'),
  ('4873', 'Væggerløse'),
  ('4874', 'Gedser'),
  ('4880', 'Nysted'),
  ('4891', 'Toreby L'),
  ('4892', 'Kettinge'),
  ('4894', 'Øster Ulslev'),
  ('4895', 'Errindlev'),
  ('4900', 'Nakskov'),
  ('4912', 'Harpelunde'),
  ('4913', 'Horslunde'),
  ('4920', 'Søllested'),
  ('4930', 'Maribo'),
  ('4941', 'Bandholm'),
  ('4942', 'Askø'),
  ('4943', 'Torrig L'),
  ('4944', 'Fejø'),
  ('4945', 'Femø'),
  ('4951', 'Nørreballe'),
  ('4952', 'Stokkemarke'),
  ('4953', 'Vesterborg'),
  ('4960', 'Holeby'),
  ('4970', 'Rødby'),
  ('4983', 'Dannemare'),
  ('4990', 'Sakskøbing'),
  ('5000', 'Odense C'),
  ('5200', 'Odense V'),
  ('5210', 'Odense NV'),
  ('5220', 'Odense SØ'),
  ('5230', 'Odense M'),
  ('5240', 'Odense NØ'),
  ('5250', 'Odense SV'),
  ('5260', 'Odense S'),
  ('5270', 'Odense N'),
  ('5290', 'Marslev'),
  ('5300', 'Kerteminde'),
  ('5320', 'Agedrup'),
  ('5330', 'Munkebo'),
  ('5350', 'Rynkeby'),
  ('5370', 'Mesinge'),
  ('5380', 'Dalby'),
  ('5390', 'Martofte'),
  ('5400', 'Bogense'),
  ('5450', 'Otterup'),
  ('5462', 'Morud'),
  ('5463', 'Harndrup'),
  ('5464', 'Brenderup Fyn'),
  ('5466', 'Asperup'),
  ('5471', 'Søndersø'),
  ('5474', 'Veflinge'),
  ('5485', 'Skamby'),
  ('5491', 'Blommenslyst'),
  ('5492', 'Vissenbjerg'),
  ('5500', 'Middelfart'),
  ('5540', 'Ullerslev'),
  ('5550', 'Langeskov'),
  ('5560', 'Aarup'),
  ('5580', 'Nørre Aaby'),
  ('5591', 'Gelsted'),
  ('5592', 'Ejby'),
  ('5600', 'Faaborg'),
  ('5601', 'Lyø'),
  ('5602', 'Avernakø'),
  ('5603', 'Bjørnø'),
  ('5610', 'Assens'),
  ('5620', 'Glamsbjerg'),
  ('5631', 'Ebberup'),
  ('5642', 'Millinge'),
  ('5672', 'Broby'),
  ('5683', 'Haarby'),
  ('5690', 'Tommerup'),
  ('5700', 'Svendborg'),
  ('5750', 'Ringe'),
  ('5762', 'Vester Skerninge'),
  ('5771', 'Stenstrup'),
  ('5772', 'Kværndrup'),
  ('5792', 'Årslev'),
  ('5800', 'Nyborg'),
  ('5853', 'Ørbæk'),
  ('5854', 'Gislev'),
  ('5856', 'Ryslinge'),
  ('5863', 'Ferritslev Fyn'),
  ('5871', 'Frørup'),
  ('5874', 'Hesselager'),
  ('5881', 'Skårup Fyn'),
  ('5882', 'Vejstrup'),
  ('5883', 'Oure'),
  ('5884', 'Gudme'),
  ('5892', 'Gudbjerg Sydfyn'),
  ('5900', 'Rudkøbing'),
  ('5932', 'Humble'),
  ('5935', 'Bagenkop'),
  ('5943', 'Strynø'),
  ('5953', 'Tranekær'),
  ('5960', 'Marstal'),
  ('5965', 'Birkholm'),
  ('5970', 'Ærøskøbing'),
  ('5985', 'Søby Ærø'),
  ('6000', 'Kolding'),
  ('6040', 'Egtved'),
  ('6051', 'Almind'),
  ('6052', 'Viuf'),
  ('6064', 'Jordrup'),
  ('6070', 'Christiansfeld'),
  ('6091', 'Bjert'),
  ('6092', 'Sønder Stenderup'),
  ('6093', 'Sjølund'),
  ('6094', 'Hejls'),
  ('6100', 'Haderslev'),
  ('6200', 'Aabenraa'),
  ('6210', 'Barsø'),
  ('6230', 'Rødekro'),
  ('6240', 'Løgumkloster'),
  ('6261', 'Bredebro'),
  ('6270', 'Tønder'),
  ('6280', 'Højer'),
  ('6300', 'Gråsten'),
  ('6310', 'Broager'),
  ('6320', 'Egernsund'),
  ('6330', 'Padborg'),
  ('6340', 'Kruså'),
  ('6360', 'Tinglev'),
  ('6372', 'Bylderup-Bov'),
  ('6392', 'Bolderslev'),
  ('6400', 'Sønderborg'),
  ('6430', 'Nordborg'),
  ('6440', 'Augustenborg'),
  ('6470', 'Sydals'),
  ('6500', 'Vojens'),
  ('6510', 'Gram'),
  ('6520', 'Toftlund'),
  ('6534', 'Agerskov'),
  ('6535', 'Branderup J'),
  ('6541', 'Bevtoft'),
  ('6560', 'Sommersted'),
  ('6580', 'Vamdrup'),
  ('6600', 'Vejen'),
  ('6621', 'Gesten'),
  ('6622', 'Bække'),
  ('6623', 'Vorbasse'),
  ('6630', 'Rødding'),
  ('6640', 'Lunderskov'),
  ('6650', 'Brørup'),
  ('6660', 'Lintrup'),
  ('6670', 'Holsted'),
  ('6682', 'Hovborg'),
  ('6683', 'Føvling'),
  ('6690', 'Gørding'),
  ('6700', 'Esbjerg'),
  ('6705', 'Esbjerg Ø'),
  ('6710', 'Esbjerg V'),
  ('6715', 'Esbjerg N'),
  ('6720', 'Fanø'),
  ('6731', 'Tjæreborg'),
  ('6740', 'Bramming'),
  ('6752', 'Glejbjerg'),
  ('6753', 'Agerbæk'),
  ('6760', 'Ribe'),
  ('6771', 'Gredstedbro'),
  ('6780', 'Skærbæk'),
  ('6792', 'Rømø'),
  ('6800', 'Varde'),
  ('6818', 'Årre'),
  ('6823', 'Ansager'),
  ('6830', 'Nørre Nebel'),
  ('6840', 'Oksbøl'),
  ('6851', 'Janderup Vestj'),
  ('6852', 'Billum'),
  ('6853', 'Vejers Strand'),
  ('6854', 'Henne'),
  ('6855', 'Outrup'),
  ('6857', 'Blåvand'),
  ('6862', 'Tistrup'),
  ('6870', 'Ølgod'),
  ('6880', 'Tarm'),
  ('6893', 'Hemmet'),
  ('6900', 'Skjern'),
  ('6920', 'Videbæk'),
  ('6933', 'Kibæk'),
  ('6940', 'Lem St'),
  ('6950', 'Ringkøbing'),
  ('6960', 'Hvide Sande'),
  ('6971', 'Spjald'),
  ('6973', 'Ørnhøj'),
  ('6980', 'Tim'),
  ('6990', 'Ulfborg'),
  ('7000', 'Fredericia'),
  ('7007', 'Fredericia'),
  ('7080', 'Børkop'),
  ('7100', 'Vejle'),
  ('7120', 'Vejle Øst'),
  ('7130', 'Juelsminde'),
  ('7140', 'Stouby'),
  ('7150', 'Barrit'),
  ('7160', 'Tørring'),
  ('7171', 'Uldum'),
  ('7173', 'Vonge'),
  ('7182', 'Bredsten'),
  ('7183', 'Randbøl'),
  ('7184', 'Vandel'),
  ('7190', 'Billund'),
  ('7200', 'Grindsted'),
  ('7250', 'Hejnsvig'),
  ('7260', 'Sønder Omme'),
  ('7270', 'Stakroge'),
  ('7280', 'Sønder Felding'),
  ('7300', 'Jelling'),
  ('7321', 'Gadbjerg'),
  ('7323', 'Give'),
  ('7330', 'Brande'),
  ('7361', 'Ejstrupholm'),
  ('7362', 'Hampen'),
  ('7400', 'Herning'),
  ('7430', 'Ikast'),
  ('7441', 'Bording'),
  ('7442', 'Engesvang'),
  ('7451', 'Sunds'),
  ('7470', 'Karup J'),
  ('7480', 'Vildbjerg'),
  ('7490', 'Aulum'),
  ('7500', 'Holstebro'),
  ('7540', 'Haderup'),
  ('7550', 'Sørvad'),
  ('7560', 'Hjerm'),
  ('7570', 'Vemb'),
  ('7600', 'Struer'),
  ('7620', 'Lemvig'),
  ('7650', 'Bøvlingbjerg'),
  ('7660', 'Bækmarksbro'),
  ('7673', 'Harboøre'),
  ('7680', 'Thyborøn'),
  ('7700', 'Thisted'),
  ('7730', 'Hanstholm'),
  ('7741', 'Frøstrup'),
  ('7742', 'Vesløs'),
  ('7752', 'Snedsted'),
  ('7755', 'Bedsted Thy'),
  ('7760', 'Hurup Thy'),
  ('7770', 'Vestervig'),
  ('7790', 'Thyholm'),
  ('7800', 'Skive'),
  ('7830', 'Vinderup'),
  ('7840', 'Højslev'),
  ('7850', 'Stoholm Jyll'),
  ('7860', 'Spøttrup'),
  ('7870', 'Roslev'),
  ('7884', 'Fur'),
  ('7900', 'Nykøbing M'),
  ('7950', 'Erslev'),
  ('7960', 'Karby'),
  ('7970', 'Redsted M'),
  ('7980', 'Vils'),
  ('7990', 'Øster Assels'),
  ('8000', 'Aarhus C'),
  ('8200', 'Aarhus N'),
  ('8210', 'Aarhus V'),
  ('8220', 'Brabrand'),
  ('8230', 'Åbyhøj'),
  ('8240', 'Risskov'),
  ('8245', 'Risskov Ø'),
  ('8250', 'Egå'),
  ('8260', 'Viby J'),
  ('8270', 'Højbjerg'),
  ('8300', 'Odder'),
  ('8305', 'Samsø'),
  ('8310', 'Tranbjerg J'),
  ('8320', 'Mårslet'),
  ('8330', 'Beder'),
  ('8340', 'Malling'),
  ('8350', 'Hundslund'),
  ('8355', 'Solbjerg'),
  ('8361', 'Hasselager'),
  ('8362', 'Hørning'),
  ('8370', 'Hadsten'),
  ('8380', 'Trige'),
  ('8381', 'Tilst'),
  ('8382', 'Hinnerup'),
  ('8400', 'Ebeltoft'),
  ('8410', 'Rønde'),
  ('8420', 'Knebel'),
  ('8444', 'Balle'),
  ('8450', 'Hammel'),
  ('8462', 'Harlev J'),
  ('8464', 'Galten'),
  ('8471', 'Sabro'),
  ('8472', 'Sporup'),
  ('8500', 'Grenaa'),
  ('8520', 'Lystrup'),
  ('8530', 'Hjortshøj'),
  ('8541', 'Skødstrup'),
  ('8543', 'Hornslet'),
  ('8544', 'Mørke'),
  ('8550', 'Ryomgård'),
  ('8560', 'Kolind'),
  ('8570', 'Trustrup'),
  ('8581', 'Nimtofte'),
  ('8585', 'Glesborg'),
  ('8586', 'Ørum Djurs'),
  ('8592', 'Anholt'),
  ('8600', 'Silkeborg'),
  ('8620', 'Kjellerup'),
  ('8632', 'Lemming'),
  ('8641', 'Sorring'),
  ('8643', 'Ans By'),
  ('8653', 'Them'),
  ('8654', 'Bryrup'),
  ('8660', 'Skanderborg'),
  ('8670', 'Låsby'),
  ('8680', 'Ry'),
  ('8700', 'Horsens'),
  ('8721', 'Daugård'),
  ('8722', 'Hedensted'),
  ('8723', 'Løsning'),
  ('8732', 'Hovedgård'),
  ('8740', 'Brædstrup'),
  ('8751', 'Gedved'),
  ('8752', 'Østbirk'),
  ('8762', 'Flemming'),
  ('8763', 'Rask Mølle'),
  ('8765', 'Klovborg'),
  ('8766', 'Nørre Snede'),
  ('8781', 'Stenderup'),
  ('8783', 'Hornsyld'),
  ('8789', 'Endelave'),
  ('8799', 'Tunø'),
  ('8800', 'Viborg'),
  ('8830', 'Tjele'),
  ('8831', 'Løgstrup'),
  ('8832', 'Skals'),
  ('8840', 'Rødkærsbro'),
  ('8850', 'Bjerringbro'),
  ('8860', 'Ulstrup'),
  ('8870', 'Langå'),
  ('8881', 'Thorsø'),
  ('8882', 'Fårvang'),
  ('8883', 'Gjern'),
  ('8900', 'Randers C'),
  ('8920', 'Randers NV'),
  ('8930', 'Randers NØ'),
  ('8940', 'Randers SV'),
  ('8950', 'Ørsted'),
  ('8960', 'Randers SØ'),
  ('8961', 'Allingåbro'),
  ('8963', 'Auning'),
  ('8970', 'Havndal'),
  ('8981', 'Spentrup'),
  ('8983', 'Gjerlev J'),
  ('8990', 'Fårup'),
  ('9000', 'Aalborg'),
  ('9200', 'Aalborg SV'),
  ('9210', 'Aalborg SØ'),
  ('9220', 'Aalborg Øst'),
  ('9230', 'Svenstrup J'),
  ('9240', 'Nibe'),
  ('9260', 'Gistrup'),
  ('9270', 'Klarup'),
  ('9280', 'Storvorde'),
  ('9293', 'Kongerslev'),
  ('9300', 'Sæby'),
  ('9310', 'Vodskov'),
  ('9320', 'Hjallerup'),
  ('9330', 'Dronninglund'),
  ('9340', 'Asaa'),
  ('9352', 'Dybvad'),
  ('9362', 'Gandrup'),
  ('9370', 'Hals'),
  ('9380', 'Vestbjerg'),
  ('9381', 'Sulsted'),
  ('9382', 'Tylstrup'),
  ('9400', 'Nørresundby'),
  ('9430', 'Vadum'),
  ('9440', 'Aabybro'),
  ('9460', 'Brovst'),
  ('9480', 'Løkken'),
  ('9490', 'Pandrup'),
  ('9492', 'Blokhus'),
  ('9493', 'Saltum'),
  ('9500', 'Hobro'),
  ('9510', 'Arden'),
  ('9520', 'Skørping'),
  ('9530', 'Støvring'),
  ('9541', 'Suldrup'),
  ('9550', 'Mariager'),
  ('9560', 'Hadsund'),
  ('9574', 'Bælum'),
  ('9575', 'Terndrup'),
  ('9600', 'Aars'),
  ('9610', 'Nørager'),
  ('9620', 'Aalestrup'),
  ('9631', 'Gedsted'),
  ('9632', 'Møldrup'),
  ('9640', 'Farsø'),
  ('9670', 'Løgstør'),
  ('9681', 'Ranum'),
  ('9690', 'Fjerritslev'),
  ('9700', 'Brønderslev'),
  ('9740', 'Jerslev J'),
  ('9750', 'Østervrå'),
  ('9760', 'Vrå'),
  ('9800', 'Hjørring'),
  ('9830', 'Tårs'),
  ('9850', 'Hirtshals'),
  ('9870', 'Sindal'),
  ('9881', 'Bindslev'),
  ('9900', 'Frederikshavn'),
  ('9940', 'Læsø'),
  ('9970', 'Strandby'),
  ('9981', 'Jerup'),
  ('9982', 'Ålbæk'),
  ('9990', 'Skagen');

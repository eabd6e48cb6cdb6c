-- Shared building blocks (schemas, extensions, rich text, names, time, recurrence): functions and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

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

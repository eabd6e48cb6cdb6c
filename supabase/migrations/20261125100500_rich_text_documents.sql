-- Rich text is stored as the editor's structured document (TipTap/ProseMirror JSON), checked
-- here against an allow-list, instead of HTML kept exactly as sent (docs/decisions/0805).
-- Whatever reaches a rich-text column — through the app, a raw data API write, a function or
-- the seed — is a tree of known node types, mark types and attributes, with links only to
-- http, https and mailto and images only from https or this server's storage. Clients render
-- the tree themselves; no stored text is ever HTML.
--
-- The same rules exist in TypeScript (packages/schemas/src/rich-text.ts) for the editor's
-- feedback; supabase/tests/rich-text.test.ts proves the two agree on every fixture.

-- Which children a node may hold. A missing key means the type is not allowed at all.
create or replace function app_private.rich_text_children(p_type text) returns text[]
language sql immutable parallel safe as $$
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

create or replace function app_private.rich_text_link_ok(p_href jsonb) returns boolean
language sql immutable parallel safe as $$
  select jsonb_typeof(p_href) = 'string' and length(p_href #>> '{}') <= 2048
     and (p_href #>> '{}') ~* '^(https?://[^\s<>"''`\\]+|mailto:[^\s<>"''`\\/:]+@[^\s<>"''`\\]+)$'
$$;

-- Images come from an https address or from this server's public storage (a path, so the
-- document stays valid when the server moves).
create or replace function app_private.rich_text_image_ok(p_src jsonb) returns boolean
language sql immutable parallel safe as $$
  select jsonb_typeof(p_src) = 'string' and length(p_src #>> '{}') <= 2048
     and (p_src #>> '{}') ~* '^(https://[^\s<>"''`\\]+|/storage/v1/object/public/[A-Za-z0-9._~%/-]+)$'
     and (p_src #>> '{}') !~ '\.\./'
$$;

-- Null when the attributes are allowed, else what is wrong.
create or replace function app_private.rich_text_attrs_problem(p_type text, p_attrs jsonb, p_at text) returns text
language plpgsql immutable parallel safe as $$
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
$$;

-- Null when the node (and everything below it) is allowed, else what is wrong and where.
create or replace function app_private.rich_text_problem(p_node jsonb, p_parent text, p_at text, p_depth int)
returns text
language plpgsql immutable parallel safe as $$
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

-- The check every rich-text column carries: true for null or an allowed document; otherwise
-- it stops the write with SQLSTATE 22023, message `invalid_rich_text` and what is wrong.
create or replace function app_private.check_rich_text(p_doc jsonb) returns boolean
language plpgsql immutable parallel safe as $$
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

-- The words of a document, for search and previews.
create or replace function app_private.rich_text_plain(p_doc jsonb) returns text
language sql immutable parallel safe as $$
  select coalesce(string_agg(t #>> '{}', ' '), '')
  from jsonb_path_query(coalesce(p_doc, '{}'::jsonb), 'strict $.** ? (@.type == "text").text') t
  where jsonb_typeof(t) = 'string'
$$;

-- Every rich-text column becomes a checked document (docs/decisions/0805): event
-- descriptions, news content, group descriptions and knowledge base article bodies. Existing
-- rows are converted from the HTML subset the old editor wrote (or plain text) by a small
-- converter that keeps paragraphs, headings, lists, bold, italic, line breaks, safe links and
-- https images, and drops everything else — scripts, styles, handlers and unsafe links do not
-- survive the move.

create or replace function app_private.decode_html_entities(p_text text) returns text
language plpgsql immutable parallel safe as $$
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

-- An attribute's value from a start tag, or null.
create or replace function app_private.html_attribute(p_tag text, p_name text) returns text
language sql immutable parallel safe as $$
  select app_private.decode_html_entities(coalesce(m[1], m[2], m[3]))
  from regexp_match(p_tag, '\s' || p_name || '\s*=\s*(?:"([^"]*)"|''([^'']*)''|([^\s>"'']+))', 'i') m
$$;

-- HTML (or plain text) to a document that passes app_private.check_rich_text. Nested lists
-- become one level; an image inside a list is dropped.
create or replace function app_private.html_to_rich_text(p_html text) returns jsonb
language plpgsql immutable parallel safe as $$
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
$$;

-- The empty document, as the editor writes it.
create or replace function app_private.empty_rich_text() returns jsonb
language sql immutable parallel safe as $$
  select '{"type":"doc","content":[{"type":"paragraph"}]}'::jsonb
$$;

alter table public.events
  alter column description type jsonb using app_private.html_to_rich_text(description),
  add constraint events_description_rich_text check (app_private.check_rich_text(description));

alter table public.groups
  alter column description type jsonb using app_private.html_to_rich_text(description),
  add constraint groups_description_rich_text check (app_private.check_rich_text(description));

alter table public.news_posts alter column content drop default;
alter table public.news_posts
  alter column content type jsonb using coalesce(app_private.html_to_rich_text(content), app_private.empty_rich_text()),
  alter column content set default app_private.empty_rich_text(),
  add constraint news_posts_content_rich_text check (app_private.check_rich_text(content));

alter table public.kb_articles alter column body drop default;
alter table public.kb_articles
  alter column body type jsonb using coalesce(app_private.html_to_rich_text(body), app_private.empty_rich_text()),
  alter column body set default app_private.empty_rich_text(),
  add constraint kb_articles_body_rich_text check (app_private.check_rich_text(body));

-- Article search reads the words of the body, never its structure.
create or replace function public.search_kb_articles(p_community_id uuid, p_query text, p_limit int default 20)
returns table (id uuid, title text, slug text, summary text, category_id uuid, visibility public.kb_visibility,
               status public.kb_article_status, title_match boolean)
language sql stable set search_path = '' as $$
  select a.id, a.title, a.slug, a.summary, a.category_id, a.visibility, a.status,
         a.title ilike pattern.p as title_match
  from public.kb_articles a,
       (select '%' || replace(replace(replace(trim(coalesce(p_query, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%' as p) pattern
  where a.community_id = p_community_id and trim(coalesce(p_query, '')) <> ''
    and (a.title ilike pattern.p or app_private.rich_text_plain(a.body) ilike pattern.p or a.summary ilike pattern.p)
  order by (a.title ilike pattern.p) desc, a.pinned desc, a.title, a.id
  limit least(greatest(coalesce(p_limit, 20), 1), 100)
$$;

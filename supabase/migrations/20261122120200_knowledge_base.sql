-- Knowledge base: the community's articles (how to book the hall, the volunteer handbook,
-- FAQ for parents) in categories, written by knowledge base admins
-- (docs/decisions/0712-knowledge-base.md).
--
-- An article is a draft, published or archived. Once published it is shown by visibility:
-- public (anyone, also signed out, e.g. the club website's FAQ), members (members of the
-- community) or admins (any admin of the community: the internal handbook). Knowledge base
-- admins see and edit everything of their community. A category is shown to whoever can
-- see an article in it, and to knowledge base admins.

create type public.kb_article_status as enum ('draft', 'published', 'archived');
create type public.kb_visibility as enum ('public', 'members', 'admins');

create table public.kb_categories (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  name text not null check (length(trim(name)) between 1 and 120),
  description text,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, community_id)
);
create unique index kb_categories_name_key on public.kb_categories (community_id, lower(name));

create table public.kb_articles (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  category_id uuid,
  title text not null check (length(trim(title)) between 1 and 200),
  -- URL segment, unique in the community: /{lang}/{community}/help/{slug}.
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
  summary text check (summary is null or length(summary) <= 500),
  -- Sanitised rich text (the same HTML subset as event descriptions).
  body text not null default '',
  status public.kb_article_status not null default 'draft',
  visibility public.kb_visibility not null default 'members',
  pinned boolean not null default false,
  sort_order integer not null default 0,
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  updated_by uuid references auth.users (id) on delete set null,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, community_id),
  -- Deleting a category leaves its articles uncategorised.
  foreign key (category_id, community_id) references public.kb_categories (id, community_id)
    on delete set null (category_id)
);
create unique index kb_articles_slug_key on public.kb_articles (community_id, slug);
create index kb_articles_community_updated_idx on public.kb_articles (community_id, updated_at desc);
create index kb_articles_category_idx on public.kb_articles (category_id, sort_order, title);

-- Stamps on every write: updated_at; for articles also updated_by, and published_at on the
-- first publication (kept when an article is unpublished and published again, so
-- "published on" stays true). Neither moves to another community.
create or replace function app_private.before_kb_write() returns trigger
language plpgsql as $$
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
create trigger kb_articles_before_write before insert or update on public.kb_articles
  for each row execute function app_private.before_kb_write();
create trigger kb_categories_before_write before insert or update on public.kb_categories
  for each row execute function app_private.before_kb_write();

alter table public.kb_categories enable row level security;
alter table public.kb_articles enable row level security;

create policy kb_articles_read on public.kb_articles for select
  using (community_id = any ((select app_private.area_communities('knowledge_base'))::uuid[])
         or (status = 'published' and (
               visibility = 'public'
               or (visibility = 'members' and community_id = any ((select app_private.member_communities())::uuid[]))
               or (visibility = 'admins' and community_id = any ((select app_private.admin_communities())::uuid[])))));
create policy kb_categories_read on public.kb_categories for select
  using (community_id = any ((select app_private.area_communities('knowledge_base'))::uuid[])
         or exists (select 1 from public.kb_articles a where a.category_id = kb_categories.id));

do $$
declare t text;
begin
  foreach t in array array['kb_articles', 'kb_categories'] loop
    execute format($p$create policy %I on public.%I for insert
      with check (community_id = any ((select app_private.area_communities('knowledge_base'))::uuid[]))$p$,
      t || '_admin_insert', t);
    execute format($p$create policy %I on public.%I for update
      using (community_id = any ((select app_private.area_communities('knowledge_base'))::uuid[]))
      with check (community_id = any ((select app_private.area_communities('knowledge_base'))::uuid[]))$p$,
      t || '_admin_update', t);
    execute format($p$create policy %I on public.%I for delete
      using (community_id = any ((select app_private.area_communities('knowledge_base'))::uuid[]))$p$,
      t || '_admin_delete', t);
  end loop;
end
$$;

-- Article search for the help pages: title matches first, then summary and body matches.
-- Security invoker, so the caller's policies decide what is found; a community holds
-- hundreds of articles, not millions, so scanning them (no index helps ilike under RLS)
-- is cheap.
create or replace function public.search_kb_articles(p_community_id uuid, p_query text, p_limit int default 20)
returns table (id uuid, title text, slug text, summary text, category_id uuid, visibility public.kb_visibility,
               status public.kb_article_status, title_match boolean)
language sql stable set search_path = '' as $$
  select a.id, a.title, a.slug, a.summary, a.category_id, a.visibility, a.status,
         a.title ilike pattern.p as title_match
  from public.kb_articles a,
       (select '%' || replace(replace(replace(trim(coalesce(p_query, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%' as p) pattern
  where a.community_id = p_community_id and trim(coalesce(p_query, '')) <> ''
    and (a.title ilike pattern.p or a.body ilike pattern.p or a.summary ilike pattern.p)
  order by (a.title ilike pattern.p) desc, a.pinned desc, a.title, a.id
  limit least(greatest(coalesce(p_limit, 20), 1), 100)
$$;

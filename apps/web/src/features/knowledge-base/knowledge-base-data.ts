// Reads and writes of the knowledge base (decision 0712): categories and articles of the
// community, written by knowledge-base admins (the kb policies decide). The list searches title,
// summary and the text of the body (search_text, decision 0922); publish and unpublish set the status (published_at is stamped by the database on
// the first publication). Errors are thrown as supabase returns them.
import type { Enums, Json, Tables } from '@club/schemas';
import { loadAllPages, pageRange, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import { NotFoundError } from '../../lib/request-errors';
import { supabase } from '../../lib/supabase';

export type ArticleStatus = Enums<'kb_article_status'>;
export type ArticleVisibility = Enums<'kb_visibility'>;
export const articleStatuses: readonly ArticleStatus[] = ['draft', 'published', 'archived'];
export const articleVisibilities: readonly ArticleVisibility[] = ['members', 'admins', 'public'];
export type CategoryRow = Pick<Tables<'kb_categories'>, 'id' | 'name'>;
export type ArticleRow = Pick<
  Tables<'kb_articles'>,
  'id' | 'title' | 'slug' | 'summary' | 'status' | 'visibility' | 'category_id' | 'updated_at'
>;
export type ArticleRecord = ArticleRow & Pick<Tables<'kb_articles'>, 'body'>;

export const kbKeys = {
  all: (communityId: string) => ['knowledge-base', communityId] as const,
  list: (communityId: string, state: unknown) => ['knowledge-base', communityId, 'list', state] as const,
  categories: (communityId: string) => ['knowledge-base', communityId, 'categories'] as const,
  article: (communityId: string, id: string) => ['knowledge-base', communityId, 'article', id] as const,
};

export type ArticleFilter = 'status' | 'category';
export const articleListSpec: ListSpec<ArticleFilter> = {
  sortable: ['title', 'updated_at'],
  defaultSort: { id: 'updated_at', desc: true },
  filters: ['status', 'category'],
  pageSize: 25,
  pageSizes: [25, 50, 100],
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The search text as `like` patterns on kb_articles.search_text, one per word, all required:
 * each word lower-cased as the database folds the column (app_private.fold_name, Æ/Ø/Å too)
 * and its wildcards escaped, so "100%" is plain text.
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `%${word.replace(/[\\%_*]/g, (c) => `\\${c}`)}%`);
}

function readArticles(state: ListState<ArticleFilter>, communityId: string) {
  let request = supabase()
    .from('kb_articles')
    .select('id, title, slug, summary, status, visibility, category_id, updated_at', { count: 'exact' })
    .eq('community_id', communityId);
  for (const pattern of searchWords(state.search)) request = request.like('search_text', pattern);
  const status = articleStatuses.find((s) => s === state.filters.status);
  if (status) request = request.eq('status', status);
  if (state.filters.category && uuid.test(state.filters.category))
    request = request.eq('category_id', state.filters.category);
  return request.order(state.sort.id, { ascending: !state.sort.desc }).order('id');
}

export async function loadArticleList(
  state: ListState<ArticleFilter>,
  communityId: string,
): Promise<ListPage<ArticleRow>> {
  const [from, to] = pageRange(state);
  const { data, error, count } = await readArticles(state, communityId).range(from, to);
  if (error) throw error;
  return { rows: data ?? [], total: count ?? 0 };
}

export const loadAllArticles = (state: ListState<ArticleFilter>, communityId: string) =>
  loadAllPages(async (from, to) => {
    const { data, error } = await readArticles(state, communityId).range(from, to);
    if (error) throw error;
    return data ?? [];
  });

export async function loadCategories(communityId: string): Promise<CategoryRow[]> {
  const { data, error } = await supabase()
    .from('kb_categories')
    .select('id, name')
    .eq('community_id', communityId)
    .order('sort_order')
    .order('name');
  if (error) throw error;
  return data ?? [];
}

export async function addCategory(communityId: string, name: string): Promise<void> {
  const { error } = await supabase().from('kb_categories').insert({ community_id: communityId, name });
  if (error) throw error;
}

export async function deleteCategory(id: string): Promise<void> {
  const { error } = await supabase().from('kb_categories').delete().eq('id', id);
  if (error) throw error;
}

export async function loadArticle(communityId: string, id: string): Promise<ArticleRecord> {
  const { data, error } = await supabase()
    .from('kb_articles')
    .select('id, title, slug, summary, status, visibility, category_id, updated_at, body')
    .eq('community_id', communityId)
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  if (!data) throw new NotFoundError('article');
  return data;
}

export interface ArticleValues {
  title: string;
  slug: string;
  summary: string | null;
  category_id: string | null;
  visibility: ArticleVisibility;
  body: NonNullable<Json>;
}

export async function createArticle(communityId: string, values: ArticleValues): Promise<string> {
  const { data, error } = await supabase()
    .from('kb_articles')
    .insert({ community_id: communityId, ...values })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

export async function updateArticle(id: string, values: Partial<ArticleValues> & { status?: ArticleStatus }) {
  const { data, error } = await supabase().from('kb_articles').update(values).eq('id', id).select('id');
  if (error) throw error;
  if (!data.length) throw new NotFoundError('article');
}

export async function deleteArticle(id: string): Promise<void> {
  const { error } = await supabase().from('kb_articles').delete().eq('id', id);
  if (error) throw error;
}

/** "Book the hall (Søndervang)" → "book-the-hall-sondervang". */
export function slugFrom(title: string): string {
  return title
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

-- The knowledge base: foreign keys, checks, defaults and indexes.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

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

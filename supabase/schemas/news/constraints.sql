-- News (posts, comments, mailings): foreign keys, checks, defaults and indexes.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

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

-- The community (tenancy, memberships and admin areas, settings, clubs, tags, redirects, audit log, retention, first-run setup): foreign keys, checks, defaults and indexes.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

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

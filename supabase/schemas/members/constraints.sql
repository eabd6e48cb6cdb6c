-- Members (register, CPR, history, relations, certificates, import, GDPR): foreign keys, checks, defaults and indexes.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

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

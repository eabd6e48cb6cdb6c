-- Groups (members of groups, join requests, fees, welcome mails): foreign keys, checks, defaults and indexes.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

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

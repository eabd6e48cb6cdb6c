-- Events (tickets, add-ons, volunteers, invitations): foreign keys, checks, defaults and indexes.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE INDEX addon_options_addon_idx ON public.addon_options USING btree (addon_id);

ALTER TABLE ONLY public.addon_options
    ADD CONSTRAINT addon_options_addon_id_community_id_fkey FOREIGN KEY (addon_id, community_id) REFERENCES public.event_addons(id, community_id) ON DELETE CASCADE;

CREATE INDEX event_addons_event_idx ON public.event_addons USING btree (event_id);

ALTER TABLE ONLY public.event_addons
    ADD CONSTRAINT event_addons_event_id_community_id_fkey FOREIGN KEY (event_id, community_id) REFERENCES public.events(id, community_id) ON DELETE CASCADE;

CREATE INDEX event_invitations_event_idx ON public.event_invitations USING btree (event_id);

CREATE INDEX event_invitations_member_idx ON public.event_invitations USING btree (member_id) WHERE (member_id IS NOT NULL);

ALTER TABLE ONLY public.event_invitations
    ADD CONSTRAINT event_invitations_event_id_community_id_fkey FOREIGN KEY (event_id, community_id) REFERENCES public.events(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.event_invitations
    ADD CONSTRAINT event_invitations_group_id_community_id_fkey FOREIGN KEY (group_id, community_id) REFERENCES public.groups(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.event_invitations
    ADD CONSTRAINT event_invitations_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.event_invitations
    ADD CONSTRAINT event_invitations_tag_id_community_id_fkey FOREIGN KEY (tag_id, community_id) REFERENCES public.tags(id, community_id) ON DELETE CASCADE;

CREATE INDEX events_community_starts_idx ON public.events USING btree (community_id, starts_at DESC);

CREATE INDEX events_due_release_idx ON public.events USING btree (release_at) WHERE (status = 'scheduled'::public.event_status);

CREATE INDEX events_series_idx ON public.events USING btree (series_id);

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_club_id_community_id_fkey FOREIGN KEY (club_id, community_id) REFERENCES public.clubs(id, community_id);

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_series_id_fkey FOREIGN KEY (series_id) REFERENCES public.events(id) ON DELETE SET NULL;

CREATE INDEX purchase_addons_option_idx ON public.purchase_addons USING btree (option_id);

CREATE INDEX purchase_addons_purchase_idx ON public.purchase_addons USING btree (purchase_id);

ALTER TABLE ONLY public.purchase_addons
    ADD CONSTRAINT purchase_addons_option_id_community_id_fkey FOREIGN KEY (option_id, community_id) REFERENCES public.addon_options(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.purchase_addons
    ADD CONSTRAINT purchase_addons_purchase_id_community_id_fkey FOREIGN KEY (purchase_id, community_id) REFERENCES public.ticket_purchases(id, community_id) ON DELETE CASCADE;

CREATE INDEX ticket_purchases_community_idx ON public.ticket_purchases USING btree (community_id, purchased_at);

CREATE INDEX ticket_purchases_event_idx ON public.ticket_purchases USING btree (event_id);

CREATE INDEX ticket_purchases_member_idx ON public.ticket_purchases USING btree (member_id);

CREATE INDEX ticket_purchases_ticket_idx ON public.ticket_purchases USING btree (ticket_id) WHERE (status = 'active'::text);

ALTER TABLE ONLY public.ticket_purchases
    ADD CONSTRAINT ticket_purchases_event_id_community_id_fkey FOREIGN KEY (event_id, community_id) REFERENCES public.events(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.ticket_purchases
    ADD CONSTRAINT ticket_purchases_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.ticket_purchases
    ADD CONSTRAINT ticket_purchases_ticket_id_community_id_fkey FOREIGN KEY (ticket_id, community_id) REFERENCES public.tickets(id, community_id) ON DELETE CASCADE;

CREATE INDEX tickets_event_idx ON public.tickets USING btree (event_id);

ALTER TABLE ONLY public.tickets
    ADD CONSTRAINT tickets_event_id_community_id_fkey FOREIGN KEY (event_id, community_id) REFERENCES public.events(id, community_id) ON DELETE CASCADE;

CREATE INDEX volunteer_jobs_event_idx ON public.volunteer_jobs USING btree (event_id);

ALTER TABLE ONLY public.volunteer_jobs
    ADD CONSTRAINT volunteer_jobs_event_id_community_id_fkey FOREIGN KEY (event_id, community_id) REFERENCES public.events(id, community_id) ON DELETE CASCADE;

CREATE INDEX volunteer_signups_job_idx ON public.volunteer_signups USING btree (job_id, timeslot_id) WHERE (status = 'signed_up'::text);

CREATE INDEX volunteer_signups_member_idx ON public.volunteer_signups USING btree (member_id) WHERE (member_id IS NOT NULL);

CREATE UNIQUE INDEX volunteer_signups_member_key ON public.volunteer_signups USING btree (job_id, COALESCE(timeslot_id, '00000000-0000-0000-0000-000000000000'::uuid), member_id) WHERE ((status = 'signed_up'::text) AND (member_id IS NOT NULL));

ALTER TABLE ONLY public.volunteer_signups
    ADD CONSTRAINT volunteer_signups_job_id_community_id_fkey FOREIGN KEY (job_id, community_id) REFERENCES public.volunteer_jobs(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.volunteer_signups
    ADD CONSTRAINT volunteer_signups_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.volunteer_signups
    ADD CONSTRAINT volunteer_signups_timeslot_id_community_id_fkey FOREIGN KEY (timeslot_id, community_id) REFERENCES public.volunteer_timeslots(id, community_id) ON DELETE CASCADE;

CREATE INDEX volunteer_timeslots_job_idx ON public.volunteer_timeslots USING btree (job_id);

ALTER TABLE ONLY public.volunteer_timeslots
    ADD CONSTRAINT volunteer_timeslots_job_id_community_id_fkey FOREIGN KEY (job_id, community_id) REFERENCES public.volunteer_jobs(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY app_private.ticket_code_keys
    ADD CONSTRAINT ticket_code_keys_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

CREATE INDEX ticket_stock_ticket_idx ON app_private.ticket_stock USING btree (ticket_id, id);

ALTER TABLE ONLY app_private.ticket_stock
    ADD CONSTRAINT ticket_stock_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE;

-- Booking (bookable products, bookings, series, feeds): foreign keys, checks, defaults and indexes.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE UNIQUE INDEX booking_closed_days_key ON public.booking_closed_days USING btree (community_id, COALESCE(product_id, '00000000-0000-0000-0000-000000000000'::uuid), on_date);

ALTER TABLE ONLY public.booking_closed_days
    ADD CONSTRAINT booking_closed_days_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_closed_days
    ADD CONSTRAINT booking_closed_days_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id) ON DELETE CASCADE;

CREATE UNIQUE INDEX booking_feed_tokens_member_key ON public.booking_feed_tokens USING btree (member_id) WHERE (member_id IS NOT NULL);

CREATE UNIQUE INDEX booking_feed_tokens_product_key ON public.booking_feed_tokens USING btree (product_id) WHERE (product_id IS NOT NULL);

ALTER TABLE ONLY public.booking_feed_tokens
    ADD CONSTRAINT booking_feed_tokens_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_feed_tokens
    ADD CONSTRAINT booking_feed_tokens_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_feed_tokens
    ADD CONSTRAINT booking_feed_tokens_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id) ON DELETE CASCADE;

CREATE INDEX booking_products_community_idx ON public.booking_products USING btree (community_id, name) WHERE (deleted_at IS NULL);

ALTER TABLE ONLY public.booking_products
    ADD CONSTRAINT booking_products_account_id_community_id_fkey FOREIGN KEY (account_id, community_id) REFERENCES public.billing_accounts(id, community_id);

ALTER TABLE ONLY public.booking_products
    ADD CONSTRAINT booking_products_club_id_community_id_fkey FOREIGN KEY (club_id, community_id) REFERENCES public.clubs(id, community_id);

ALTER TABLE ONLY public.booking_products
    ADD CONSTRAINT booking_products_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

CREATE INDEX bookings_community_time_idx ON public.bookings USING btree (community_id, starts_at DESC);

CREATE INDEX bookings_member_idx ON public.bookings USING btree (member_id);

CREATE INDEX bookings_product_time_idx ON public.bookings USING btree (product_id, starts_at) WHERE (status <> 'cancelled'::public.booking_status);

CREATE INDEX bookings_series_idx ON public.bookings USING btree (series_id, starts_at) WHERE (series_id IS NOT NULL);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_series_id_community_id_fkey FOREIGN KEY (series_id, community_id) REFERENCES public.booking_series(id, community_id);

CREATE INDEX product_availability_product_idx ON public.product_availability USING btree (product_id);

ALTER TABLE ONLY public.product_availability
    ADD CONSTRAINT product_availability_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_series
    ADD CONSTRAINT booking_series_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_series
    ADD CONSTRAINT booking_series_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id);

ALTER TABLE ONLY public.product_required_certificates
    ADD CONSTRAINT product_required_certificates_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.product_required_groups
    ADD CONSTRAINT product_required_groups_group_id_community_id_fkey FOREIGN KEY (group_id, community_id) REFERENCES public.groups(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.product_required_groups
    ADD CONSTRAINT product_required_groups_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id) ON DELETE CASCADE;

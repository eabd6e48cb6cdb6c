-- Orders: foreign keys, checks, defaults and indexes.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE INDEX order_status_changes_order_idx ON public.order_status_changes USING btree (order_id, changed_at, id);

ALTER TABLE ONLY public.order_status_changes
    ADD CONSTRAINT order_status_changes_changed_by_fkey FOREIGN KEY (changed_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.order_status_changes
    ADD CONSTRAINT order_status_changes_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id) ON DELETE CASCADE;

CREATE INDEX orders_community_idx ON public.orders USING btree (community_id, created_at DESC);

CREATE INDEX orders_member_idx ON public.orders USING btree (member_id);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_product_id_community_id_fkey FOREIGN KEY (product_id, community_id) REFERENCES public.booking_products(id, community_id);

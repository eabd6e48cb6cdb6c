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

CREATE UNIQUE INDEX orders_idempotency_idx ON public.orders USING btree (community_id, buyer_user_id, idempotency_key) WHERE (idempotency_key IS NOT NULL);

CREATE INDEX orders_expiring_idx ON public.orders USING btree (expires_at) WHERE (payment_status = ANY (ARRAY['pending'::text, 'authorized'::text]));

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_buyer_user_id_fkey FOREIGN KEY (buyer_user_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_order_id_community_id_fkey FOREIGN KEY (order_id, community_id) REFERENCES public.orders(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_invoice_id_community_id_fkey FOREIGN KEY (invoice_id, community_id) REFERENCES public.invoices(id, community_id);

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_purchase_id_community_id_fkey FOREIGN KEY (purchase_id, community_id) REFERENCES public.ticket_purchases(id, community_id) ON DELETE SET NULL (purchase_id);

CREATE INDEX order_lines_order_idx ON public.order_lines USING btree (order_id, sort_order);

CREATE INDEX order_lines_invoice_idx ON public.order_lines USING btree (invoice_id) WHERE (invoice_id IS NOT NULL);

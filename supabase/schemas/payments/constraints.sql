-- Payments: foreign keys, checks, defaults and indexes.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

ALTER TABLE ONLY app_private.payment_provider_credentials
    ADD CONSTRAINT payment_provider_credentials_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_order_id_community_id_fkey FOREIGN KEY (order_id, community_id) REFERENCES public.orders(id, community_id) ON DELETE CASCADE;

CREATE INDEX payments_order_idx ON public.payments USING btree (order_id);

ALTER TABLE ONLY public.payment_events
    ADD CONSTRAINT payment_events_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

CREATE INDEX payment_events_reference_idx ON public.payment_events USING btree (reference, received_at);

ALTER TABLE ONLY public.payment_exceptions
    ADD CONSTRAINT payment_exceptions_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

CREATE INDEX payment_exceptions_open_idx ON public.payment_exceptions USING btree (community_id, created_at DESC) WHERE (resolved_at IS NULL);

ALTER TABLE ONLY public.payment_refunds
    ADD CONSTRAINT payment_refunds_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.payments(id) ON DELETE CASCADE;

CREATE UNIQUE INDEX payment_refunds_live_idx ON public.payment_refunds USING btree (purchase_id) WHERE (state <> 'failed'::text);

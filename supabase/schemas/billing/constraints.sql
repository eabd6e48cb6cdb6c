-- Billing (accounts, plans, terms, invoices, payments, reminders, credits, export): foreign keys, checks, defaults and indexes.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_bank_account_check CHECK ((bank_account ~ '^[0-9]{1,10}$'::text)) NOT VALID;

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_bank_pair CHECK (((bank_reg_no IS NULL) = (bank_account_no IS NULL))) NOT VALID;

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_debtor_account_check CHECK ((debtor_account ~ '^[0-9]{1,10}$'::text)) NOT VALID;

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_fee_income_account_check CHECK ((fee_income_account ~ '^[0-9]{1,10}$'::text)) NOT VALID;

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_revenue_exempt_account_check CHECK ((revenue_exempt_account ~ '^[0-9]{1,10}$'::text)) NOT VALID;

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_revenue_taxable_account_check CHECK ((revenue_taxable_account ~ '^[0-9]{1,10}$'::text)) NOT VALID;

ALTER TABLE public.billing_settings
    ADD CONSTRAINT billing_settings_vat_account_check CHECK ((vat_account ~ '^[0-9]{1,10}$'::text)) NOT VALID;

ALTER TABLE ONLY public.billing_settings
    ADD CONSTRAINT billing_settings_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

CREATE INDEX account_credits_account_idx ON public.account_credits USING btree (account_id, created_at);

ALTER TABLE ONLY public.account_credits
    ADD CONSTRAINT account_credits_account_id_community_id_fkey FOREIGN KEY (account_id, community_id) REFERENCES public.billing_accounts(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.account_credits
    ADD CONSTRAINT account_credits_invoice_id_community_id_fkey FOREIGN KEY (invoice_id, community_id) REFERENCES public.invoices(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.account_credits
    ADD CONSTRAINT account_credits_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.invoice_payments(id) ON DELETE CASCADE;

CREATE INDEX billing_account_totals_overdue_idx ON public.billing_account_totals USING btree (community_id, first_due_on) WHERE (first_due_on IS NOT NULL);

ALTER TABLE ONLY public.billing_account_totals
    ADD CONSTRAINT billing_account_totals_account_id_community_id_fkey FOREIGN KEY (account_id, community_id) REFERENCES public.billing_accounts(id, community_id) ON DELETE CASCADE;

CREATE INDEX billing_accounts_community_idx ON public.billing_accounts USING btree (community_id, name);

CREATE INDEX billing_accounts_member_idx ON public.billing_accounts USING btree (member_id);

ALTER TABLE ONLY public.billing_accounts
    ADD CONSTRAINT billing_accounts_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.billing_accounts
    ADD CONSTRAINT billing_accounts_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE SET NULL (member_id);

ALTER TABLE ONLY public.billing_accounts
    ADD CONSTRAINT billing_accounts_payment_terms_id_community_id_fkey FOREIGN KEY (payment_terms_id, community_id) REFERENCES public.payment_terms(id, community_id);

ALTER TABLE ONLY public.billing_accounts
    ADD CONSTRAINT billing_accounts_plan_id_community_id_fkey FOREIGN KEY (plan_id, community_id) REFERENCES public.billing_plans(id, community_id);

CREATE INDEX billing_plans_community_idx ON public.billing_plans USING btree (community_id, name);

ALTER TABLE ONLY public.billing_plans
    ADD CONSTRAINT billing_plans_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.billing_plans
    ADD CONSTRAINT billing_plans_group_id_community_id_fkey FOREIGN KEY (group_id, community_id) REFERENCES public.groups(id, community_id);

ALTER TABLE ONLY public.billing_plans
    ADD CONSTRAINT billing_plans_payment_terms_id_community_id_fkey FOREIGN KEY (payment_terms_id, community_id) REFERENCES public.payment_terms(id, community_id);

CREATE INDEX invoice_lines_invoice_idx ON public.invoice_lines USING btree (invoice_id);

CREATE INDEX invoice_lines_plan_idx ON public.invoice_lines USING btree (plan_id) WHERE (plan_id IS NOT NULL);

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_invoice_id_community_id_fkey FOREIGN KEY (invoice_id, community_id) REFERENCES public.invoices(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_plan_id_community_id_fkey FOREIGN KEY (plan_id, community_id) REFERENCES public.billing_plans(id, community_id);

CREATE INDEX invoice_payments_invoice_idx ON public.invoice_payments USING btree (invoice_id);

ALTER TABLE ONLY public.invoice_payments
    ADD CONSTRAINT invoice_payments_invoice_id_community_id_fkey FOREIGN KEY (invoice_id, community_id) REFERENCES public.invoices(id, community_id) ON DELETE CASCADE;

CREATE INDEX invoice_reminders_community_idx ON public.invoice_reminders USING btree (community_id, reminded_on DESC);

CREATE INDEX invoice_reminders_unsent_idx ON public.invoice_reminders USING btree (community_id) WHERE (emailed_at IS NULL);

ALTER TABLE ONLY public.invoice_reminders
    ADD CONSTRAINT invoice_reminders_invoice_id_community_id_fkey FOREIGN KEY (invoice_id, community_id) REFERENCES public.invoices(id, community_id) ON DELETE CASCADE;

CREATE INDEX invoices_account_idx ON public.invoices USING btree (account_id);

CREATE INDEX invoices_community_idx ON public.invoices USING btree (community_id, created_at DESC);

CREATE INDEX invoices_list_order_idx ON public.invoices USING btree (community_id, number DESC, id);

CREATE UNIQUE INDEX invoices_one_credit_note_key ON public.invoices USING btree (credited_invoice_id) WHERE (kind = 'credit_note'::text);

CREATE INDEX invoices_overdue_idx ON public.invoices USING btree (account_id) INCLUDE (due_on, paid_ore, total_ore) WHERE (status = 'issued'::public.invoice_status);

CREATE INDEX invoices_status_due_idx ON public.invoices USING btree (community_id, status, due_on);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_account_id_community_id_fkey FOREIGN KEY (account_id, community_id) REFERENCES public.billing_accounts(id, community_id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_credited_invoice_id_community_id_fkey FOREIGN KEY (credited_invoice_id, community_id) REFERENCES public.invoices(id, community_id);

CREATE UNIQUE INDEX payment_terms_default_key ON public.payment_terms USING btree (community_id) WHERE is_default;

ALTER TABLE ONLY public.payment_terms
    ADD CONSTRAINT payment_terms_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

CREATE INDEX volunteer_credits_member_idx ON public.volunteer_credits USING btree (member_id) WHERE (invoice_id IS NULL);

ALTER TABLE ONLY public.volunteer_credits
    ADD CONSTRAINT volunteer_credits_invoice_id_community_id_fkey FOREIGN KEY (invoice_id, community_id) REFERENCES public.invoices(id, community_id) ON DELETE SET NULL (invoice_id);

ALTER TABLE ONLY public.volunteer_credits
    ADD CONSTRAINT volunteer_credits_member_id_community_id_fkey FOREIGN KEY (member_id, community_id) REFERENCES public.members(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.volunteer_credits
    ADD CONSTRAINT volunteer_credits_rule_id_community_id_fkey FOREIGN KEY (rule_id, community_id) REFERENCES public.volunteer_credit_rules(id, community_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.invoice_status_counts
    ADD CONSTRAINT invoice_status_counts_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.volunteer_credit_rules
    ADD CONSTRAINT volunteer_credit_rules_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.ledger_entries
    ADD CONSTRAINT ledger_entries_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.ledger_entries
    ADD CONSTRAINT ledger_entries_account_id_community_id_fkey FOREIGN KEY (account_id, community_id) REFERENCES public.billing_accounts(id, community_id) ON DELETE CASCADE;

CREATE INDEX ledger_entries_account_idx ON public.ledger_entries USING btree (account_id, side);

CREATE INDEX ledger_entries_community_idx ON public.ledger_entries USING btree (community_id, created_at);

CREATE INDEX ledger_entries_invoice_idx ON public.ledger_entries USING btree (invoice_id) WHERE (invoice_id IS NOT NULL);

CREATE INDEX ledger_entries_order_idx ON public.ledger_entries USING btree (order_id) WHERE (order_id IS NOT NULL);

ALTER TABLE ONLY public.bank_statement_lines
    ADD CONSTRAINT bank_statement_lines_community_id_fkey FOREIGN KEY (community_id) REFERENCES public.communities(id) ON DELETE CASCADE;

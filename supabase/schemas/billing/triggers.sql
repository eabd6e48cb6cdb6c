-- Billing (accounts, plans, terms, invoices, payments, reminders, credits, export): triggers.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TRIGGER account_credits_totals_delete AFTER DELETE ON public.account_credits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.credits_refresh_account_totals();

CREATE TRIGGER account_credits_totals_insert AFTER INSERT ON public.account_credits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.credits_refresh_account_totals();

CREATE TRIGGER account_credits_totals_update AFTER UPDATE ON public.account_credits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.credits_refresh_account_totals();

CREATE TRIGGER billing_accounts_arrears AFTER UPDATE OF member_id ON public.billing_accounts FOR EACH ROW WHEN ((old.member_id IS DISTINCT FROM new.member_id)) EXECUTE FUNCTION app_private.account_refresh_arrears();

CREATE TRIGGER billing_accounts_before_write BEFORE INSERT OR UPDATE ON public.billing_accounts FOR EACH ROW EXECUTE FUNCTION app_private.before_billing_account_write();

CREATE TRIGGER billing_accounts_totals_insert AFTER INSERT ON public.billing_accounts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.accounts_add_totals();

CREATE TRIGGER billing_plans_before_delete BEFORE DELETE ON public.billing_plans FOR EACH ROW EXECUTE FUNCTION app_private.before_billing_plan_delete();

CREATE TRIGGER billing_plans_before_write BEFORE INSERT OR UPDATE ON public.billing_plans FOR EACH ROW EXECUTE FUNCTION app_private.before_billing_plan_write();

CREATE TRIGGER billing_settings_audit AFTER INSERT OR UPDATE ON public.billing_settings FOR EACH ROW EXECUTE FUNCTION app_private.audit_billing_settings();

CREATE TRIGGER billing_settings_touch BEFORE UPDATE ON public.billing_settings FOR EACH ROW EXECUTE FUNCTION app_private.touch_billing_settings();

CREATE TRIGGER invoice_lines_after_delete AFTER DELETE ON public.invoice_lines REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION app_private.after_invoice_lines_change();

CREATE TRIGGER invoice_lines_after_insert AFTER INSERT ON public.invoice_lines REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION app_private.after_invoice_lines_change();

CREATE TRIGGER invoice_lines_after_update AFTER UPDATE ON public.invoice_lines REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION app_private.after_invoice_lines_change();

CREATE TRIGGER invoice_lines_before_write BEFORE INSERT OR UPDATE ON public.invoice_lines FOR EACH ROW EXECUTE FUNCTION app_private.before_invoice_line_write();

CREATE TRIGGER invoice_payments_after_insert AFTER INSERT ON public.invoice_payments FOR EACH ROW EXECUTE FUNCTION app_private.after_invoice_payment();

CREATE TRIGGER invoice_payments_audit AFTER INSERT OR DELETE ON public.invoice_payments FOR EACH ROW EXECUTE FUNCTION app_private.audit_payment();

CREATE TRIGGER invoice_payments_before_insert BEFORE INSERT ON public.invoice_payments FOR EACH ROW EXECUTE FUNCTION app_private.before_invoice_payment();

CREATE TRIGGER invoice_reminders_after_sent AFTER UPDATE OF emailed_at ON public.invoice_reminders FOR EACH ROW WHEN (((old.emailed_at IS NULL) AND (new.emailed_at IS NOT NULL))) EXECUTE FUNCTION app_private.after_invoice_reminder_sent();

CREATE TRIGGER invoice_reminders_before_insert BEFORE INSERT ON public.invoice_reminders FOR EACH ROW EXECUTE FUNCTION app_private.before_invoice_reminder();

CREATE TRIGGER invoice_reminders_before_update BEFORE UPDATE ON public.invoice_reminders FOR EACH ROW EXECUTE FUNCTION app_private.before_invoice_reminder_update();

CREATE TRIGGER invoices_a_lock_status_counts BEFORE INSERT OR DELETE ON public.invoices FOR EACH ROW EXECUTE FUNCTION app_private.invoices_lock_status_counts();

CREATE TRIGGER invoices_a_lock_status_counts_update BEFORE UPDATE ON public.invoices FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.community_id IS DISTINCT FROM new.community_id))) EXECUTE FUNCTION app_private.invoices_lock_status_counts();

CREATE TRIGGER invoices_account_totals_delete AFTER DELETE ON public.invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_refresh_account_totals();

CREATE TRIGGER invoices_account_totals_insert AFTER INSERT ON public.invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_refresh_account_totals();

CREATE TRIGGER invoices_account_totals_update AFTER UPDATE ON public.invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_refresh_account_totals();

CREATE TRIGGER invoices_after_credit_note_issued AFTER UPDATE OF status ON public.invoices FOR EACH ROW WHEN (((new.kind = 'credit_note'::text) AND (old.status = 'draft'::public.invoice_status) AND (new.status = 'issued'::public.invoice_status))) EXECUTE FUNCTION app_private.after_credit_note_issued();

CREATE TRIGGER invoices_after_paid AFTER UPDATE OF status ON public.invoices FOR EACH ROW WHEN (((new.status = 'paid'::public.invoice_status) AND (old.status <> 'paid'::public.invoice_status))) EXECUTE FUNCTION app_private.after_invoice_paid();

CREATE TRIGGER invoices_arrears_delete AFTER DELETE ON public.invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_refresh_arrears();

CREATE TRIGGER invoices_arrears_insert AFTER INSERT ON public.invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_refresh_arrears();

CREATE TRIGGER invoices_arrears_update AFTER UPDATE ON public.invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_refresh_arrears();

CREATE TRIGGER invoices_audit_status AFTER UPDATE ON public.invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.audit_invoice_statuses();

CREATE TRIGGER invoices_before_delete BEFORE DELETE ON public.invoices FOR EACH ROW EXECUTE FUNCTION app_private.before_invoice_delete();

CREATE TRIGGER invoices_before_write BEFORE INSERT OR UPDATE ON public.invoices FOR EACH ROW EXECUTE FUNCTION app_private.before_invoice_write();

CREATE TRIGGER invoices_count_deleted AFTER DELETE ON public.invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_count_statuses();

CREATE TRIGGER invoices_count_inserted AFTER INSERT ON public.invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_count_statuses();

CREATE TRIGGER invoices_count_truncated AFTER TRUNCATE ON public.invoices FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_count_truncated();

CREATE TRIGGER invoices_count_updated AFTER UPDATE ON public.invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.invoices_count_statuses();

CREATE TRIGGER payment_terms_before_write BEFORE INSERT OR UPDATE ON public.payment_terms FOR EACH ROW EXECUTE FUNCTION app_private.before_payment_terms_write();

CREATE TRIGGER account_credits_ledger AFTER INSERT ON public.account_credits FOR EACH ROW EXECUTE FUNCTION app_private.after_account_credit_ledger();

CREATE TRIGGER invoices_ledger AFTER UPDATE ON public.invoices FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.paid_ore IS DISTINCT FROM new.paid_ore) OR (old.fees_ore IS DISTINCT FROM new.fees_ore))) EXECUTE FUNCTION app_private.after_invoice_ledger();

CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON public.ledger_entries FOR EACH ROW EXECUTE FUNCTION app_private.before_ledger_change();

CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON public.ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION app_private.before_ledger_change();

CREATE CONSTRAINT TRIGGER ledger_entries_agree AFTER INSERT ON public.ledger_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_private.ledger_check_agrees();

CREATE TRIGGER invoices_spend_credit_on_issue AFTER UPDATE ON public.invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.after_invoices_issued_spend_credit();

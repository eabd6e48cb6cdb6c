-- Events (tickets, add-ons, volunteers, invitations): triggers.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TRIGGER events_audit_deletion AFTER DELETE ON public.events FOR EACH ROW EXECUTE FUNCTION app_private.audit_deletion();

CREATE TRIGGER events_before_write BEFORE INSERT OR UPDATE ON public.events FOR EACH ROW EXECUTE FUNCTION app_private.before_event_write();

CREATE TRIGGER volunteer_signups_guest_on_cancelled BEFORE INSERT OR UPDATE ON public.volunteer_signups FOR EACH ROW EXECUTE FUNCTION app_private.before_guest_signup();

CREATE TRIGGER ticket_purchases_make_code_key AFTER INSERT ON public.ticket_purchases REFERENCING NEW TABLE AS new_purchases FOR EACH STATEMENT EXECUTE FUNCTION app_private.after_ticket_purchase_make_code_key();

CREATE TRIGGER ticket_purchases_sync_stock AFTER INSERT OR DELETE OR UPDATE OF status, quantity, ticket_id ON public.ticket_purchases FOR EACH ROW EXECUTE FUNCTION app_private.after_ticket_purchase_sync_stock();

CREATE TRIGGER tickets_sync_stock AFTER INSERT OR UPDATE OF participant_limit ON public.tickets FOR EACH ROW EXECUTE FUNCTION app_private.after_ticket_sync_stock();

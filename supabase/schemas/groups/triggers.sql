-- Groups (members of groups, join requests, fees, welcome mails): triggers.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TRIGGER group_fee_charges_after_insert AFTER INSERT ON public.group_fee_charges REFERENCING NEW TABLE AS new_charges FOR EACH STATEMENT EXECUTE FUNCTION app_private.after_group_fee_charges();

CREATE TRIGGER group_members_check_open BEFORE INSERT ON public.group_members FOR EACH ROW EXECUTE FUNCTION app_private.check_group_open();

CREATE TRIGGER group_members_queue_welcome AFTER INSERT ON public.group_members FOR EACH ROW EXECUTE FUNCTION app_private.queue_group_welcome();

CREATE TRIGGER groups_audit_deletion AFTER DELETE ON public.groups FOR EACH ROW EXECUTE FUNCTION app_private.audit_deletion();

CREATE TRIGGER groups_check_charging_start BEFORE INSERT OR UPDATE OF payment_frequency, charging_starts_on ON public.groups FOR EACH ROW EXECUTE FUNCTION app_private.check_group_charging_start();

CREATE TRIGGER groups_check_delete BEFORE DELETE ON public.groups FOR EACH ROW EXECUTE FUNCTION app_private.check_group_delete();

CREATE TRIGGER groups_stamp_archive BEFORE INSERT OR UPDATE OF archived ON public.groups FOR EACH ROW EXECUTE FUNCTION app_private.stamp_group_archive();

-- Members (register, CPR, history, relations, certificates, import, GDPR): triggers.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TRIGGER cpr_audit_to_audit_log AFTER INSERT ON public.cpr_audit FOR EACH ROW EXECUTE FUNCTION app_private.audit_cpr();

CREATE TRIGGER member_history_to_audit_log AFTER INSERT ON public.member_history FOR EACH ROW EXECUTE FUNCTION app_private.audit_member_history();

CREATE TRIGGER member_relations_check BEFORE INSERT OR UPDATE ON public.member_relations FOR EACH ROW EXECUTE FUNCTION app_private.check_member_relation();

CREATE TRIGGER members_after_change AFTER UPDATE ON public.members FOR EACH ROW EXECUTE FUNCTION app_private.after_member_change();

CREATE TRIGGER members_after_created AFTER INSERT ON public.members REFERENCING NEW TABLE AS new_members FOR EACH STATEMENT EXECUTE FUNCTION app_private.after_members_created();

CREATE TRIGGER members_after_linked AFTER INSERT OR UPDATE OF user_id ON public.members FOR EACH ROW EXECUTE FUNCTION app_private.after_member_linked();

CREATE TRIGGER members_audit_deletion AFTER DELETE ON public.members FOR EACH ROW EXECUTE FUNCTION app_private.audit_deletion();

CREATE TRIGGER members_audit_status AFTER UPDATE OF status ON public.members FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION app_private.audit_member_status();

CREATE TRIGGER members_before_write BEFORE INSERT OR UPDATE ON public.members FOR EACH ROW EXECUTE FUNCTION app_private.before_member_write();

CREATE TRIGGER members_check_address BEFORE INSERT OR UPDATE OF postal_code, city, country ON public.members FOR EACH ROW EXECUTE FUNCTION app_private.check_member_address();

CREATE TRIGGER members_self_service_guard BEFORE UPDATE ON public.members FOR EACH ROW EXECUTE FUNCTION app_private.guard_member_self_service();

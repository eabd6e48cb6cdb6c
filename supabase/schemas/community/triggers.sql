-- The community (tenancy, memberships and admin areas, settings, clubs, tags, redirects, audit log, retention, first-run setup): triggers.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TRIGGER clubs_audit_deletion AFTER DELETE ON public.clubs FOR EACH ROW EXECUTE FUNCTION app_private.audit_deletion();

CREATE TRIGGER clubs_before_write BEFORE INSERT OR UPDATE OF name ON public.clubs FOR EACH ROW EXECUTE FUNCTION app_private.before_club_write();

CREATE TRIGGER communities_after_created AFTER INSERT ON public.communities FOR EACH ROW EXECUTE FUNCTION app_private.after_community_created();

CREATE TRIGGER communities_audit_settings AFTER UPDATE ON public.communities FOR EACH ROW EXECUTE FUNCTION app_private.audit_settings();

CREATE TRIGGER communities_normalise BEFORE INSERT OR UPDATE OF slug, time_zone ON public.communities FOR EACH ROW EXECUTE FUNCTION app_private.normalise_community();

CREATE TRIGGER community_settings_audit AFTER UPDATE ON public.community_settings FOR EACH ROW EXECUTE FUNCTION app_private.audit_settings();

CREATE TRIGGER community_settings_touch BEFORE UPDATE ON public.community_settings FOR EACH ROW EXECUTE FUNCTION app_private.touch_community_settings();

CREATE TRIGGER memberships_audit AFTER INSERT OR DELETE OR UPDATE ON public.memberships FOR EACH ROW EXECUTE FUNCTION app_private.audit_membership();

CREATE TRIGGER memberships_keep_an_owner BEFORE DELETE OR UPDATE OF role ON public.memberships FOR EACH ROW EXECUTE FUNCTION app_private.keep_an_owner();

CREATE TRIGGER tags_audit_deletion AFTER DELETE ON public.tags FOR EACH ROW EXECUTE FUNCTION app_private.audit_deletion();

CREATE TRIGGER tags_before_write BEFORE INSERT OR UPDATE OF name ON public.tags FOR EACH ROW EXECUTE FUNCTION app_private.before_tag_write();

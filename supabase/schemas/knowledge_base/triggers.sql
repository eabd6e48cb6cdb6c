-- The knowledge base: triggers.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TRIGGER kb_articles_audit_deletion AFTER DELETE ON public.kb_articles FOR EACH ROW EXECUTE FUNCTION app_private.audit_deletion();

CREATE TRIGGER kb_articles_before_write BEFORE INSERT OR UPDATE ON public.kb_articles FOR EACH ROW EXECUTE FUNCTION app_private.before_kb_write();

CREATE TRIGGER kb_categories_before_write BEFORE INSERT OR UPDATE ON public.kb_categories FOR EACH ROW EXECUTE FUNCTION app_private.before_kb_write();

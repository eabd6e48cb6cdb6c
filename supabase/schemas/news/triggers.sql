-- News (posts, comments, mailings): triggers.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TRIGGER news_posts_before_write BEFORE INSERT OR UPDATE ON public.news_posts FOR EACH ROW EXECUTE FUNCTION app_private.before_news_write();

CREATE TRIGGER news_posts_check_author BEFORE INSERT OR UPDATE ON public.news_posts FOR EACH ROW EXECUTE FUNCTION app_private.check_news_author();

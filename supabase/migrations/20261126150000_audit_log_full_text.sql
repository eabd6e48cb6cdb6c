-- The audit log's search by whole words (issue 24, docs/decisions/0875). The trigram search
-- over search_text read a posting list as long as the log for a word every entry holds
-- ("medlem"), taking seconds at a million entries. A tsvector with a GIN index matches whole
-- words: GIN skips through a frequent word's list guided by the rare one ("4711"), and for a
-- lone frequent word the planner walks the newest-first index instead. An e-mail address is
-- indexed whole and by its parts, so "jens" finds jens@klub.dk. Words are folded like tag names
-- (Æ/Ø/Å too, which lower() does not fold under the C ctype); the web app folds its query alike.
drop index public.audit_log_search_idx;
alter table public.audit_log drop column search_text;
alter table public.audit_log add column search_words tsvector generated always as (
  to_tsvector('simple'::regconfig, app_private.fold_name(
    coalesce(actor_email, '') || ' ' || translate(coalesce(actor_email, ''), '@.', '  ') || ' '
      || replace(action, '_', ' ') || ' ' || subject))) stored;
create index audit_log_search_words_idx on public.audit_log using gin (search_words);

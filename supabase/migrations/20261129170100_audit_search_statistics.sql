-- The audit log's word search picks the word index for rare words (docs/decisions/0966).
--
-- With the default statistics the planner knows only the few hundred most common words of
-- search_words; any other word is guessed at half a percent of the log. For "medlem 4711" over
-- a million entries it then expected 5,000 hits, walked the newest-first index and filtered
-- half the log to find the 100 real ones (1.9 s). Keeping the 10,000 most common words lets it
-- see that a member number or a name is rare and read the word index instead (5 ms); a word
-- every entry holds still walks the newest-first index, which is right for it.
alter table public.audit_log alter column search_words set statistics 1000;
analyze public.audit_log (search_words);

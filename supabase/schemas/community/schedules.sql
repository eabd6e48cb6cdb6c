-- The project's scheduled work in the community area (one current definition; its migration
-- is 20261202130100_scheduled_data_retention.sql).
-- Data retention as scheduled work of the project (decisions 0874, 1021, 1023): at 23 past
-- every hour the job erases, 500 at a time until none is due, the members who left longer
-- ago than their community's retention period. A database function, so pg_cron runs it on
-- a hosted project and the platform's scheduler elsewhere; without pg_cron the migration
-- schedules nothing and says so.
do $migration$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is null
     and exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if to_regprocedure('cron.schedule(text, text, text)') is null then
    raise notice 'pg_cron is not available: data retention is not scheduled (decision 1023)';
    return;
  end if;
  perform cron.schedule('apply-data-retention', '23 * * * *', $command$
    do $run$ begin loop exit when public.apply_data_retention(500) < 500; end loop; end $run$
  $command$);
end
$migration$;

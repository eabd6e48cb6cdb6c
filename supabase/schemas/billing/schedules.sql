-- The project's scheduled work in the billing area (one current definition; its migration is
-- 20261202130000_scheduled_reminders.sql).
-- The reminder run as scheduled work of the project (decisions 1021, 1022): every hour, at
-- seven past, the job calls the send-due-reminders edge function with the service-role key.
-- On a hosted project pg_cron and pg_net do this, with the project's address and key in
-- Vault (project_url, service_role_key); on our platform the server provides the same three.
-- Where pg_cron cannot be had, the migration says so and schedules nothing.
do $migration$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is null
     and exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
  if to_regprocedure('cron.schedule(text, text, text)') is null
     or to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise notice 'pg_cron or pg_net is not available: reminders are not scheduled (decision 1022)';
    return;
  end if;
  perform cron.schedule('send-due-reminders', '7 * * * *', $command$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
             || '/functions/v1/send-due-reminders',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
      body := '{}'::jsonb,
      timeout_milliseconds := 300000)
  $command$);
end
$migration$;

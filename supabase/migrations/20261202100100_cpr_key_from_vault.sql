-- The CPR key also reaches the database on a Supabase project: when no server sets
-- app.cpr_key, it is read from the Vault secret cpr_encryption_key (decision 0980).
CREATE OR REPLACE FUNCTION app_private.cpr_key() RETURNS text
    LANGUAGE plpgsql STABLE
    AS $$
-- The key that encrypts CPR numbers is never stored beside the data. Our server hands it to
-- each transaction as the setting app.cpr_key; on a Supabase project, where no server sets
-- it, it is the Vault secret named cpr_encryption_key (decision 0980).
declare k text := nullif(current_setting('app.cpr_key', true), '');
begin
  if k is null and to_regclass('vault.decrypted_secrets') is not null then
    execute format('select decrypted_secret from %I.%I where name = $1 limit 1', 'vault', 'decrypted_secrets')
      into k using 'cpr_encryption_key';
  end if;
  if k is null then
    perform app_private.fail('cpr_key_missing', 'The server has no CPR encryption key configured');
  end if;
  return k;
end
$$;

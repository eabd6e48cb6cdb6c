-- Bytes of objects deleted in SQL (decision 1008). The storage API removes an object's bytes
-- itself after deleting its row; a row deleted by a database function (erase_member deletes a
-- member's certificate documents, with storage.allow_delete_query set) would leave its bytes
-- in the backend. Every deleted row is queued here; the storage service takes the queue and
-- removes those versions (removing a version already gone is a no-op).
create table if not exists storage.removal_queue (
  id bigserial primary key,
  bucket_id text not null,
  name text not null,
  version text,
  queued_at timestamptz not null default now()
);
revoke all on storage.removal_queue from public, anon, authenticated, service_role;
revoke all on sequence storage.removal_queue_id_seq from public, anon, authenticated, service_role;

create or replace function storage.queue_removal() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into storage.removal_queue (bucket_id, name, version) values (old.bucket_id, old.name, old.version);
  return old;
end
$$;
revoke all on function storage.queue_removal() from public, anon, authenticated, service_role;

drop trigger if exists queue_object_removal on storage.objects;
create trigger queue_object_removal after delete on storage.objects
  for each row execute function storage.queue_removal();

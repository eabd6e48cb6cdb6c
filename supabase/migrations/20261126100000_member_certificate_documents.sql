-- Certificate documents (børneattest and others) in private storage, and the rules for the
-- guardian/family link editor (issue 16).
--
-- Documents live in the private bucket "member-documents" under
-- "<community id>/<member id>/<file>", PDF, PNG or JPEG, at most 10 MB. Member admins of the
-- community read and write them (through signed URLs: the bucket is never public); a member
-- reads the documents in their own folder. Admins of other areas see nothing.

-- The upload content check is on (decision 0841): a file's first bytes must match its type.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, content_check)
values ('member-documents', 'member-documents', false, 10485760,
        array['application/pdf', 'image/png', 'image/jpeg'], true)
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types, content_check = excluded.content_check;

-- Whether an object path names a member folder of a community where the caller is a member admin,
-- with an ending the bucket accepts.
create or replace function app_private.may_write_member_document(p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select app_private.community_of_path(p_name) = any (app_private.area_communities('member'))
     and split_part(p_name, '/', 2) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and exists (select 1 from public.members m
                  where m.id = split_part(p_name, '/', 2)::uuid
                    and m.community_id = app_private.community_of_path(p_name))
     and lower(storage.extension(p_name)) in ('pdf', 'png', 'jpg', 'jpeg')
$$;

-- Whether the caller may read a document: a member admin of its community, or the member whose
-- folder it is.
create or replace function app_private.may_read_member_document(p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select app_private.community_of_path(p_name) = any (app_private.area_communities('member'))
      or split_part(p_name, '/', 2) = any ((app_private.my_member_ids())::text[])
$$;
grant execute on function app_private.may_write_member_document(text),
  app_private.may_read_member_document(text) to anon, authenticated, service_role;

create policy member_documents_read on storage.objects for select
  using (bucket_id = 'member-documents' and app_private.may_read_member_document(name));
create policy member_documents_insert on storage.objects for insert
  with check (bucket_id = 'member-documents' and app_private.may_write_member_document(name));
create policy member_documents_update on storage.objects for update
  using (bucket_id = 'member-documents' and app_private.may_write_member_document(name))
  with check (bucket_id = 'member-documents' and app_private.may_write_member_document(name));
create policy member_documents_delete on storage.objects for delete
  using (bucket_id = 'member-documents' and app_private.may_write_member_document(name));

-- The certificate's document: a path in the member's own folder, nothing else.
alter table public.member_certificates
  add column document_path text,
  add constraint member_certificates_document_in_member_folder check (
    document_path is null
    or (document_path like community_id::text || '/' || member_id::text || '/%'
        and length(document_path) <= 300));

-- Guardian and family links: a guardian link reads "related_member_id is a guardian of
-- member_id". A member cannot be both guardian and child of the same person, and two members
-- are linked as family once (in either direction).
create or replace function app_private.check_member_relation() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.kind = 'guardian' and exists (
       select 1 from public.member_relations r
        where r.kind = 'guardian' and r.member_id = new.related_member_id
          and r.related_member_id = new.member_id) then
    perform app_private.fail('relation_cycle', 'A member cannot be the guardian of their own guardian');
  end if;
  if new.kind = 'family' and exists (
       select 1 from public.member_relations r
        where r.kind = 'family' and r.member_id = new.related_member_id
          and r.related_member_id = new.member_id) then
    perform app_private.fail('relation_exists', 'These members are already linked as family');
  end if;
  return new;
end
$$;
create trigger member_relations_check before insert or update on public.member_relations
  for each row execute function app_private.check_member_relation();

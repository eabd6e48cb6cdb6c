-- Members (register, CPR, history, relations, certificates, import, GDPR): storage policies for the buckets of this area.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE POLICY member_documents_delete ON storage.objects FOR DELETE USING (((bucket_id = 'member-documents'::text) AND app_private.may_write_member_document(name)));

CREATE POLICY member_documents_insert ON storage.objects FOR INSERT WITH CHECK (((bucket_id = 'member-documents'::text) AND app_private.may_write_member_document(name)));

CREATE POLICY member_documents_read ON storage.objects FOR SELECT USING (((bucket_id = 'member-documents'::text) AND app_private.may_read_member_document(name)));

CREATE POLICY member_documents_update ON storage.objects FOR UPDATE USING (((bucket_id = 'member-documents'::text) AND app_private.may_write_member_document(name))) WITH CHECK (((bucket_id = 'member-documents'::text) AND app_private.may_write_member_document(name)));

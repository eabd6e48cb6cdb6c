-- The product's image buckets keep the upload content check (decision 0841): an upload's
-- first bytes must match its declared type, so a text file declared image/png is refused.
-- A later migration that creates an image bucket sets content_check = true the same way.
update storage.buckets set content_check = true
where id in ('event-images', 'group-covers', 'product-images', 'community-logos');

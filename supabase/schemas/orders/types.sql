-- Orders: enum and composite types.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TYPE public.order_status AS ENUM (
    'awaiting_payment',
    'sent_to_customer',
    'activated',
    'ordered'
);

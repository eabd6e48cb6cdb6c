-- Billing (accounts, plans, terms, invoices, payments, reminders, credits, export): enum and composite types.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TYPE public.billing_interval AS ENUM (
    'one_time',
    'monthly',
    'quarterly',
    'annually'
);

CREATE TYPE public.invoice_status AS ENUM (
    'draft',
    'issued',
    'paid',
    'void',
    'credited'
);

CREATE TYPE public.payment_frequency AS ENUM (
    'one_time',
    'monthly',
    'quarterly',
    'annually'
);

CREATE TYPE public.payment_method AS ENUM (
    'mobilepay',
    'betalingsservice',
    'card',
    'bank_transfer',
    'cash',
    'account_credit'
);

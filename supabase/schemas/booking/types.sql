-- Booking (bookable products, bookings, series, feeds): enum and composite types.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TYPE public.booking_availability AS ENUM (
    'weekly',
    'specific_days',
    'timeslot'
);

CREATE TYPE public.booking_price_mode AS ENUM (
    'none',
    'hourly',
    'individual'
);

CREATE TYPE public.booking_status AS ENUM (
    'booked',
    'checked_in',
    'cancelled'
);

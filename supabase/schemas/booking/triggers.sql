-- Booking (bookable products, bookings, series, feeds): triggers.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TRIGGER bookings_before_update BEFORE UPDATE ON public.bookings FOR EACH ROW EXECUTE FUNCTION app_private.before_booking_update();

CREATE TRIGGER bookings_capacity_guard BEFORE INSERT OR UPDATE ON public.bookings FOR EACH ROW EXECUTE FUNCTION app_private.guard_booking_capacity();

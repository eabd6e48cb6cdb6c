// GET /feeds/v1/booking/{token}.ics: the read-only iCalendar feed of one product's or one
// member's bookings (decision 0903). The secret token is the only credential, because
// calendar apps subscribe to a bare URL; the database resolves it (app_private.booking_feed,
// callable only by trusted server work) and an unknown or renewed token is a 404. Times are
// written in UTC, which every client shows in its own zone; X-WR-TIMEZONE names the
// community's zone. ?lang=en gives English texts, Danish otherwise.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { createTranslator } from '@club/i18n';
import { Hono } from 'hono';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { ServerDeps } from '../deps';
import type { AppEnv } from '../http/app-env';

interface FeedBooking {
  id: string;
  product: string;
  starts_at: string;
  ends_at: string;
  status: 'booked' | 'checked_in' | 'cancelled';
  created_at: string;
  booker: string | null;
}

interface Feed {
  kind: 'product' | 'member';
  name: string;
  community: string;
  time_zone: string;
  bookings: FeedBooking[];
}

const tokenPattern = /^([0-9a-f]{64})\.ics$/;

export function renderBookingFeed(feed: Feed, language: 'da' | 'en', host: string): string {
  const t = createTranslator(bookingMessages, language);
  const calendar = ical({
    name:
      feed.kind === 'product'
        ? t('feed.productCalendar', { product: feed.name, community: feed.community })
        : t('feed.memberCalendar', { member: feed.name, community: feed.community }),
    prodId: { company: 'club-platform', product: 'booking-feed', language: language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 900,
    x: [['X-WR-TIMEZONE', feed.time_zone]],
  });
  for (const b of feed.bookings) {
    const who = b.booker ? t('feed.bookedBy', { name: b.booker }) : t('feed.booked');
    const title = feed.kind === 'product' ? who : b.product;
    const status = b.status === 'checked_in' ? ` (${t('feed.checkedIn')})` : '';
    calendar.createEvent({
      id: `${b.id}@${host}`,
      start: new Date(b.starts_at),
      end: new Date(b.ends_at),
      stamp: new Date(b.created_at),
      summary: b.status === 'cancelled' ? `${t('feed.cancelled')}: ${title}` : `${title}${status}`,
      location: b.product,
      status: b.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

export function createBookingFeedRoutes(deps: ServerDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/booking/:file', async (c) => {
    const language = c.req.query('lang') === 'en' ? 'en' : 'da';
    const match = tokenPattern.exec(c.req.param('file'));
    const result = match
      ? await deps.db.query<{ feed: Feed | null }>('select app_private.booking_feed($1) as feed', [match[1]])
      : undefined;
    const feed = result?.rows[0]?.feed;
    if (!feed) {
      const t = createTranslator(bookingMessages, language);
      return c.text(t('feed.notFound'), 404, { 'Cache-Control': 'no-store' });
    }
    const host = new URL(deps.config.publicUrl).host;
    return c.body(renderBookingFeed(feed, language, host), 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="bookings.ics"',
      'Cache-Control': 'private, max-age=300',
      'X-Robots-Tag': 'noindex',
    });
  });
  return routes;
}

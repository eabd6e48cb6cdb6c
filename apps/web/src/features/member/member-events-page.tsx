// The member's calendar: my tickets first (with their codes, kept for offline use), then the
// events the member may see, soonest first, in pages.
import { memberEventsMessages } from '@club/i18n/namespaces/member-events';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { useDocumentTitle } from '../../lib/document-title';
import { useMemberEvents, type MemberEventRow } from '../../lib/queries/events/load-member-events';
import { useMyTickets } from '../../lib/queries/events/load-my-tickets';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { EventRowLink } from './event-row-link';
import { MyTicketCard } from './my-ticket-card';
import { QueryState } from './query-state';
import { Section } from './section';

export function MemberEventsPage({ slug, communityId }: { slug: string; communityId: string }) {
  const t = useT(memberEventsMessages);
  const timeZone = useCommunityTimeZone(communityId);
  const format = useFormat(timeZone);
  const language = useLanguage();
  const events = useMemberEvents(communityId);
  const tickets = useMyTickets(communityId);
  useDocumentTitle(t('title'));

  const price = (e: MemberEventRow) => {
    if (e.tickets.length === 0) return null;
    const lowest = Math.min(...e.tickets.map((x) => x.price_ore));
    if (lowest === 0) return t('free');
    return t('fromPrice', { price: format.money(lowest, e.tickets[0]!.currency) });
  };

  return (
    <div className="space-y-8">
      <PageHeader title={t('title')} description={t('description')} />
      <Section id="my-tickets" title={t('myTickets')}>
        <QueryState query={tickets}>
          {(rows) =>
            rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('noMyTickets')}</p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2">
                {rows.map((ticket) => (
                  <li key={ticket.id}>
                    <MyTicketCard communityId={communityId} ticket={ticket} timeZone={timeZone} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </Section>
      <Section id="events-upcoming" title={t('upcoming')}>
        <QueryState query={events} lines={4}>
          {(data) => {
            const rows = data.pages.flat();
            if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('empty')}</p>;
            return (
              <>
                <ul className="space-y-2">
                  {rows.map((e) => (
                    <li key={e.id}>
                      <EventRowLink
                        to={localePath(language, `m/${slug}/events/${e.id}`)}
                        title={e.title}
                        when={format.dateTime(e.starts_at)}
                        location={e.location}
                        extra={price(e)}
                      />
                    </li>
                  ))}
                </ul>
                {events.hasNextPage ? (
                  <Button
                    variant="secondary"
                    className="mt-3"
                    disabled={events.isFetchingNextPage}
                    onClick={() => void events.fetchNextPage()}
                  >
                    {t('loadMore')}
                  </Button>
                ) : null}
              </>
            );
          }}
        </QueryState>
      </Section>
    </div>
  );
}

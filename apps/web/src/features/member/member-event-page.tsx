// One event for a member: when, where, what it is, my tickets for it, the ticket form, and its
// volunteer shifts.
import { memberEventsMessages } from '@club/i18n/namespaces/member-events';
import { memberShiftsMessages } from '@club/i18n/namespaces/member-shifts';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { RichTextView } from '../../components/ui/rich-text/rich-text-view';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { useDocumentTitle } from '../../lib/document-title';
import { useMemberEvent } from '../../lib/queries/events/load-member-event';
import { useMyTickets } from '../../lib/queries/events/load-my-tickets';
import { useVolunteerShifts } from '../../lib/queries/events/load-volunteer-shifts';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { MyTicketCard } from './my-ticket-card';
import { QueryState } from './query-state';
import { Section } from './section';
import { TicketForm } from './ticket-form';
import { VolunteerJobs } from './volunteer-jobs';

export function MemberEventPage({
  slug,
  communityId,
  eventId,
}: {
  slug: string;
  communityId: string;
  eventId: string;
}) {
  const t = useT(memberEventsMessages);
  const timeZone = useCommunityTimeZone(communityId);
  const format = useFormat(timeZone);
  const language = useLanguage();
  const [search] = useSearchParams();
  const event = useMemberEvent(communityId, eventId);
  const tickets = useMyTickets(communityId);
  const shifts = useVolunteerShifts(communityId, eventId);
  const ts = useT(memberShiftsMessages);
  useDocumentTitle(event.data?.title ?? t('title'));
  const mine = (tickets.data ?? []).filter((x) => x.eventId === eventId);

  return (
    <div className="space-y-6">
      <Link
        to={localePath(language, `m/${slug}/events`)}
        className="inline-flex items-center gap-1 text-sm font-medium text-accent-soft-foreground hover:underline dark:text-accent"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('back')}
      </Link>
      <QueryState query={event} lines={6}>
        {(e) => (
          <>
            <div className="space-y-2">
              <h1 className="text-2xl font-semibold tracking-tight">{e.title}</h1>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted-foreground">{t('when')}</dt>
                <dd>
                  {format.dateTime(e.starts_at)}
                  {e.ends_at ? `–${format.time(e.ends_at)}` : ''}
                </dd>
                {e.location ? (
                  <>
                    <dt className="text-muted-foreground">{t('where')}</dt>
                    <dd>{e.location}</dd>
                  </>
                ) : null}
              </dl>
            </div>
            {search.get('paid') ? <Alert kind="info">{t('paymentReturned')}</Alert> : null}
            {e.status === 'cancelled' ? <Alert kind="error">{t('eventCancelled')}</Alert> : null}
            {e.description ? (
              <div className="rounded-lg border border-border bg-surface p-4">
                <RichTextView doc={e.description} />
              </div>
            ) : null}
            {mine.length > 0 ? (
              <Section id="event-my-tickets" title={t('myTickets')}>
                <ul className="grid gap-3 sm:grid-cols-2">
                  {mine.map((ticket) => (
                    <li key={ticket.id}>
                      <MyTicketCard communityId={communityId} ticket={ticket} timeZone={timeZone} />
                    </li>
                  ))}
                </ul>
              </Section>
            ) : null}
            {e.status !== 'cancelled' ? (
              <Section id="event-tickets" title={t('tickets')}>
                <div className="rounded-lg border border-border bg-surface p-4">
                  <TicketForm event={e} slug={slug} timeZone={timeZone} />
                </div>
              </Section>
            ) : null}
            {shifts.data && shifts.data.length > 0 ? (
              <Section id="event-shifts" title={ts('eventSection')}>
                <VolunteerJobs communityId={communityId} shifts={shifts.data} timeZone={timeZone} />
              </Section>
            ) : null}
          </>
        )}
      </QueryState>
    </div>
  );
}

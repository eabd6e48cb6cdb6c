// The event detail (/events/{id}): the facts of the event, sales per ticket type and add-on,
// participants with check-in, volunteers per timeslot, invitations and the dates of a series.
// Ticket sales and volunteer sign-ups arrive live over realtime.
import { commonMessages } from '@club/i18n/namespaces/common';
import { eventsMessages } from '@club/i18n/namespaces/events';
import { useQuery } from '@tanstack/react-query';
import { Pencil, ScanLine } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody } from '../../components/ui/card';
import { ConnectionIndicator } from '../../components/ui/connection-indicator';
import { NotFoundView } from '../../components/ui/error-view';
import { RichTextView } from '../../components/ui/rich-text/rich-text-view';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { NotFoundError } from '../../lib/request-errors';
import { CancelEventButton } from './cancel-event-button';
import { DetailInvitationsSection } from './detail-invitations-section';
import { DetailOccurrencesSection } from './detail-occurrences-section';
import { DetailParticipantsSection } from './detail-participants-section';
import { DetailSalesSection } from './detail-sales-section';
import { DetailVolunteersSection } from './detail-volunteers-section';
import { EventBreadcrumbs } from './event-breadcrumbs';
import { EventStatusBadge } from './event-status-badge';
import { loadEvent, loadOccurrences, loadParticipants, loadSignups } from './load-event';
import { eventImageUrl } from './upload-event-image';
import { eventKeys } from './use-event-community';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { useLiveEvent } from './use-live-event';
import { weekdayOf, isoToZonedInput } from '../../lib/zoned-time';

/** "22 Dec 2026, 12:00–20:00" on one day, both full dates and times otherwise. */
function whenText(
  starts: string,
  ends: string | null,
  timeZone: string,
  format: ReturnType<typeof useFormat>,
): string {
  if (!ends) return format.dateTime(starts);
  const sameDay =
    isoToZonedInput(starts, timeZone).slice(0, 10) === isoToZonedInput(ends, timeZone).slice(0, 10);
  return sameDay
    ? `${format.dateTime(starts)}–${format.time(ends)}`
    : `${format.dateTime(starts)} – ${format.dateTime(ends)}`;
}

export function EventDetailPage({
  eventId,
  communityId,
  slug,
}: {
  eventId: string;
  communityId: string;
  slug: string;
}) {
  const t = useT(eventsMessages);
  const tc = useT(commonMessages);
  const language = useLanguage();
  const timeZone = useCommunityTimeZone(communityId);
  const format = useFormat(timeZone);
  const event = useQuery({
    queryKey: eventKeys.detail(communityId, eventId),
    queryFn: () => loadEvent(eventId),
  });
  const participants = useQuery({
    queryKey: eventKeys.participants(communityId, eventId),
    queryFn: () => loadParticipants(eventId),
  });
  const jobIds = event.data?.volunteer_jobs.map((j) => j.id) ?? [];
  const signups = useQuery({
    queryKey: eventKeys.signups(communityId, eventId),
    queryFn: () => loadSignups(jobIds),
    enabled: event.data !== undefined,
  });
  const seriesId =
    event.data?.series_id ?? (event.data && event.data.repeat !== 'never' ? event.data.id : undefined);
  const occurrences = useQuery({
    queryKey: eventKeys.occurrences(communityId, eventId),
    queryFn: () => loadOccurrences(seriesId!),
    enabled: seriesId !== undefined,
  });
  const live = useLiveEvent(communityId, eventId, event.data !== undefined);

  if (event.error instanceof NotFoundError) return <NotFoundView embedded />;
  if (event.isError) {
    return (
      <>
        <PageHeader
          title={t('title')}
          breadcrumbs={<EventBreadcrumbs slug={slug} trail={[]} current="…" />}
        />
        <Alert kind="error" title={t('detail.loadError')}>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void event.refetch()}>
            {tc('actions.retry')}
          </Button>
        </Alert>
      </>
    );
  }
  if (!event.data || !timeZone) {
    return (
      <div aria-busy="true" aria-label={tc('loading')} className="space-y-4">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  const e = event.data;
  const weekday = weekdayOf(isoToZonedInput(e.starts_at, timeZone));
  const weekdayName = weekday
    ? new Intl.DateTimeFormat(language === 'da' ? 'da-DK' : 'en-GB', {
        weekday: 'long',
        timeZone: 'UTC',
      }).format(new Date(Date.UTC(2024, 0, weekday)))
    : '';
  const status =
    e.status === 'scheduled' && e.release_at && new Date(e.release_at) <= new Date() ? 'published' : e.status;
  const facts: [string, string][] = [
    [t('detail.facts.when'), whenText(e.starts_at, e.ends_at, timeZone, format)],
    [t('detail.facts.where'), e.location ?? t('detail.facts.noLocation')],
    [t('detail.facts.visibility'), t(`visibility.${e.visibility}`)],
    [t('detail.facts.kind'), t(`kind.${e.kind}`)],
  ];
  if (e.repeat !== 'never')
    facts.push([
      t('detail.facts.repeat'),
      `${t(`repeat.${e.repeat}`, { weekday: weekdayName })}${e.repeat_until ? ` → ${format.date(e.repeat_until + 'T12:00:00Z')}` : ''}`,
    ]);
  if (e.status === 'scheduled' && e.release_at)
    facts.push([t('detail.facts.release'), format.dateTime(e.release_at)]);

  return (
    <>
      <PageHeader
        title={e.title}
        breadcrumbs={<EventBreadcrumbs slug={slug} trail={[]} current={e.title} />}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <EventStatusBadge status={status} />
            <ConnectionIndicator connected={live} />
          </span>
        }
        action={
          <div className="flex flex-wrap gap-2">
            {e.status !== 'cancelled' ? <CancelEventButton event={e} communityId={communityId} /> : null}
            <Button asChild variant="secondary">
              <Link to={localePath(language, `${slug}/events/${e.id}/door`)}>
                <ScanLine aria-hidden="true" />
                {t('door.open')}
              </Link>
            </Button>
            <Button asChild>
              <Link to={localePath(language, `${slug}/events/${e.id}/edit`)}>
                <Pencil aria-hidden="true" />
                {t('detail.edit')}
              </Link>
            </Button>
          </div>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <div className="min-w-0 space-y-6">
          <DetailSalesSection event={e} participants={participants.data ?? []} format={format} />
          <DetailParticipantsSection
            event={e}
            participants={participants.data ?? []}
            format={format}
            communityId={communityId}
          />
          <DetailVolunteersSection
            event={e}
            signups={signups.data ?? []}
            format={format}
            communityId={communityId}
          />
        </div>
        <div className="min-w-0 space-y-6">
          <Card>
            <CardBody>
              {e.image_path ? (
                <img
                  src={eventImageUrl(e.image_path)}
                  alt={t('detail.image')}
                  className="w-full rounded-md object-cover"
                />
              ) : null}
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                {facts.map(([term, value]) => (
                  <div key={term} className="contents">
                    <dt className="text-muted-foreground">{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              <RichTextView doc={e.description} aria-label={t('detail.description')} />
            </CardBody>
          </Card>
          <DetailInvitationsSection event={e} participants={participants.data ?? []} />
          <DetailOccurrencesSection
            event={e}
            occurrences={occurrences.data ?? []}
            format={format}
            slug={slug}
          />
        </div>
      </div>
    </>
  );
}

// Shifts: my coming shifts first, then every open shift of the events I may see, by event.
import { memberShiftsMessages } from '@club/i18n/namespaces/member-shifts';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { useDocumentTitle } from '../../lib/document-title';
import { useVolunteerShifts, type VolunteerShift } from '../../lib/queries/events/load-volunteer-shifts';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { MyShiftsList } from './my-shifts-list';
import { QueryState } from './query-state';
import { Section } from './section';
import { VolunteerJobs } from './volunteer-jobs';

function byEvent(shifts: VolunteerShift[]): VolunteerShift[][] {
  const events = new Map<string, VolunteerShift[]>();
  for (const s of shifts) events.set(s.eventId, [...(events.get(s.eventId) ?? []), s]);
  return [...events.values()].sort((a, b) => a[0]!.eventStartsAt.localeCompare(b[0]!.eventStartsAt));
}

export function MemberShiftsPage({ slug, communityId }: { slug: string; communityId: string }) {
  const t = useT(memberShiftsMessages);
  const timeZone = useCommunityTimeZone(communityId);
  const format = useFormat(timeZone);
  const language = useLanguage();
  const shifts = useVolunteerShifts(communityId);
  useDocumentTitle(t('title'));

  return (
    <div className="space-y-8">
      <PageHeader title={t('title')} description={t('description')} />
      <Section id="shifts-mine" title={t('mine')}>
        <QueryState query={shifts} lines={2}>
          {(rows) => <MyShiftsList slug={slug} communityId={communityId} shifts={rows} timeZone={timeZone} />}
        </QueryState>
      </Section>
      <Section id="shifts-open" title={t('open')}>
        <QueryState query={shifts} lines={4}>
          {(rows) =>
            rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('empty')}</p>
            ) : (
              <div className="space-y-6">
                {byEvent(rows).map((shiftsOfEvent) => {
                  const e = shiftsOfEvent[0]!;
                  return (
                    <section
                      key={e.eventId}
                      aria-labelledby={`shift-event-${e.eventId}`}
                      className="space-y-2"
                    >
                      <div>
                        <h3 id={`shift-event-${e.eventId}`} className="font-semibold">
                          <Link
                            to={localePath(language, `m/${slug}/events/${e.eventId}`)}
                            className="hover:underline"
                          >
                            {e.eventTitle}
                          </Link>
                        </h3>
                        <p className="text-sm text-muted-foreground">
                          {format.dateTime(e.eventStartsAt)}
                          {e.eventLocation ? ` · ${e.eventLocation}` : ''}
                        </p>
                      </div>
                      <VolunteerJobs communityId={communityId} shifts={shiftsOfEvent} timeZone={timeZone} />
                    </section>
                  );
                })}
              </div>
            )
          }
        </QueryState>
      </Section>
    </div>
  );
}

// My own coming shifts, soonest first: the job, the event (linking to it), when in the club's
// time zone and where, and giving one back.
import { memberShiftsMessages } from '@club/i18n/namespaces/member-shifts';
import { Link } from 'react-router';
import type { VolunteerShift } from '../../lib/queries/events/load-volunteer-shifts';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { GiveBackShiftButton } from './give-back-shift-button';
import { shiftTime } from './shift-time';

export function MyShiftsList({
  slug,
  communityId,
  shifts,
  timeZone,
}: {
  slug: string;
  communityId: string;
  shifts: VolunteerShift[];
  timeZone: string | undefined;
}) {
  const t = useT(memberShiftsMessages);
  const format = useFormat(timeZone);
  const language = useLanguage();
  const mine = shifts.filter((s) => s.mySignupId);
  if (mine.length === 0) return <p className="text-sm text-muted-foreground">{t('noMine')}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {mine.map((shift) => {
        const time = shiftTime(format, shift.startsAt, shift.endsAt);
        return (
          <li key={shift.key}>
            <article
              aria-labelledby={`my-shift-${shift.key}`}
              data-my-shift={shift.mySignupId}
              className="flex h-full flex-col gap-3 rounded-lg border border-border bg-surface p-4"
            >
              <div className="min-w-0">
                <h3 id={`my-shift-${shift.key}`} className="font-semibold">
                  {shift.jobTitle}
                </h3>
                <p className="text-sm">
                  <Link
                    to={localePath(language, `m/${slug}/events/${shift.eventId}`)}
                    className="font-medium text-accent-soft-foreground hover:underline dark:text-accent"
                  >
                    {shift.eventTitle}
                  </Link>
                </p>
                <p className="text-sm text-muted-foreground">
                  {time}
                  {shift.eventLocation ? ` · ${shift.eventLocation}` : ''}
                </p>
                {shift.myCheckedInAt ? (
                  <p className="mt-1 text-sm text-green-700 dark:text-green-400">
                    {t('checkedIn', { date: format.dateTime(shift.myCheckedInAt) })}
                  </p>
                ) : null}
              </div>
              <div className="mt-auto flex flex-wrap items-center gap-2">
                <GiveBackShiftButton communityId={communityId} shift={shift} time={time} />
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

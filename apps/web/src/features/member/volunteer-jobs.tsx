// An event's volunteer jobs as a member sees them: each job with what it asks of a volunteer
// (roles, børneattest, compensation) and its times, each time with places taken of places and
// the one thing the member can do there: take it, give it back, or read why not.
import { memberShiftsMessages } from '@club/i18n/namespaces/member-shifts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useTakeShift } from '../../lib/queries/events/take-shift';
import type { VolunteerShift } from '../../lib/queries/events/load-volunteer-shifts';
import { useFormat, useT } from '../../lib/i18n';
import { GiveBackShiftButton } from './give-back-shift-button';
import { shiftTime } from './shift-time';

function byJob(shifts: VolunteerShift[]): VolunteerShift[][] {
  const jobs = new Map<string, VolunteerShift[]>();
  for (const s of shifts) jobs.set(s.jobId, [...(jobs.get(s.jobId) ?? []), s]);
  return [...jobs.values()];
}

export function VolunteerJobs({
  communityId,
  shifts,
  timeZone,
}: {
  communityId: string;
  shifts: VolunteerShift[];
  timeZone: string | undefined;
}) {
  const t = useT(memberShiftsMessages);
  return (
    <ul className="space-y-3">
      {byJob(shifts).map((times) => {
        const job = times[0]!;
        return (
          <li key={job.jobId}>
            <article
              aria-labelledby={`job-${job.jobId}`}
              className="space-y-3 rounded-lg border border-border bg-surface p-4"
            >
              <div className="min-w-0 space-y-1">
                <h3 id={`job-${job.jobId}`} className="font-semibold">
                  {job.jobTitle}
                </h3>
                {job.jobDescription ? <p className="text-sm">{job.jobDescription}</p> : null}
                {job.relevantRoles.length > 0 ? (
                  <p className="text-sm text-muted-foreground">
                    {t('forRoles', { roles: job.relevantRoles.join(', ') })}
                  </p>
                ) : null}
                {job.requiresChildCertificate ? (
                  <p className="text-sm text-muted-foreground">{t('needsCertificate')}</p>
                ) : null}
                {job.compensation ? (
                  <p className="text-sm text-muted-foreground">
                    {t('compensation', { text: job.compensation })}
                  </p>
                ) : null}
              </div>
              <ul className="divide-y divide-border border-t border-border">
                {times.map((shift) => (
                  <li key={shift.key}>
                    <ShiftLine communityId={communityId} shift={shift} timeZone={timeZone} />
                  </li>
                ))}
              </ul>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

function ShiftLine({
  communityId,
  shift,
  timeZone,
}: {
  communityId: string;
  shift: VolunteerShift;
  timeZone: string | undefined;
}) {
  const t = useT(memberShiftsMessages);
  const format = useFormat(timeZone);
  const take = useTakeShift(communityId);
  const time = shiftTime(format, shift.startsAt, shift.endsAt);
  const open = Math.max(shift.slots - shift.taken, 0);
  const refusal = shift.refusal;
  return (
    <div data-shift={shift.key} className="flex flex-wrap items-center justify-between gap-2 pt-3">
      <div className="min-w-0">
        <p className="text-sm font-medium">{time}</p>
        <p className="text-sm text-muted-foreground">
          {t('filled', { count: shift.slots, taken: shift.taken })}
          {open > 0 ? ` · ${t('free', { count: open })}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {shift.mySignupId ? (
          <>
            <Badge tone="success">{t('yours')}</Badge>
            {shift.myCheckedInAt ? (
              <span className="text-sm text-green-700 dark:text-green-400">
                {t('checkedIn', { date: format.dateTime(shift.myCheckedInAt) })}
              </span>
            ) : null}
            <GiveBackShiftButton communityId={communityId} shift={shift} time={time} />
          </>
        ) : open === 0 ? (
          <Badge tone="danger">{t('full')}</Badge>
        ) : refusal === 'role_required' ||
          refusal === 'certificate_missing' ||
          refusal === 'not_a_member' ||
          refusal === 'signup_closed' ? (
          <p className="max-w-xs text-sm text-muted-foreground">
            {t(`refusal.${refusal}`, { roles: shift.relevantRoles.join(', ') })}
          </p>
        ) : (
          <Button
            size="sm"
            aria-label={t('takeNamed', { job: shift.jobTitle, time })}
            disabled={take.isPending}
            onClick={() =>
              take.mutate({ jobId: shift.jobId, timeslotId: shift.timeslotId, job: shift.jobTitle, time })
            }
          >
            {t('take')}
          </Button>
        )}
      </div>
    </div>
  );
}

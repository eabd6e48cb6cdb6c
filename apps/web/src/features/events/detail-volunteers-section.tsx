// Volunteer jobs with filled and open slots per timeslot (members and guests), check-in and
// check-out of each volunteer, and putting a member or a guest on a slot that has room
// (add_volunteer, under the sign-up's rules).
import { eventsMessages } from '@club/i18n/namespaces/events';
import type { Formatters } from '@club/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn, LogOut, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';
import { describeEventError } from './describe-event-error';
import type { EventRecord, JobRecord, SignupRecord } from './event-records';
import { useAddVolunteer } from './add-volunteer';
import { eventKeys } from './use-event-community';
import { emptyWho, readWho, WhoFields, type WhoErrors } from './who-fields';

interface Slot {
  job: JobRecord;
  timeslotId: string | null;
  label: string;
  slots: number;
}

function volunteerName(s: SignupRecord): string {
  return s.member_id
    ? `${s.members?.first_name ?? ''} ${s.members?.last_name ?? ''}`.trim()
    : (s.guest_name ?? '');
}

function AddVolunteerDialog({
  slot,
  communityId,
  eventId,
  open,
  onOpenChange,
}: {
  slot: Slot;
  communityId: string;
  eventId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT(eventsMessages);
  const add = useAddVolunteer(communityId, eventId);
  const [who, setWho] = useState(emptyWho);
  const [errors, setErrors] = useState<WhoErrors>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readWho(who, t);
    setErrors('errors' in read ? read.errors : {});
    if ('errors' in read) return;
    add.mutate(
      {
        communityId,
        eventId,
        jobId: slot.job.id,
        timeslotId: slot.timeslotId,
        name: read.name,
        who: read.who,
      },
      { onSuccess: () => onOpenChange(false) },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('detail.volunteers.addVolunteer')}
      description={`${slot.job.title} · ${slot.label}`}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <WhoFields
          communityId={communityId}
          idPrefix="add-volunteer"
          state={who}
          onChange={setWho}
          errors={errors}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={add.isPending}>
            {t('detail.volunteers.addVolunteer')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function DetailVolunteersSection({
  event,
  signups,
  format,
  communityId,
}: {
  event: EventRecord;
  signups: SignupRecord[];
  format: Formatters;
  communityId: string;
}) {
  const t = useT(eventsMessages);
  const cancelled = event.status === 'cancelled';
  const queryClient = useQueryClient();
  const [guestFor, setGuestFor] = useState<Slot | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: eventKeys.signups(communityId, event.id) });
  const mark = async (s: SignupRecord, column: 'checked_in_at' | 'checked_out_at') => {
    const { error } = await supabase()
      .from('volunteer_signups')
      .update(
        column === 'checked_in_at'
          ? { checked_in_at: new Date().toISOString() }
          : { checked_out_at: new Date().toISOString() },
      )
      .eq('id', s.id);
    if (error) toast({ variant: 'destructive', title: t(describeEventError(error)) });
    await refresh();
  };
  return (
    <Card aria-labelledby="detail-volunteers">
      <CardHeader id="detail-volunteers" title={t('detail.volunteers.title')} />
      <CardBody>
        {event.volunteer_jobs.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.volunteers.none')}</p>
        ) : null}
        {event.volunteer_jobs.map((job) => {
          const slots: Slot[] =
            job.volunteer_timeslots.length === 0
              ? [{ job, timeslotId: null, label: t('detail.volunteers.wholeEvent'), slots: job.slots }]
              : job.volunteer_timeslots.map((s) => ({
                  job,
                  timeslotId: s.id,
                  label: `${format.date(s.starts_at)} ${format.time(s.starts_at)}–${format.time(s.ends_at)}`,
                  slots: s.slots ?? job.slots,
                }));
          return (
            <section key={job.id} aria-labelledby={`job-${job.id}`} className="space-y-2">
              {cancelled ? (
                <p className="text-sm text-muted-foreground" data-testid="volunteers-cancelled">
                  {t('errors.event_cancelled')}
                </p>
              ) : null}
              <h3 id={`job-${job.id}`} className="font-medium">
                {job.title}
              </h3>
              <p className="text-sm text-muted-foreground">
                {job.relevant_roles.length > 0
                  ? t('detail.volunteers.roles', { roles: job.relevant_roles.join(', ') })
                  : t('detail.volunteers.anyone')}
                {job.compensation
                  ? ` · ${t('detail.volunteers.compensation', { text: job.compensation })}`
                  : ''}
              </p>
              <ul className="space-y-2">
                {slots.map((slot) => {
                  const taken = signups.filter(
                    (s) => s.job_id === job.id && s.timeslot_id === slot.timeslotId,
                  );
                  const open = Math.max(0, slot.slots - taken.length);
                  return (
                    <li
                      key={slot.timeslotId ?? 'whole'}
                      aria-label={`${job.title} ${slot.label}`}
                      className="rounded-md border border-border p-3"
                    >
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <span className="text-sm font-medium tabular-nums">{slot.label}</span>
                        <span className="flex items-center gap-2 text-sm">
                          <Badge tone={open === 0 ? 'success' : 'accent'} className="whitespace-nowrap">
                            {t('detail.volunteers.filled', { filled: taken.length, slots: slot.slots })}
                          </Badge>
                          <span className="whitespace-nowrap text-muted-foreground">
                            {t('detail.volunteers.open', { open })}
                          </span>
                          <Button
                            variant="ghost"
                            size="sm"
                            disabled={open === 0 || cancelled}
                            onClick={() => setGuestFor(slot)}
                          >
                            <UserPlus aria-hidden="true" />
                            {t('detail.volunteers.addVolunteer')}
                          </Button>
                        </span>
                      </div>
                      {taken.length > 0 ? (
                        <ul className="mt-2 divide-y divide-border text-sm">
                          {taken.map((s) => (
                            <li
                              key={s.id}
                              className="flex flex-wrap items-center justify-between gap-2 py-1.5"
                            >
                              <span>
                                {volunteerName(s)}{' '}
                                {s.member_id ? null : <Badge>{t('detail.volunteers.guest')}</Badge>}
                              </span>
                              <span className="flex items-center gap-2">
                                {s.checked_in_at ? (
                                  <Badge tone="success">
                                    {t('detail.volunteers.checkedIn', { time: format.time(s.checked_in_at) })}
                                  </Badge>
                                ) : null}
                                {s.checked_out_at ? (
                                  <Badge>
                                    {t('detail.volunteers.checkedOut', {
                                      time: format.time(s.checked_out_at),
                                    })}
                                  </Badge>
                                ) : null}
                                {!s.checked_in_at ? (
                                  <Button
                                    variant="secondary"
                                    size="sm"
                                    onClick={() => void mark(s, 'checked_in_at')}
                                  >
                                    <LogIn aria-hidden="true" />
                                    {t('detail.volunteers.checkIn')}
                                  </Button>
                                ) : !s.checked_out_at ? (
                                  <Button
                                    variant="secondary"
                                    size="sm"
                                    onClick={() => void mark(s, 'checked_out_at')}
                                  >
                                    <LogOut aria-hidden="true" />
                                    {t('detail.volunteers.checkOut')}
                                  </Button>
                                ) : null}
                              </span>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
        {guestFor ? (
          <AddVolunteerDialog
            slot={guestFor}
            communityId={communityId}
            eventId={event.id}
            open
            onOpenChange={(o) => !o && setGuestFor(undefined)}
          />
        ) : null}
      </CardBody>
    </Card>
  );
}

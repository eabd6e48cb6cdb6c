// Volunteer jobs: title, relevant roles, compensation, slots, and timeslots (each with its own
// number of slots, or the job's). Check-in/out and guest volunteers are handled on the detail page.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { useT } from '../../lib/i18n';
import { emptyJob, emptyTimeslot, type JobDraft, type TimeslotDraft } from './event-draft';
import { EditorTextField } from './editor-text-field';
import { replaceAt, type EditorSectionProps } from './editor-section-props';

export function EditorJobsSection(props: EditorSectionProps) {
  const t = useT(eventsMessages);
  const { draft, change } = props;
  const set = (index: number, patch: Partial<JobDraft>) =>
    change((d) => ({ ...d, jobs: replaceAt(d.jobs, index, { ...d.jobs[index]!, ...patch }) }));
  const setSlot = (index: number, slotIndex: number, patch: Partial<TimeslotDraft>) =>
    change((d) => {
      const job = d.jobs[index]!;
      return {
        ...d,
        jobs: replaceAt(d.jobs, index, {
          ...job,
          timeslots: replaceAt(job.timeslots, slotIndex, { ...job.timeslots[slotIndex]!, ...patch }),
        }),
      };
    });
  return (
    <Card aria-labelledby="editor-jobs">
      <CardHeader id="editor-jobs" title={t('editor.sections.volunteers')} />
      <CardBody>
        {draft.jobs.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('editor.noJobs')}</p>
        ) : null}
        {draft.jobs.map((job, i) => {
          const p = `jobs.${i}`;
          const heading = t('editor.jobHeading', { index: i + 1 });
          return (
            <fieldset key={job.key} className="space-y-4 rounded-md border border-border p-4">
              <legend className="sr-only">{heading}</legend>
              <div className="flex items-center justify-between gap-2">
                <span aria-hidden="true" className="text-sm font-semibold">
                  {heading}
                </span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('editor.removeJob', { name: job.title || heading })}
                  onClick={() => change((d) => ({ ...d, jobs: d.jobs.filter((_, j) => j !== i) }))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <EditorTextField
                  path={`${p}.title`}
                  label={t('editor.fields.jobTitle')}
                  value={job.title}
                  onValue={(v) => set(i, { title: v })}
                  props={props}
                />
                <EditorTextField
                  path={`${p}.slots`}
                  label={t('editor.fields.slots')}
                  inputMode="numeric"
                  value={job.slots}
                  onValue={(v) => set(i, { slots: v })}
                  props={props}
                />
                <EditorTextField
                  path={`${p}.roles`}
                  label={t('editor.fields.relevantRoles')}
                  help={t('editor.fields.relevantRolesHelp')}
                  value={job.roles}
                  onValue={(v) => set(i, { roles: v })}
                  props={props}
                />
                <EditorTextField
                  path={`${p}.compensation`}
                  label={t('editor.fields.compensation')}
                  value={job.compensation}
                  onValue={(v) => set(i, { compensation: v })}
                  props={props}
                />
              </div>
              <ol className="space-y-3">
                {job.timeslots.map((slot, k) => {
                  const q = `${p}.timeslots.${k}`;
                  return (
                    <li
                      key={slot.key}
                      aria-label={t('editor.timeslotHeading', { index: k + 1 })}
                      className="grid items-end gap-3 rounded-md bg-muted/50 p-3 sm:grid-cols-[2fr_2fr_1fr_auto]"
                    >
                      <EditorTextField
                        path={`${q}.startsAt`}
                        type="datetime-local"
                        label={t('editor.fields.timeslotStarts')}
                        value={slot.startsAt}
                        onValue={(v) => setSlot(i, k, { startsAt: v })}
                        props={props}
                      />
                      <EditorTextField
                        path={`${q}.endsAt`}
                        type="datetime-local"
                        label={t('editor.fields.timeslotEnds')}
                        value={slot.endsAt}
                        onValue={(v) => setSlot(i, k, { endsAt: v })}
                        props={props}
                      />
                      <EditorTextField
                        path={`${q}.slots`}
                        label={t('editor.fields.timeslotSlots')}
                        inputMode="numeric"
                        value={slot.slots}
                        onValue={(v) => setSlot(i, k, { slots: v })}
                        props={props}
                      />
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('editor.removeTimeslot', { index: k + 1 })}
                        onClick={() => set(i, { timeslots: job.timeslots.filter((_, m) => m !== k) })}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </li>
                  );
                })}
              </ol>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => set(i, { timeslots: [...job.timeslots, emptyTimeslot()] })}
              >
                <Plus aria-hidden="true" />
                {t('editor.addTimeslot')}
              </Button>
            </fieldset>
          );
        })}
        <Button variant="secondary" onClick={() => change((d) => ({ ...d, jobs: [...d.jobs, emptyJob()] }))}>
          <Plus aria-hidden="true" />
          {t('editor.addJob')}
        </Button>
      </CardBody>
    </Card>
  );
}

// Volunteer jobs: title, relevant roles, compensation, slots, and timeslots (each with its own
// number of slots, or the job's). Check-in/out and guest volunteers are handled on the detail page.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { useT } from '../../lib/i18n';
import { emptyJob, emptyTimeslot, type JobDraft, type TimeslotDraft } from './event-draft';
import { EditorAddButton, EditorGroup, EditorGroupRow } from './editor-group';
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
            <EditorGroup
              key={job.key}
              heading={heading}
              removeLabel={t('editor.removeJob', { name: job.title || heading })}
              onRemove={() => change((d) => ({ ...d, jobs: d.jobs.filter((_, j) => j !== i) }))}
            >
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
                    <EditorGroupRow
                      key={slot.key}
                      label={t('editor.timeslotHeading', { index: k + 1 })}
                      className="sm:grid-cols-[2fr_2fr_1fr_auto]"
                      removeLabel={t('editor.removeTimeslot', { index: k + 1 })}
                      onRemove={() => set(i, { timeslots: job.timeslots.filter((_, m) => m !== k) })}
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
                    </EditorGroupRow>
                  );
                })}
              </ol>
              <EditorAddButton
                size="sm"
                label={t('editor.addTimeslot')}
                onClick={() => set(i, { timeslots: [...job.timeslots, emptyTimeslot()] })}
              />
            </EditorGroup>
          );
        })}
        <EditorAddButton
          label={t('editor.addJob')}
          onClick={() => change((d) => ({ ...d, jobs: [...d.jobs, emptyJob()] }))}
        />
      </CardBody>
    </Card>
  );
}

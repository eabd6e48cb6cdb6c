// Date and time, repeat rule with its until date, and a preview of the coming dates computed by
// the database's own recurrence_starts (the same expansion the series will get), so the
// preview shows exactly what publishing creates, summer and winter time included.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { useQuery } from '@tanstack/react-query';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { useFormat, useLanguage, useT } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';
import { repeatRules, type RepeatRule } from './event-records';
import { EditorTextField } from './editor-text-field';
import { selectClass } from './editor-basics-section';
import { fieldId, type EditorSectionProps } from './editor-section-props';
import { useDebounced } from '../../lib/use-debounced';
import { weekdayOf, zonedInputToIso } from '../../lib/zoned-time';

const previewLimit = 8;

export function EditorScheduleSection(props: EditorSectionProps & { timeZone: string }) {
  const t = useT(eventsMessages);
  const language = useLanguage();
  const format = useFormat(props.timeZone);
  const { draft, change } = props;
  const weekday = weekdayOf(draft.startsAt);
  const weekdayName =
    weekday === undefined
      ? '…'
      : new Intl.DateTimeFormat(language === 'da' ? 'da-DK' : 'en-GB', {
          weekday: 'long',
          timeZone: 'UTC',
        }).format(new Date(Date.UTC(2024, 0, weekday)));

  const first = zonedInputToIso(draft.startsAt, props.timeZone);
  const request = useDebounced({ first, rule: draft.repeat, until: draft.repeatUntil }, 300);
  const ready =
    request.rule !== 'never' &&
    request.first !== undefined &&
    /^\d{4}-\d{2}-\d{2}$/.test(request.until) &&
    request.until >= (request.first ?? '').slice(0, 10);
  const preview = useQuery({
    queryKey: ['recurrence-preview', request, props.timeZone],
    enabled: ready,
    queryFn: async () => {
      if (request.first === undefined) return [];
      const { data, error } = await supabase().rpc('recurrence_starts', {
        p_first: request.first,
        p_rule: request.rule,
        p_until: request.until,
        p_time_zone: props.timeZone,
      });
      if (error) throw error;
      return (data ?? []) as string[];
    },
  });

  return (
    <Card aria-labelledby="editor-schedule">
      <CardHeader id="editor-schedule" title={t('editor.sections.schedule')} />
      <CardBody>
        <div className="grid gap-4 sm:grid-cols-2">
          <EditorTextField
            path="startsAt"
            type="datetime-local"
            label={t('editor.fields.startsAt')}
            value={draft.startsAt}
            onValue={(startsAt) => change((d) => ({ ...d, startsAt }))}
            props={props}
          />
          <EditorTextField
            path="endsAt"
            type="datetime-local"
            label={t('editor.fields.endsAt')}
            value={draft.endsAt}
            onValue={(endsAt) => change((d) => ({ ...d, endsAt }))}
            props={props}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('editor.fields.repeat')}>
            <select
              id={fieldId('repeat')}
              className={selectClass}
              value={draft.repeat}
              onChange={(e) => change((d) => ({ ...d, repeat: e.target.value as RepeatRule }))}
            >
              {repeatRules.map((rule) => (
                <option key={rule} value={rule}>
                  {t(`repeat.${rule}`, { weekday: weekdayName })}
                </option>
              ))}
            </select>
          </FormField>
          {draft.repeat !== 'never' ? (
            <EditorTextField
              path="repeatUntil"
              type="date"
              label={t('editor.fields.repeatUntil')}
              value={draft.repeatUntil}
              onValue={(repeatUntil) => change((d) => ({ ...d, repeatUntil }))}
              props={props}
            />
          ) : null}
        </div>
        {draft.repeat !== 'never' ? (
          <section aria-labelledby="editor-preview" className="rounded-md bg-muted/60 p-3">
            <h3 id="editor-preview" className="text-sm font-medium">
              {t('editor.preview')}
            </h3>
            {ready && preview.data ? (
              <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2" aria-label={t('editor.preview')}>
                {preview.data.slice(0, previewLimit).map((start) => (
                  <li key={start} className="tabular-nums">
                    {format.date(start, 'long')} {format.time(start)}
                  </li>
                ))}
                {preview.data.length > previewLimit ? (
                  <li className="text-muted-foreground">
                    {t('editor.previewMore', { count: preview.data.length - previewLimit })}
                  </li>
                ) : null}
              </ol>
            ) : (
              <p className="mt-1 text-sm text-muted-foreground">{t('editor.previewEmpty')}</p>
            )}
          </section>
        ) : null}
      </CardBody>
    </Card>
  );
}

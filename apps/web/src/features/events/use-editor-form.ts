// The event editor's form state on the kit's form (react-hook-form through useAppForm): the whole
// draft is the form's value, validated by a zod schema that runs validateEventDraft, so a field
// shows its message in the user's language, is checked when it loses focus, the first invalid
// field gets focus on submit, and isDirty drives the unsaved-changes guard. The sections keep
// their small interface (draft, change, error, touch); this hook binds it to the form.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { useCallback, useMemo, type FormEvent } from 'react';
import { get, type Path } from 'react-hook-form';
import { z } from 'zod';
import { useAppForm } from '../../components/form/use-app-form';
import { useT } from '../../lib/i18n';
import type { EventDraft, PublishChoice } from './event-draft';
import { fieldId, type EditorSectionProps } from './editor-section-props';
import { validateEventDraft } from './validate-event-draft';

export type EditorValues = EventDraft & { publish: PublishChoice };

function issuePath(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export function useEditorForm(initial: EventDraft, initialChoice: PublishChoice) {
  const t = useT(eventsMessages);
  const schema = useMemo(
    () =>
      z.custom<EditorValues>().superRefine((values, ctx) => {
        for (const [path, found] of Object.entries(validateEventDraft(values, values.publish))) {
          ctx.addIssue({ code: 'custom', path: issuePath(path), message: t(found.key, found.values) });
        }
      }),
    [t],
  );
  const form = useAppForm({ schema, defaultValues: { ...initial, publish: initialChoice } as never });
  const values = form.watch() as EditorValues;
  const { errors, isDirty, submitCount } = form.formState;

  const change = useCallback<EditorSectionProps['change']>(
    (update) => {
      const current = form.getValues() as EditorValues;
      const next = update(current);
      for (const key of Object.keys(next) as (keyof EventDraft)[]) {
        if (next[key] === current[key]) continue;
        form.setValue(key as Path<EditorValues>, next[key] as never, {
          shouldDirty: true,
          shouldValidate: form.formState.submitCount > 0,
        });
      }
    },
    [form],
  );
  const error = (path: string): string | undefined => {
    const found = get(errors, path) as { message?: unknown } | undefined;
    return typeof found?.message === 'string' ? found.message : undefined;
  };
  const touch = useCallback((path: string) => void form.trigger(path as Path<EditorValues>), [form]);
  const setChoice = (choice: PublishChoice) =>
    form.setValue('publish' as Path<EditorValues>, choice as never, {
      shouldDirty: true,
      shouldValidate: submitCount > 0,
    });

  /** Validates everything; on failure focuses the first invalid field, else runs save. */
  const submit = (save: () => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    await form.submit(save)(event);
    const first = Object.keys(validateEventDraft(form.getValues() as EditorValues, values.publish))[0];
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  return {
    draft: values as EventDraft,
    choice: values.publish,
    setChoice,
    change,
    error,
    touch,
    submit,
    isDirty,
    hasErrors: Object.keys(errors).length > 0,
    saving: form.saving,
  };
}

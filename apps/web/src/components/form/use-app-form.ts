// The form state of every area: react-hook-form validated by a zod schema (shared from
// packages/schemas where the database holds the same rule). Fields are checked when they lose
// focus and again as they change once touched; on submit the first invalid field gets focus.
// submit() runs the area's save and puts a server error on its field (or on the form), in words.
import { zodResolver } from '@hookform/resolvers/zod';
import { kitMessages } from '@club/i18n/namespaces/kit';
import { useCallback, useMemo, useRef, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { useT } from '../../lib/i18n';
import { mapServerError, type ServerErrorMapping } from './server-errors';
import { kitErrorMap } from './zod-messages';

export interface AppForm<In extends FieldValues, Out> extends UseFormReturn<In, unknown, Out> {
  /** A submit handler for <form onSubmit>: validates, saves, maps server errors. */
  submit: (save: (values: Out) => Promise<void> | void) => (event?: FormEvent) => Promise<void>;
  /** True while a save runs: the unsaved-changes guard lets its navigation through. */
  readonly saving: { current: boolean };
}

export interface AppFormOptions<S extends z.ZodType<FieldValues, FieldValues>> {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** How the area's database errors land on fields (column and constraint names, codes). */
  serverErrors?: ServerErrorMapping<Path<z.input<S>>>;
}

export function useAppForm<S extends z.ZodType<FieldValues, FieldValues>>(
  options: AppFormOptions<S>,
): AppForm<z.input<S>, z.output<S>> {
  type In = z.input<S>;
  type Out = z.output<S>;
  const t = useT(kitMessages);
  const resolver = useMemo(
    () => zodResolver(options.schema as never, { error: kitErrorMap(t) } as never),
    [options.schema, t],
  );
  const form = useForm<In, unknown, Out>({
    resolver: resolver as never,
    defaultValues: options.defaultValues,
    mode: 'onTouched',
    shouldFocusError: true,
  });
  const saving = useRef(false);
  const mapping = useRef(options.serverErrors);
  mapping.current = options.serverErrors;

  const submit = useCallback(
    (save: (values: Out) => Promise<void> | void) =>
      form.handleSubmit(async (values) => {
        saving.current = true;
        try {
          await save(values);
        } catch (error) {
          const fields = Object.keys(form.getValues()) as Path<In>[];
          const mapped = mapServerError(error, fields, mapping.current);
          const message =
            mapped.message ?? (mapped.kind === 'unknown' ? t('form.saveFailed') : t(`form.${mapped.kind}`));
          if (mapped.field) form.setError(mapped.field, { type: 'server', message }, { shouldFocus: true });
          else form.setError('root.server', { type: 'server', message });
        } finally {
          saving.current = false;
        }
      }),
    [form, t],
  );
  return Object.assign(form, { submit, saving });
}

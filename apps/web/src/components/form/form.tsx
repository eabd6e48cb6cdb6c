// <Form> and the field components every area's form is made of. A field has a label, optional
// help text and its error under it (wired with aria-describedby / aria-invalid); errors are
// zod's generic messages in the user's language, or keys of the area's namespace that the
// form's `translate` turns into words. After a failed submit a summary names the fields.
import { kitMessages } from '@club/i18n/namespaces/kit';
import { createContext, useContext, useId, useRef, type ReactElement, type ReactNode } from 'react';
import { FormProvider, get, useFormContext, type FieldValues } from 'react-hook-form';
import { useT } from '../../lib/i18n';
import { Alert } from '../ui/alert';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import type { AppForm } from './use-app-form';

interface FormMeta {
  /** Turns an area message key into words; unknown text is shown as it is. */
  translate: (message: string) => string;
  labels: Map<string, string>;
}

const FormMetaContext = createContext<FormMeta>({ translate: (m) => m, labels: new Map() });

export function Form<In extends FieldValues, Out>({
  form,
  onSubmit,
  translate,
  className,
  children,
  ...rest
}: {
  form: AppForm<In, Out>;
  onSubmit: (values: Out) => Promise<void> | void;
  translate?: (key: string) => string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  const labels = useRef(new Map<string, string>());
  const meta: FormMeta = {
    translate: (message) => (translate && /^[\w-]+(\.[\w-]+)+$/.test(message) ? translate(message) : message),
    labels: labels.current,
  };
  return (
    <FormProvider {...form}>
      <FormMetaContext.Provider value={meta}>
        <form noValidate className={className} onSubmit={form.submit(onSubmit)} {...rest}>
          {children}
        </form>
      </FormMetaContext.Provider>
    </FormProvider>
  );
}

/** The error of a field in words, or undefined. */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext();
  const { translate } = useContext(FormMetaContext);
  const error = get(formState.errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' && error.message ? translate(error.message) : undefined;
}

export interface FieldShellProps {
  name: string;
  label: string;
  help?: ReactNode;
  optional?: boolean;
  className?: string;
}

/** Label, control, then help or error (FormField), with the field's error from the form. */
export function FieldShell({
  name,
  label,
  help,
  optional,
  className,
  children,
  problem,
}: FieldShellProps & {
  children: ReactElement<Record<string, unknown>>;
  /** Words for the field's error that only the control knows (why a typed date is unreadable). */
  problem?: string;
}) {
  const t = useT(kitMessages);
  const fieldError = useFieldError(name);
  const error = fieldError && problem ? problem : fieldError;
  useContext(FormMetaContext).labels.set(name, label);
  return (
    <FormField
      className={className}
      error={error}
      help={help}
      label={
        <>
          {label}
          {optional ? (
            <span className="ml-1 font-normal text-muted-foreground">({t('form.optional')})</span>
          ) : null}
        </>
      }
    >
      {children}
    </FormField>
  );
}

export function TextField({
  type = 'text',
  autoComplete,
  inputMode,
  ...props
}: FieldShellProps & {
  type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'number';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | 'url';
}) {
  const { register } = useFormContext();
  return (
    <FieldShell {...props}>
      <Input
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        {...register(
          props.name,
          type === 'number' ? { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) } : {},
        )}
      />
    </FieldShell>
  );
}

export function TextAreaField({ rows = 4, ...props }: FieldShellProps & { rows?: number }) {
  const { register } = useFormContext();
  return (
    <FieldShell {...props}>
      <textarea
        rows={rows}
        className="w-full rounded-md border border-input bg-surface px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
        {...register(props.name)}
      />
    </FieldShell>
  );
}

export function SelectField({
  options,
  ...props
}: FieldShellProps & { options: readonly { value: string; label: string }[] }) {
  const { register } = useFormContext();
  return (
    <FieldShell {...props}>
      <select
        className="h-10 w-full rounded-md border border-input bg-surface px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
        {...register(props.name)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckboxField({ name, label, help }: { name: string; label: string; help?: ReactNode }) {
  const { register } = useFormContext();
  const id = useId();
  const error = useFieldError(name);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          className="size-4 accent-accent"
          aria-invalid={error ? true : undefined}
          {...register(name)}
        />
        {label}
      </label>
      {error ? (
        <p className="text-sm font-medium text-destructive">{error}</p>
      ) : help ? (
        <p className="text-sm text-muted-foreground">{help}</p>
      ) : null}
    </div>
  );
}

/** After a failed submit: which fields need attention, and any error that belongs to no field. */
export function FormErrorSummary() {
  const t = useT(kitMessages);
  const { formState } = useFormContext();
  const { labels, translate } = useContext(FormMetaContext);
  const root = (formState.errors.root as { server?: { message?: string } } | undefined)?.server?.message;
  const invalid = [...labels.keys()].filter((name) => get(formState.errors, name));
  if (root) return <Alert kind="error" title={translate(root)} />;
  if (formState.submitCount === 0 || invalid.length === 0) return null;
  return (
    <Alert
      kind="error"
      title={t('form.fixFields', { fields: invalid.map((n) => labels.get(n)).join(', ') })}
    />
  );
}

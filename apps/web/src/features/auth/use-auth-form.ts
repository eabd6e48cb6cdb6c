// The auth screens' own small form state (decision 0807; area screens use the kit's
// useAppForm): validates a field when it loses focus and every field on submit, keeps messages
// as keys for the caller to translate, focuses the first invalid field, and marks the form busy
// only while the submit handler runs.
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

export type FieldRules<V, K extends string> = Partial<
  Record<keyof V, (value: string, values: V) => K | undefined>
>;

export interface FieldBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: () => void;
  ref: (element: HTMLElement | null) => void;
}

export interface UseForm<V, K extends string> {
  values: V;
  errors: Partial<Record<keyof V, K>>;
  submitting: boolean;
  field: (name: keyof V & string) => FieldBinding;
  setValue: <F extends keyof V>(name: F, value: V[F]) => void;
  setErrors: (errors: Partial<Record<keyof V, K>>) => void;
  reset: (values?: V) => void;
  handleSubmit: (event?: FormEvent) => Promise<void>;
}

/** The message keys a set of rules can produce. */
type RuleMessage<R> = {
  [F in keyof R]: R[F] extends (...args: never[]) => infer M ? NonNullable<M> : never;
}[keyof R];

export function useForm<
  V extends Record<string, string>,
  R extends FieldRules<NoInfer<V>, string>,
  K extends string = RuleMessage<R> & string,
>(options: { initial: V; rules: R; onSubmit: (values: V) => Promise<void> | void }): UseForm<V, K> {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, K>>>({});
  const [submitting, setSubmitting] = useState(false);
  const elements = useRef(new Map<keyof V, HTMLElement>());
  const latest = useRef({ values, options });
  latest.current = { values, options };

  const check = useCallback((name: keyof V, all: V): K | undefined => {
    const rule = (latest.current.options.rules as FieldRules<V, K>)[name];
    return rule ? rule(all[name] ?? '', all) : undefined;
  }, []);

  const field = useCallback(
    (name: keyof V & string): FieldBinding => ({
      name,
      value: values[name] ?? '',
      onChange: (event) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => {
          if (!current[name]) return current;
          const next = { ...current };
          delete next[name];
          return next;
        });
      },
      onBlur: () => {
        const all = latest.current.values;
        if (all[name] === '' && !errors[name]) return;
        const message = check(name, all);
        setErrors((current) => {
          const next = { ...current };
          if (message) next[name] = message;
          else delete next[name];
          return next;
        });
      },
      ref: (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
    }),
    [values, errors, check],
  );

  const handleSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      const all = latest.current.values;
      const found: Partial<Record<keyof V, K>> = {};
      for (const name of Object.keys(all) as (keyof V)[]) {
        const message = check(name, all);
        if (message) found[name] = message;
      }
      setErrors(found);
      const firstInvalid = (Object.keys(all) as (keyof V)[]).find((name) => found[name]);
      if (firstInvalid !== undefined) {
        elements.current.get(firstInvalid)?.focus();
        return;
      }
      setSubmitting(true);
      try {
        await latest.current.options.onSubmit(all);
      } finally {
        setSubmitting(false);
      }
    },
    [check],
  );

  return {
    values,
    errors,
    submitting,
    field,
    setValue: (name, value) => setValues((current) => ({ ...current, [name]: value })),
    setErrors,
    reset: (next) => {
      setValues(next ?? options.initial);
      setErrors({});
    },
    handleSubmit,
  };
}

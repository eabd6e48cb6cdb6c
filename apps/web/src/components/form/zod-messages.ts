// Zod's generic issues in the user's language: an error map handed to every parse by
// useAppForm. A message written into a schema (z.string().min(1, 'validation.titleRequired'))
// wins over this map; such messages are keys of the area's namespace, translated by the field.
import type { kitMessages } from '@club/i18n/namespaces/kit';
import type { Translate } from '@club/i18n';
import type { z } from 'zod';

type KitTree = NonNullable<(typeof kitMessages)['tree']>;

export function kitErrorMap(t: Translate<KitTree>) {
  return (issue: z.core.$ZodRawIssue): string | undefined => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null || issue.input === '')
          return t('form.required');
        if (issue.expected === 'number' || issue.expected === 'int') return t('form.invalidNumber');
        if (issue.expected === 'date') return t('form.invalidDate');
        return t('form.invalid');
      case 'too_small': {
        const min = Number(issue.minimum);
        if (issue.origin === 'string') return min <= 1 ? t('form.required') : t('form.tooShort', { min });
        if (issue.origin === 'array' || issue.origin === 'set') return t('form.required');
        return t('form.tooSmall', { min });
      }
      case 'too_big': {
        const max = Number(issue.maximum);
        return issue.origin === 'string' ? t('form.tooLong', { max }) : t('form.tooBig', { max });
      }
      case 'invalid_format':
        return issue.format === 'email' ? t('form.invalidEmail') : t('form.invalid');
      default:
        return t('form.invalid');
    }
  };
}

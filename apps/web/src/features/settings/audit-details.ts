// An audit entry's details in words of the reader's language: each field by its name ("Amount",
// "Role"), money as money ("DKK 500.00"), statuses, roles, areas and payment methods by their
// labels, yes/no for flags, and a change as "old → new" ("Role: Administrator" when access is
// granted, "Status: Issued → Paid"). The database stores the details as data (column names and
// raw values); only this function turns them into text.
import type { Formatters } from '@club/i18n';

type Details = Record<string, unknown>;

export interface AuditWords {
  /** A label from settings' `audit.details` tree, or undefined when there is none. */
  label: (path: string, values?: Record<string, string | number>) => string | undefined;
  area: (area: string) => string;
  format: Formatters;
}

/** The words from the settings and members translators (hooks in the page, plain in tests). */
export function auditWords(
  t: (key: string, values?: Record<string, string | number>) => string,
  areaLabel: (key: string) => string,
  format: Formatters,
): AuditWords {
  const known = (key: string, text: string) => (text === key ? undefined : text);
  return {
    label: (path, values) => known(`audit.details.${path}`, t(`audit.details.${path}`, values)),
    area: (area) => known(`areas.${area}`, areaLabel(`areas.${area}`)) ?? area,
    format,
  };
}

const hidden = new Set(['currency']);

function fieldLabel(key: string, words: AuditWords): string {
  return words.label(`fields.${key}`) ?? key.replace(/_/g, ' ');
}

function valueText(key: string, value: unknown, details: Details, words: AuditWords): string {
  if (value === null || value === undefined || value === '') return words.label('none') ?? '–';
  if (typeof value === 'boolean') return words.label(value ? 'yes' : 'no') ?? String(value);
  if (typeof value === 'number' && key.endsWith('_ore')) {
    return words.format.money(value, typeof details.currency === 'string' ? details.currency : 'DKK');
  }
  if (key === 'retention_months' && typeof value === 'number') {
    return words.label('months', { count: value }) ?? String(value);
  }
  if (typeof value === 'number') return words.format.number(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return words.label('none') ?? '–';
    return value.map((item) => (key === 'areas' ? words.area(String(item)) : String(item))).join(', ');
  }
  if (typeof value === 'string') {
    const named = ['status', 'role', 'method', 'default_language'].includes(key)
      ? words.label(`values.${key}.${value}`)
      : undefined;
    return named ?? value;
  }
  return JSON.stringify(value);
}

/** A change is stored as [old, new]; the areas' own value is a list, so its change is a pair of lists. */
function isChange(key: string, value: unknown): value is [unknown, unknown] {
  if (!Array.isArray(value) || value.length !== 2) return false;
  return key !== 'areas' || value.every((side) => side === null || Array.isArray(side));
}

/** The details of an entry in one line: a CPR reveal's reason, or each field and what changed. */
export function describeAuditDetails(details: Details, words: AuditWords): string {
  if (typeof details.reason === 'string')
    return words.label('reason', { reason: details.reason }) ?? details.reason;
  return Object.entries(details)
    .filter(([key]) => !hidden.has(key))
    .map(([key, value]) => {
      const label = fieldLabel(key, words);
      if (isChange(key, value)) {
        const [before, after] = value;
        if (before === null || before === undefined)
          return `${label}: ${valueText(key, after, details, words)}`;
        return `${label}: ${valueText(key, before, details, words)} → ${valueText(key, after, details, words)}`;
      }
      return `${label}: ${valueText(key, value, details, words)}`;
    })
    .join('; ');
}

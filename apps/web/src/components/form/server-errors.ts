// Maps a failed write (a PostgREST/PostgreSQL error as supabase-js returns it) onto the form:
// which field it belongs to and what to say. Unique, foreign-key, not-null and check violations
// name a column or a constraint; an area's business codes (raised by its functions as P0001 with
// the code as message) are mapped by the area. What belongs to no field goes to the form.

export interface ServerErrorMapping<Field extends string> {
  /** Column name → form field, when they differ (members.full_name → "name"). */
  columns?: Partial<Record<string, Field>>;
  /** Constraint name → form field, for check constraints. */
  constraints?: Partial<Record<string, Field>>;
  /** Business code (P0001 message) → field and the message to show (a key or text). */
  codes?: Partial<Record<string, { field?: Field; message: string }>>;
}

export type ServerErrorKind =
  'taken' | 'missingReference' | 'required' | 'invalid' | 'notAllowed' | 'unknown';

export interface MappedServerError<Field extends string> {
  field: Field | undefined;
  kind: ServerErrorKind;
  /** The area's own message when a business code matched. */
  message?: string;
}

interface PostgrestLikeError {
  code?: unknown;
  message?: unknown;
  details?: unknown;
  hint?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Column names in "Key (community_id, email)=(…)" of a unique or foreign-key violation. */
function keyColumns(details: string): string[] {
  const match = /Key \(([^)]+)\)=/.exec(details);
  return match ? match[1]!.split(',').map((c) => c.trim().replace(/^"|"$/g, '')) : [];
}

export function mapServerError<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  mapping: ServerErrorMapping<Field> = {},
): MappedServerError<Field> {
  const e = (error ?? {}) as PostgrestLikeError;
  const code = text(e.code);
  const message = text(e.message);
  const details = text(e.details);
  const toField = (column: string): Field | undefined => {
    const mapped = mapping.columns?.[column];
    if (mapped) return mapped;
    return (fields as readonly string[]).includes(column) ? (column as Field) : undefined;
  };
  const firstField = (columns: string[]) =>
    columns
      .map(toField)
      .reverse()
      .find((f) => f !== undefined);

  if (code === 'P0001' && mapping.codes?.[message]) {
    const known = mapping.codes[message]!;
    return { field: known.field, kind: 'invalid', message: known.message };
  }
  if (code === '23505') return { field: firstField(keyColumns(details)), kind: 'taken' };
  if (code === '23503') return { field: firstField(keyColumns(details)), kind: 'missingReference' };
  if (code === '23502') {
    const column = /column "([^"]+)"/.exec(message)?.[1];
    return { field: column ? toField(column) : undefined, kind: 'required' };
  }
  if (code === '23514') {
    const constraint = /constraint "([^"]+)"/.exec(message)?.[1] ?? '';
    const byName = mapping.constraints?.[constraint];
    // A check constraint named <table>_<column>_check names its column.
    const guessed = fields.find((f) => constraint.endsWith(`_${f}_check`));
    return { field: byName ?? guessed, kind: 'invalid' };
  }
  if (code === '22001' || code === '22P02' || code === '22007' || code === '22008')
    return { field: undefined, kind: 'invalid' };
  if (code === '42501' || code === 'PGRST301') return { field: undefined, kind: 'notAllowed' };
  return { field: undefined, kind: 'unknown' };
}

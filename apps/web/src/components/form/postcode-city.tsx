// The town of the postcode typed in the form's postal_code field, from the shipped postcode
// table: shown beside the field as it is typed, read-only (the database fills it in too).
import { useWatch } from 'react-hook-form';

export function PostcodeCity({
  postcodes,
  label,
  testId,
}: {
  postcodes: ReadonlyMap<string, string>;
  label: string;
  testId: string;
}) {
  const code = useWatch({ name: 'postal_code' }) as string;
  const city = postcodes.get(code?.trim() ?? '');
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium">{label}</p>
      <p
        className="flex h-10 items-center rounded-md border border-border bg-muted px-3 text-sm"
        aria-live="polite"
        data-testid={testId}
      >
        {city ?? '–'}
      </p>
    </div>
  );
}

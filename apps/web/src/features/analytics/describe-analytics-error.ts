// Analytics errors in words: the database's business codes (P0001 with the code as message) to
// keys of the analytics namespace.
const keys = {
  year_out_of_range: 'errors.yearOutOfRange',
  invalid_range: 'errors.invalidRange',
  invalid_date: 'errors.rangeMissing',
  unknown_club: 'errors.unknownClub',
  not_allowed: 'errors.notAllowed',
} as const;

export function describeAnalyticsError(error: unknown) {
  const e = (error ?? {}) as { code?: unknown; message?: unknown };
  if (e.code === 'P0001' && typeof e.message === 'string' && e.message in keys)
    return keys[e.message as keyof typeof keys];
  return 'errors.loadFailed' as const;
}

import { PostgrestError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { isClientError, isUuid, NotFoundError, retryUnlessRefused } from './request-errors';

const pg = (code: string) => new PostgrestError({ message: 'x', details: '', hint: '', code });

describe('which failures are retried', () => {
  it('never retries what the server refused', () => {
    for (const error of [
      new NotFoundError('event'),
      pg('22P02'), // invalid input syntax for type uuid
      pg('42501'), // permission denied
      pg('PGRST116'), // no rows for single()
      pg('P0001'), // a rule of the database
      { status: 404, message: 'not found' },
      { status: 400, code: 'validation_failed' },
    ]) {
      expect(isClientError(error)).toBe(true);
      expect(retryUnlessRefused(0, error)).toBe(false);
    }
  });

  it('retries network failures, timeouts and server errors twice', () => {
    for (const error of [
      new TypeError('Failed to fetch'),
      pg('PGRST002'),
      pg('57014'),
      pg('40001'),
      pg('08006'),
      { status: 503 },
    ]) {
      expect(isClientError(error)).toBe(false);
      expect(retryUnlessRefused(0, error)).toBe(true);
      expect(retryUnlessRefused(1, error)).toBe(true);
      expect(retryUnlessRefused(2, error)).toBe(false);
    }
  });

  it('knows a uuid', () => {
    expect(isUuid('0b5e8a52-4c1e-4a53-9f0e-2f6a3c1d9e77')).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});

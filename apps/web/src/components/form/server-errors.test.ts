import { describe, expect, it } from 'vitest';
import { mapServerError } from './server-errors';

const fields = ['name', 'email', 'group', 'age'] as const;

describe('server errors on form fields', () => {
  it('puts a unique violation on the field its key names, past the community column', () => {
    const error = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "members_community_id_email_key"',
      details: 'Key (community_id, email)=(6f0c…, ane@example.dk) already exists.',
    };
    expect(mapServerError(error, fields)).toEqual({ field: 'email', kind: 'taken' });
  });

  it('maps a foreign-key column through the area mapping', () => {
    const error = {
      code: '23503',
      message: 'insert or update on table "members" violates foreign key constraint',
      details: 'Key (group_id)=(1b2c…) is not present in table "groups".',
    };
    expect(mapServerError(error, fields, { columns: { group_id: 'group' } })).toEqual({
      field: 'group',
      kind: 'missingReference',
    });
  });

  it('finds the column of a not-null violation and the field of a check constraint', () => {
    expect(
      mapServerError(
        {
          code: '23502',
          message: 'null value in column "name" of relation "members" violates not-null constraint',
        },
        fields,
      ),
    ).toEqual({ field: 'name', kind: 'required' });
    expect(
      mapServerError(
        {
          code: '23514',
          message: 'new row for relation "members" violates check constraint "members_age_check"',
        },
        fields,
      ),
    ).toEqual({ field: 'age', kind: 'invalid' });
    expect(
      mapServerError(
        { code: '23514', message: 'new row violates check constraint "adult_or_guardian"' },
        fields,
        { constraints: { adult_or_guardian: 'age' } },
      ),
    ).toEqual({ field: 'age', kind: 'invalid' });
  });

  it('maps business codes the area names, and leaves refusals and the unknown to the form', () => {
    expect(
      mapServerError({ code: 'P0001', message: 'email_taken_elsewhere' }, fields, {
        codes: { email_taken_elsewhere: { field: 'email', message: 'errors.emailElsewhere' } },
      }),
    ).toEqual({ field: 'email', kind: 'invalid', message: 'errors.emailElsewhere' });
    expect(mapServerError({ code: '42501', message: 'permission denied' }, fields)).toEqual({
      field: undefined,
      kind: 'notAllowed',
    });
    expect(mapServerError(new TypeError('Failed to fetch'), fields)).toEqual({
      field: undefined,
      kind: 'unknown',
    });
  });
});

// The register page tells a membership manager that the Excel export has the CPR numbers; a
// manager's export had no CPR column when no row carried a number. It always has the column
// now, and phones are written as people write them.
import { describe, expect, it } from 'vitest';
import { registerSheet, type ExportHeaders } from './save-member-bulk';

const headers: ExportHeaders = {
  mid: 'MID',
  membershipId: 'Membership ID',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  gender: 'Gender',
  birthDate: 'Birth date',
  street: 'Street',
  postalCode: 'Postal code',
  city: 'City',
  status: 'Status',
  joined: 'Joined',
  cpr: 'CPR number',
};
const label = { gender: (g: string) => g, status: (s: string) => s };
const row = {
  mid: 12,
  membership_id: 'A-12',
  first_name: 'Anna',
  last_name: 'Holm',
  email: 'anna@example.dk',
  phone: '+4555162029',
  gender: 'female' as const,
  birth_date: '1990-05-01',
  street: 'Skolevej 1',
  postal_code: '5000',
  city: 'Odense',
  status: 'active' as const,
  joined_on: '2024-01-01',
  left_on: null,
  cpr: null,
};

const values = (sheet: ReturnType<typeof registerSheet>) => sheet.map((cells) => cells.map((c) => c.value));

describe('the register export sheet', () => {
  it("has a manager's CPR column even when no member in it has a CPR number", () => {
    const sheet = values(registerSheet([row], headers, label, true));
    expect(sheet[0]).toContain('CPR number');
    expect(sheet[1]?.at(-1)).toBeUndefined();
  });

  it("has the manager's CPR numbers, and no masked ones", () => {
    const sheet = values(
      registerSheet(
        [
          { ...row, cpr: '010190-1234' },
          { ...row, mid: 13, cpr: '020290-xxxx' },
        ],
        headers,
        label,
        true,
      ),
    );
    expect(sheet.slice(1).map((r) => r.at(-1))).toEqual(['010190-1234', undefined]);
  });

  it('has no CPR column for an administrator who is not a membership manager', () => {
    expect(values(registerSheet([{ ...row, cpr: '010190-xxxx' }], headers, label, false))[0]).not.toContain(
      'CPR number',
    );
  });

  it('writes phones as people write them', () => {
    expect(values(registerSheet([row], headers, label, true))[1]).toContain('55 16 20 29');
  });
});

// The profile form's rules (zod), the same the database enforces: a first name, an e-mail
// address, a phone number stored in international form (Danish by default), a real birth date,
// and a Danish postcode from the shipped table whose city is filled in.
import { z } from 'zod';
import { dateValue } from '../../components/form/date-fields';
import type { MemberRecord } from './load-member';
import { isEmail, normaliseDate, normalisePhone, todayIso } from './member-values';
import { formatPhone } from '../../lib/phone';
import type { ProfileValues } from './save-member';

const optionalText = (max: number) => z.string().trim().max(max);

export function profileSchema(postcodes: ReadonlyMap<string, string>) {
  return z
    .object({
      first_name: z.string().trim().min(1, 'profile.errors.required').max(100),
      last_name: optionalText(100),
      email: z
        .string()
        .trim()
        .refine((v) => v === '' || isEmail(v), 'profile.errors.email'),
      phone: z
        .string()
        .trim()
        .refine((v) => v === '' || normalisePhone(v) !== undefined, 'profile.errors.phone'),
      gender: z.enum(['', 'female', 'male', 'other']),
      birth_date: dateValue.refine(
        (v) => v === '' || (normaliseDate(v) !== undefined && v <= todayIso()),
        'profile.errors.date',
      ),
      street: optionalText(100),
      house_number: optionalText(10),
      floor: optionalText(10),
      door: optionalText(10),
      postal_code: z
        .string()
        .trim()
        .refine((v) => v === '' || postcodes.has(v), 'profile.errors.invalidAddress'),
      membership_id: optionalText(40),
      status: z.enum(['active', 'passive', 'left']),
      roles: optionalText(300),
      consent_note: optionalText(2000),
    })
    .transform((v): ProfileValues => ({
      first_name: v.first_name,
      last_name: v.last_name,
      email: v.email === '' ? null : v.email.toLowerCase(),
      phone: v.phone === '' ? null : (normalisePhone(v.phone) ?? null),
      gender: v.gender === '' ? null : v.gender,
      birth_date: v.birth_date === '' ? null : (normaliseDate(v.birth_date) ?? null),
      street: v.street || null,
      house_number: v.house_number || null,
      floor: v.floor || null,
      door: v.door || null,
      postal_code: v.postal_code || null,
      city: v.postal_code ? (postcodes.get(v.postal_code) ?? null) : null,
      membership_id: v.membership_id || null,
      status: v.status,
      roles: v.roles
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
      consent_note: v.consent_note || null,
    }));
}

export type ProfileInput = z.input<ReturnType<typeof profileSchema>>;

export function profileDefaults(member: MemberRecord | undefined): ProfileInput {
  return {
    first_name: member?.first_name ?? '',
    last_name: member?.last_name ?? '',
    email: member?.email ?? '',
    phone: formatPhone(member?.phone),
    gender: member?.gender ?? '',
    birth_date: member?.birth_date ?? '',
    street: member?.street ?? '',
    house_number: member?.house_number ?? '',
    floor: member?.floor ?? '',
    door: member?.door ?? '',
    postal_code: member?.postal_code ?? '',
    membership_id: member?.membership_id ?? '',
    status: member?.status ?? 'active',
    roles: (member?.roles ?? []).join(', '),
    consent_note: member?.consent_note ?? '',
  };
}

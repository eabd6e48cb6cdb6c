// The member edits their own contact details and address (Me → Contact details → Change): the
// same rules as the administrators' profile form (a first name, a phone number kept in
// international form, a Danish postcode from the shipped table whose city is filled in), and
// the database's own check of what a member may change. The e-mail stays with the club: it is
// where the club writes, and the member's sign-in address is their own account's.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import { useMemo } from 'react';
import { z } from 'zod';
import { Form, FormErrorSummary, TextField } from '../../components/form/form';
import { PostcodeCity } from '../../components/form/postcode-city';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/i18n';
import type { MyMember } from '../../lib/queries/members/load-my-member';
import { useSaveMyContact, type MyContact } from '../../lib/queries/members/save-my-contact';
import { formatPhone, normalisePhone } from '../../lib/phone';
import { usePostcodes } from '../../lib/queries/members/load-postcodes';
import { QueryState } from './query-state';

const optionalText = (max: number) => z.string().trim().max(max);

export function myContactSchema(postcodes: ReadonlyMap<string, string>) {
  return z
    .object({
      first_name: z.string().trim().min(1, 'me.errors.firstName').max(100),
      last_name: optionalText(100),
      phone: z
        .string()
        .trim()
        .refine((v) => v === '' || normalisePhone(v) !== undefined, 'me.errors.phone'),
      street: optionalText(100),
      house_number: optionalText(10),
      floor: optionalText(10),
      door: optionalText(10),
      postal_code: z
        .string()
        .trim()
        .refine((v) => v === '' || postcodes.has(v), 'me.errors.postcode'),
    })
    .transform((v): MyContact => ({
      first_name: v.first_name,
      last_name: v.last_name,
      phone: v.phone === '' ? null : (normalisePhone(v.phone) ?? null),
      street: v.street || null,
      house_number: v.house_number || null,
      floor: v.floor || null,
      door: v.door || null,
      postal_code: v.postal_code || null,
      city: v.postal_code ? (postcodes.get(v.postal_code) ?? null) : null,
    }));
}

export function MyContactForm(props: { communityId: string; member: MyMember; onDone: () => void }) {
  const postcodes = usePostcodes();
  return (
    <QueryState query={postcodes} lines={4}>
      {(table) => <ContactFields {...props} postcodes={table} />}
    </QueryState>
  );
}

function ContactFields(props: {
  communityId: string;
  member: MyMember;
  postcodes: ReadonlyMap<string, string>;
  onDone: () => void;
}) {
  const t = useT(memberAppMessages);
  const save = useSaveMyContact(props.communityId);
  const schema = useMemo(() => myContactSchema(props.postcodes), [props.postcodes]);
  const m = props.member;
  const form = useAppForm({
    schema,
    defaultValues: {
      first_name: m.first_name ?? '',
      last_name: m.last_name ?? '',
      phone: formatPhone(m.phone),
      street: m.street ?? '',
      house_number: m.house_number ?? '',
      floor: m.floor ?? '',
      door: m.door ?? '',
      postal_code: m.postal_code ?? '',
    },
    serverErrors: {
      codes: { invalid_address: { field: 'postal_code', message: 'me.errors.postcode' } },
      constraints: { members_phone_check: 'phone' },
    },
  });
  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      aria-label={t('me.editContact')}
      className="space-y-4 rounded-lg border border-border bg-surface p-4"
      onSubmit={async (contact) => {
        await save.mutateAsync({ memberId: m.id, contact });
        props.onDone();
      }}
    >
      <FormErrorSummary />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="first_name" label={t('me.firstName')} autoComplete="given-name" />
        <TextField name="last_name" label={t('me.lastName')} autoComplete="family-name" optional />
        <TextField
          name="phone"
          type="tel"
          label={t('me.phone')}
          help={t('me.phoneHint')}
          autoComplete="tel"
          optional
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        <TextField
          className="sm:col-span-2"
          name="street"
          label={t('me.street')}
          autoComplete="address-line1"
          optional
        />
        <TextField name="house_number" label={t('me.houseNumber')} optional />
        <div className="grid grid-cols-2 gap-2">
          <TextField name="floor" label={t('me.floor')} optional />
          <TextField name="door" label={t('me.door')} optional />
        </div>
        <TextField
          name="postal_code"
          label={t('me.postalCode')}
          inputMode="numeric"
          autoComplete="postal-code"
          optional
        />
        <div className="sm:col-span-3">
          <PostcodeCity postcodes={props.postcodes} label={t('me.city')} testId="my-postcode-city" />
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={props.onDone}>
          {t('me.cancelEdit')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('me.saveContact')}
        </Button>
      </div>
    </Form>
  );
}

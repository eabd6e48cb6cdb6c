// GroupPrice (/groups/{id}/GroupPrice): free or paid; payment frequency and price; when
// charging starts; how a member who joins mid-period is charged, with a preview of the next
// charges for a sample join date computed by the database from the values on screen. A new
// price changes only charges not issued yet, and the screen says so.
import { commonMessages } from '@club/i18n/namespaces/common';
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DateInput } from '../../components/date/date-input';
import { DateField, dateValue } from '../../components/form/date-fields';
import { Form, FormErrorSummary, SelectField, TextField } from '../../components/form/form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { useAppForm } from '../../components/form/use-app-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { useCommunityToday } from '../../lib/community-time-zone';
import { useFormat, useLanguage, useT } from '../../lib/i18n';
import { previewCharges } from './group-fees';
import { GroupFrame } from './group-frame';
import { groupKeys } from './group-keys';
import {
  midPeriodRules,
  paymentFrequencies,
  type GroupRecord,
  type MidPeriodRule,
  type PaymentFrequency,
} from './group-records';
import { saveGroupPrice } from './save-group';

const pricePattern = /^\d+([.,]\d{1,2})?$/;
const schema = z
  .object({
    access: z.enum(['free', 'paid']),
    frequency: z.enum(['one_time', 'monthly', 'quarterly', 'annually']),
    price: z.string().trim(),
    startsOn: dateValue,
    midPeriod: z.enum(['full', 'pro_rata', 'free_until_next_period']),
  })
  .superRefine((v, ctx) => {
    if (v.access === 'free') return;
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['price'], message });
    if (v.price === '') return issue('price.validation.amountNeeded');
    if (v.price.startsWith('-')) return issue('price.validation.amountNegative');
    if (!pricePattern.test(v.price)) return issue('price.validation.amountInvalid');
    const amount = Number(v.price.replace(',', '.'));
    if (amount <= 0) return issue('price.validation.amountNeeded');
    if (amount > 1_000_000) return issue('price.validation.amountTooHigh');
  });

const toOre = (price: string) => Math.round(Number(price.replace(',', '.')) * 100);

function ChargePreview({
  control,
  communityId,
}: {
  control: ReturnType<typeof useAppForm<typeof schema>>['control'];
  communityId: string;
}) {
  const t = useT(groupsMessages);
  const format = useFormat();
  const dayId = useId();
  // A member joining today, on the community's calendar, until the admin picks another day.
  const [chosenJoinDate, setJoinDate] = useState<string | null>(null);
  const today = useCommunityToday(communityId);
  const joinDate = chosenJoinDate ?? today ?? '';
  const values = useWatch({ control });
  const paid =
    values.access === 'paid' && pricePattern.test(values.price ?? '') && toOre(values.price ?? '') > 0;
  const request = {
    frequency: (values.frequency ?? 'monthly') as PaymentFrequency,
    priceOre: toOre(values.price ?? '0'),
    startsOn: /^\d{4}-\d{2}-\d{2}$/.test(values.startsOn ?? '') ? (values.startsOn ?? '') : '',
    midPeriod: (values.midPeriod ?? 'full') as MidPeriodRule,
    joinDate,
  };
  const preview = useQuery({
    queryKey: groupKeys.chargePreview(request),
    queryFn: () => previewCharges(request),
    enabled: paid && /^\d{4}-\d{2}-\d{2}$/.test(joinDate),
    placeholderData: keepPreviousData,
  });
  return (
    <Card aria-labelledby="group-charge-preview">
      <CardHeader id="group-charge-preview" title={t('price.previewTitle')} />
      <CardBody className="space-y-3">
        <div className="space-y-1.5">
          <label htmlFor={dayId} className="block text-sm font-medium">
            {t('price.previewDay')}
          </label>
          <DateInput id={dayId} value={joinDate} onChange={setJoinDate} />
        </div>
        {!paid ? (
          <p className="text-sm text-muted-foreground">{t('price.previewEmpty')}</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{t('price.previewTitle')}</caption>
            <thead className="text-left text-muted-foreground">
              <tr>
                <th className="py-1 pr-3 font-medium">{t('fees.period')}</th>
                <th className="py-1 pr-3 text-right font-medium">{t('fees.amount')}</th>
                <th className="py-1 font-medium">{t('fees.why')}</th>
              </tr>
            </thead>
            <tbody>
              {(preview.data ?? []).map((c) => (
                <tr key={c.period_start} className="border-t border-border">
                  <td className="py-1 pr-3">{c.label ?? format.date(`${c.period_start}T12:00:00Z`)}</td>
                  <td className="py-1 pr-3 text-right whitespace-nowrap">{format.money(c.amount_ore)}</td>
                  <td className="py-1">{t(`fees.reason.${c.reason as 'full_period'}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardBody>
    </Card>
  );
}

function PriceForm({ group, communityId }: { group: GroupRecord; communityId: string }) {
  const t = useT(groupsMessages);
  const tc = useT(commonMessages);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const form = useAppForm({
    schema,
    defaultValues: {
      access: group.payment_frequency ? 'paid' : 'free',
      frequency: group.payment_frequency ?? 'monthly',
      price: group.payment_frequency
        ? (group.price_ore / 100).toFixed(2).replace('.', language === 'da' ? ',' : '.')
        : '',
      startsOn: group.charging_starts_on ?? '',
      midPeriod: (group.mid_period_join as MidPeriodRule) ?? 'full',
    },
    serverErrors: {
      codes: {
        price_negative: { field: 'price', message: 'errors.price_negative' },
        price_too_precise: { field: 'price', message: 'errors.price_too_precise' },
        price_required: { field: 'price', message: 'errors.price_required' },
        price_too_high: { field: 'price', message: 'errors.price_too_high' },
        frequency_required: { field: 'frequency', message: 'errors.frequency_required' },
        charging_start_in_past: { field: 'startsOn', message: 'errors.charging_start_in_past' },
        group_not_found: { message: 'errors.group_not_found' },
      },
    },
  });
  const access = useWatch({ control: form.control, name: 'access' });
  return (
    <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
      <Card>
        <CardBody>
          <Form
            form={form}
            translate={(key) => t(key as never)}
            className="space-y-5"
            onSubmit={async (values) => {
              await saveGroupPrice(group.id, {
                frequency: values.access === 'paid' ? values.frequency : null,
                price: values.price,
                startsOn: values.startsOn,
                midPeriod: values.midPeriod,
              });
              await queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
              form.reset(values);
              toast({ title: t('price.saved', { title: group.title }) });
            }}
          >
            <Alert kind="info" title={t('price.onlyUnissued')} />
            <FormErrorSummary />
            <SelectField
              name="access"
              label={t('price.paid')}
              options={[
                { value: 'free', label: t('price.paidFree') },
                { value: 'paid', label: t('price.paidPaid') },
              ]}
            />
            {access === 'paid' ? (
              <>
                <SelectField
                  name="frequency"
                  label={t('price.frequency')}
                  options={paymentFrequencies.map((f) => ({ value: f, label: t(`frequency.${f}`) }))}
                />
                <TextField
                  name="price"
                  label={t('price.amount')}
                  help={t('price.amountHelp')}
                  inputMode="decimal"
                />
                <DateField
                  name="startsOn"
                  label={t('price.startsOn')}
                  help={t('price.startsOnHelp')}
                  optional
                />
                <SelectField
                  name="midPeriod"
                  label={t('price.midPeriod')}
                  options={midPeriodRules.map((r) => ({ value: r, label: t(`price.midPeriodOption.${r}`) }))}
                />
              </>
            ) : null}
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {tc('actions.save')}
            </Button>
            <UnsavedChangesGuard when={form.formState.isDirty} what={group.title} saving={form.saving} />
          </Form>
        </CardBody>
      </Card>
      <ChargePreview control={form.control} communityId={communityId} />
    </div>
  );
}

export function GroupPricePage({
  groupId,
  communityId,
  slug,
}: {
  groupId: string;
  communityId: string;
  slug: string;
}) {
  return (
    <GroupFrame communityId={communityId} slug={slug} groupId={groupId} screen="price">
      {(group) => <PriceForm group={group} communityId={communityId} />}
    </GroupFrame>
  );
}

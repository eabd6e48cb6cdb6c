// The accounting export: invoices, payments and credit notes of a period as the Danish CSV
// that bookkeeping systems import (accounting_export_csv: one line per posting, with account
// and VAT class), downloaded as a file named after the period.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { z } from 'zod';
import { DateField, dateValue } from '../../components/form/date-fields';
import { Form, FormErrorSummary } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { downloadText } from '../../components/list/csv';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { useT } from '../../lib/i18n';
import { zonedMonthStart, zonedToday } from '../../lib/zoned-time';
import { accountingExportCsv } from './save-billing';

const schema = z
  .object({
    from: dateValue.min(1, 'export.fromNeeded'),
    to: dateValue.min(1, 'export.toNeeded'),
  })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'export.toBeforeFrom' });

export function AccountingExportCard({ communityId }: { communityId: string }) {
  const t = useT(billingSetupMessages);
  // The default period is this month on the community's calendar, so it waits for the zone.
  const timeZone = useCommunityTimeZone(communityId);
  return (
    <Card aria-labelledby="billing-export">
      <CardHeader id="billing-export" title={t('export.title')} description={t('export.help')} />
      <CardBody>
        {timeZone ? (
          <AccountingExportForm communityId={communityId} timeZone={timeZone} />
        ) : (
          <Skeleton className="h-24" />
        )}
      </CardBody>
    </Card>
  );
}

function AccountingExportForm({ communityId, timeZone }: { communityId: string; timeZone: string }) {
  const t = useT(billingSetupMessages);
  const form = useAppForm({
    schema,
    defaultValues: { from: zonedMonthStart(timeZone), to: zonedToday(timeZone) },
  });
  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      className="space-y-3"
      onSubmit={async (values) => {
        const csv = await accountingExportCsv(communityId, values.from, values.to);
        downloadText(
          `${t('export.fileName')}-${values.from}-${values.to}.csv`,
          csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`,
        );
        toast({ title: t('export.done') });
      }}
    >
      <FormErrorSummary />
      <div className="grid gap-3 sm:grid-cols-2">
        <DateField name="from" label={t('export.from')} />
        <DateField name="to" label={t('export.to')} />
      </div>
      <Button type="submit" variant="secondary" disabled={form.formState.isSubmitting}>
        {t('export.download')}
      </Button>
    </Form>
  );
}

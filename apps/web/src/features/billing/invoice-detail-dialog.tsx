// One invoice: payer, dates, lines with VAT, totals, payments; and what can be done with it
// now — issue a draft, send it by e-mail with the PDF, download the PDF or, for a public body
// with an EAN, the OIOUBL XML (decision 0955), register a payment
// (partial or full), pay from account credit, credit it. Each consequential step confirms.
import { billingMessages } from '@club/i18n/namespaces/billing';
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { downloadBlob } from '../../components/list/csv';
import { useFormat, useT } from '../../lib/i18n';
import { billingKeys } from './billing-keys';
import { describeBillingError } from './describe-billing-error';
import { loadInvoice } from './load-billing';
import { PaymentForm } from './payment-form';
import { DraftLinesEditor } from './draft-lines-editor';
import {
  applyAccountCredit,
  creditInvoice,
  deleteDraftInvoice,
  invoiceOioubl,
  invoicePdf,
  issueInvoice,
  recordPayment,
  replaceDraftLines,
  sendInvoice,
} from './save-billing';

type Step = 'issue' | 'credit' | 'pay' | 'delete' | 'applyCredit' | null;

export function InvoiceDetailDialog({
  communityId,
  invoiceId,
  onClose,
}: {
  communityId: string;
  invoiceId: string | null;
  onClose: () => void;
}) {
  const t = useT(billingMessages);
  const ts = useT(billingSetupMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(null);
  const [busy, setBusy] = useState(false);
  const detail = useQuery({
    queryKey: billingKeys.invoice(communityId, invoiceId ?? ''),
    queryFn: () => loadInvoice(invoiceId!),
    enabled: invoiceId !== null,
  });
  if (!invoiceId) return null;
  const data = detail.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: billingKeys.all(communityId) });
  const fail = async (error: unknown) => {
    toast({ title: t(await describeBillingError(error)), variant: 'destructive' });
  };
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      await fail(error);
    } finally {
      setBusy(false);
    }
  };

  const invoice = data?.invoice;
  const money = (ore: number | null) => format.money(ore ?? 0, invoice?.currency ?? 'DKK');
  const title = !invoice
    ? ''
    : invoice.number === null
      ? t('detail.draftTitle', { account: invoice.account_name ?? '' })
      : t('detail.title', {
          kind: t(`kind.${invoice.kind === 'credit_note' ? 'credit_note' : 'invoice'}`),
          number: invoice.number,
        });
  const owed = invoice?.outstanding_ore ?? 0;
  const credit = data?.accountCredit ?? 0;
  const oioublReady = invoice?.number !== null && invoice?.number !== undefined && invoice.status !== 'void';
  const payable = invoice?.status === 'issued' && invoice.kind === 'invoice' && owed > 0;
  // The database refuses to issue a draft without a charge line with an amount (invoice_empty);
  // the button says so before anyone tries.
  const issuable = (data?.lines ?? []).some((l) => l.line_kind === 'charge' && (l.net_ore ?? 0) > 0);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title || t('title')}>
      {!invoice ? null : (
        <div className="space-y-4 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">{t('detail.payer')}</dt>
            <dd>{invoice.account_name}</dd>
            <dt className="text-muted-foreground">{t('list.columns.status')}</dt>
            <dd>{t(`status.${invoice.list_status as 'draft'}`)}</dd>
            {invoice.issued_on ? (
              <>
                <dt className="text-muted-foreground">{t('detail.issued')}</dt>
                <dd>{format.date(`${invoice.issued_on}T12:00:00Z`)}</dd>
                <dt className="text-muted-foreground">{t('detail.due')}</dt>
                <dd>{format.date(`${invoice.due_on}T12:00:00Z`)}</dd>
              </>
            ) : null}
          </dl>
          {invoice.status === 'draft' ? (
            <DraftLinesEditor
              key={data.lines.map((l) => l.id).join()}
              communityId={communityId}
              lines={data.lines}
              onSave={async (lines) => {
                await replaceDraftLines(communityId, invoice.id!, lines);
                toast({ title: ts('draft.saved') });
                await refresh();
              }}
            />
          ) : null}
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <caption className="sr-only">{t('detail.lines')}</caption>
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th className="py-1">{t('detail.description')}</th>
                  <th className="py-1 pl-3 text-right">{t('detail.quantity')}</th>
                  <th className="py-1 pl-3 text-right">{t('detail.vat')}</th>
                  <th className="py-1 pl-3 text-right">{t('detail.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((line) => (
                  <tr key={line.id} className="border-t border-border">
                    <td className="py-1">{line.description}</td>
                    <td className="py-1 pl-3 text-right">{line.quantity}</td>
                    <td className="py-1 pl-3 text-right whitespace-nowrap">
                      {line.vat_exempt ? t('detail.exempt') : `${line.vat_rate_bp / 100} %`}
                    </td>
                    <td className="py-1 pl-3 text-right whitespace-nowrap">{money(line.net_ore)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            <dt>{t('detail.subtotal')}</dt>
            <dd className="text-right">{money(invoice.subtotal_ore)}</dd>
            <dt>{t('detail.vatTotal')}</dt>
            <dd className="text-right">{money(invoice.vat_ore)}</dd>
            <dt className="font-semibold">{t('detail.total')}</dt>
            <dd className="text-right font-semibold">{money(invoice.total_ore)}</dd>
            {invoice.fees_ore ? (
              <>
                <dt>{t('detail.fees')}</dt>
                <dd className="text-right">{money(invoice.fees_ore)}</dd>
              </>
            ) : null}
            <dt>{t('detail.paid')}</dt>
            <dd className="text-right">{money(invoice.paid_ore)}</dd>
            <dt className="font-semibold">{t('detail.owed')}</dt>
            <dd className="text-right font-semibold" data-testid="invoice-owed">
              {money(owed)}
            </dd>
            {payable && credit > 0 ? (
              <>
                <dt>{t('detail.accountCredit')}</dt>
                <dd className="text-right" data-testid="invoice-account-credit">
                  {money(credit)}
                </dd>
              </>
            ) : null}
          </dl>
          <section>
            <h3 className="font-semibold">{t('detail.payments')}</h3>
            {data.payments.length === 0 ? (
              <p className="text-muted-foreground">{t('detail.noPayments')}</p>
            ) : (
              <ul className="mt-1 space-y-1">
                {data.payments.map((p) => (
                  <li key={p.id}>
                    {format.date(p.paid_at)} · {t(`method.${p.method}`)} · {money(p.amount_ore)}
                    {p.reference ? ` · ${p.reference}` : ''}
                  </li>
                ))}
              </ul>
            )}
            {data.creditNote ? (
              <p className="mt-2">{t('detail.creditedBy', { number: data.creditNote.number ?? '' })}</p>
            ) : null}
            {invoice.emailed_at ? (
              <p className="mt-2 text-muted-foreground">
                {t('detail.emailed', { when: format.dateTime(invoice.emailed_at) })}
              </p>
            ) : null}
          </section>
          {step === 'pay' ? (
            <section aria-label={t('payment.title', { number: invoice.number ?? '' })}>
              <h3 className="mb-2 font-semibold">{t('payment.title', { number: invoice.number ?? '' })}</h3>
              <PaymentForm
                owedLabel={money(owed)}
                defaultAmount={format.number(owed / 100, 2)}
                onSave={async (payment) => {
                  await recordPayment(communityId, invoice.id!, payment);
                  toast({ title: t('payment.saved', { amount: money(payment.amount_ore) }) });
                  setStep(null);
                  await refresh();
                }}
              />
            </section>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {invoice.status === 'draft' ? (
              <>
                <Button
                  disabled={busy || !issuable}
                  aria-describedby={issuable ? undefined : 'invoice-issue-hint'}
                  onClick={() => setStep('issue')}
                >
                  {t('actions.issue')}
                </Button>
                <Button variant="destructive" disabled={busy} onClick={() => setStep('delete')}>
                  {ts('draft.delete')}
                </Button>
                {issuable ? null : (
                  <p id="invoice-issue-hint" className="basis-full text-muted-foreground">
                    {t('errors.invoice_empty')}
                  </p>
                )}
              </>
            ) : null}
            {invoice.status === 'issued' && invoice.kind === 'invoice' && step !== 'pay' ? (
              <Button disabled={busy} onClick={() => setStep('pay')}>
                {t('actions.pay')}
              </Button>
            ) : null}
            {payable && credit > 0 ? (
              <Button variant="secondary" disabled={busy} onClick={() => setStep('applyCredit')}>
                {t('actions.applyCredit')}
              </Button>
            ) : null}
            {invoice.number !== null ? (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    const email = await sendInvoice(invoice.id!);
                    toast({ title: t('confirm.sent', { email }) });
                    await refresh();
                  })
                }
              >
                {t('actions.send')}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  const pdf = await invoicePdf(invoice.id!);
                  downloadBlob(`${invoice.number ?? 'kladde'}.pdf`, pdf);
                })
              }
            >
              {t('actions.pdf')}
            </Button>
            {oioublReady && data.accountEan ? (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    const xml = await invoiceOioubl(invoice.id!);
                    const prefix = invoice.kind === 'credit_note' ? 'kreditnota' : 'faktura';
                    downloadBlob(`${prefix}-${invoice.number}-oioubl.xml`, xml);
                  })
                }
              >
                {t('actions.oioubl')}
              </Button>
            ) : null}
            {invoice.kind === 'invoice' && (invoice.status === 'issued' || invoice.status === 'paid') ? (
              <Button variant="destructive" disabled={busy} onClick={() => setStep('credit')}>
                {t('actions.credit')}
              </Button>
            ) : null}
          </div>
          {oioublReady && !data.accountEan ? (
            <p className="text-xs text-muted-foreground" data-testid="oioubl-hint">
              {t('detail.oioublHint')}
            </p>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={step === 'issue'}
        onOpenChange={(open) => !open && setStep(null)}
        destructive={false}
        title={t('confirm.issueTitle', { account: invoice?.account_name ?? '' })}
        description={t('confirm.issueBody')}
        confirmLabel={t('actions.issue')}
        onConfirm={async () => {
          try {
            const number = await issueInvoice(invoiceId);
            toast({ title: t('confirm.issued', { number }) });
          } catch (error) {
            await fail(error);
            throw error;
          }
          setStep(null);
          await refresh();
        }}
      />
      <ConfirmDialog
        open={step === 'delete'}
        onOpenChange={(open) => !open && setStep(null)}
        title={ts('draft.deleteTitle', { account: invoice?.account_name ?? '' })}
        description={ts('draft.deleteBody')}
        confirmLabel={ts('draft.delete')}
        onConfirm={async () => {
          try {
            await deleteDraftInvoice(invoiceId);
          } catch (error) {
            await fail(error);
            throw error;
          }
          setStep(null);
          onClose();
          await refresh();
        }}
      />
      <ConfirmDialog
        open={step === 'applyCredit'}
        onOpenChange={(open) => !open && setStep(null)}
        destructive={false}
        title={t('confirm.applyCreditTitle', {
          number: invoice?.number ?? '',
          account: invoice?.account_name ?? '',
        })}
        description={t('confirm.applyCreditBody', { amount: money(Math.min(credit, owed)) })}
        confirmLabel={t('actions.applyCredit')}
        onConfirm={async () => {
          try {
            const paid = await applyAccountCredit(invoiceId);
            toast({ title: t('confirm.creditApplied', { amount: money(paid) }) });
          } catch (error) {
            // Most often the credit was spent meanwhile: say so and show what is left now.
            await fail(error);
          }
          setStep(null);
          await refresh();
        }}
      />
      <ConfirmDialog
        open={step === 'credit'}
        onOpenChange={(open) => !open && setStep(null)}
        title={t('confirm.creditTitle', {
          number: invoice?.number ?? '',
          account: invoice?.account_name ?? '',
        })}
        description={t('confirm.creditBody')}
        confirmLabel={t('actions.credit')}
        onConfirm={async () => {
          try {
            await creditInvoice(invoiceId, '');
            toast({ title: t('confirm.credited', { number: invoice?.number ?? '' }) });
          } catch (error) {
            await fail(error);
            throw error;
          }
          setStep(null);
          await refresh();
        }}
      />
    </Dialog>
  );
}

// One of my invoices, opened from Me: its lines and amounts, what is left to pay and by when, how
// the club takes payment (the FI-kort +71 line when the club has an FI creditor number, decision
// 1060; bank transfer with the invoice number as the reference, IBAN from abroad, MobilePay),
// and the PDF the club mailed. When the club has set up MobilePay and card, the member pays what
// is left at once through the checkout (decision 1034) and comes back to Me.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import { CreditCard, FileDown, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useFormat, useT } from '../../lib/i18n';
import { useDownloadMyInvoicePdf } from '../../lib/queries/billing/download-my-invoice-pdf';
import { useMyInvoice, type MyInvoiceDocument } from '../../lib/queries/billing/load-my-invoice';
import { useOnlinePaymentAvailable, usePayMyInvoice } from '../../lib/queries/billing/pay-my-invoice';
import { openAmount } from './invoice-amounts';
import { QueryState } from './query-state';

/** MobilePay and card for what is left, when the club takes online payment (DKK only). */
function PayOnline(props: {
  communityId: string;
  invoiceId: string;
  left: number;
  currency: string;
  otherWays: boolean;
}) {
  const t = useT(memberAppMessages);
  const format = useFormat();
  const pay = usePayMyInvoice(props.communityId);
  // One key per opened invoice: a second tap, or a retry after a lost answer, is the same order.
  const [attempt] = useState(() => crypto.randomUUID());
  if (props.left <= 0) return null;
  const submit = (method: 'mobilepay' | 'card') =>
    pay.mutate(
      {
        communityId: props.communityId,
        invoiceId: props.invoiceId,
        method,
        idempotencyKey: `${attempt}-${method}`,
        returnUrl: `${window.location.origin}${window.location.pathname}?paid=${props.invoiceId}`,
      },
      {
        onSuccess: (result) => {
          if (result.kind === 'pay') window.location.assign(result.redirectUrl);
        },
      },
    );
  return (
    <div className="space-y-2 rounded-md border border-border p-3" data-testid="invoice-pay-online">
      <h3 className="text-sm font-semibold">
        {t('me.payOnline.title', { amount: format.money(props.left, props.currency) })}
      </h3>
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={pay.isPending} onClick={() => submit('mobilepay')}>
          <Smartphone aria-hidden="true" />
          {t('me.payOnline.mobilepay')}
        </Button>
        <Button type="button" variant="secondary" disabled={pay.isPending} onClick={() => submit('card')}>
          <CreditCard aria-hidden="true" />
          {t('me.payOnline.card')}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {pay.isPending
          ? t('me.payOnline.starting')
          : props.otherWays
            ? t('me.payOnline.helpOtherWays')
            : t('me.payOnline.help')}
      </p>
    </div>
  );
}

function PaymentWays({ doc, left, online }: { doc: MyInvoiceDocument; left: number; online: boolean }) {
  const t = useT(memberAppMessages);
  const p = doc.payment;
  const reference = doc.invoice.number ? t('me.invoiceTitle', { number: doc.invoice.number }) : '';
  const ways: { label: string; value: string }[] = [];
  if (doc.fi) ways.push({ label: t('me.pay.fi'), value: doc.fi.line });
  if (p.bank_reg_no && p.bank_account_no)
    ways.push({
      label: t('me.pay.bank'),
      value: t('me.pay.bankValue', { reg: p.bank_reg_no, account: p.bank_account_no }),
    });
  if (p.iban) ways.push({ label: t('me.pay.iban'), value: p.iban });
  if (p.mobilepay_number) ways.push({ label: t('me.pay.mobilepay'), value: p.mobilepay_number });
  if (left <= 0) return null;
  if (ways.length === 0 && online) return null;
  if (ways.length === 0)
    return (
      <p className="text-sm text-muted-foreground">{t('me.pay.noWays', { club: doc.club?.name ?? '' })}</p>
    );
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold">{online ? t('me.pay.titleOther') : t('me.pay.title')}</h3>
      <dl className="grid gap-2 text-sm sm:grid-cols-[9rem_1fr]" data-testid="invoice-payment-ways">
        {ways.map((w) => (
          <div key={w.label} className="contents">
            <dt className="text-muted-foreground">{w.label}</dt>
            <dd className="break-all font-medium tabular-nums">{w.value}</dd>
          </div>
        ))}
        {reference ? (
          <>
            <dt className="text-muted-foreground">{t('me.pay.reference')}</dt>
            <dd className="font-medium">{reference}</dd>
          </>
        ) : null}
      </dl>
      {doc.fi ? <p className="text-sm text-muted-foreground">{t('me.pay.fiHelp')}</p> : null}
      <p className="text-sm text-muted-foreground">{t('me.pay.writeReference')}</p>
    </div>
  );
}

export function MyInvoiceDialog(props: {
  communityId: string;
  invoiceId: string | undefined;
  onClose: () => void;
}) {
  const t = useT(memberAppMessages);
  const format = useFormat();
  const doc = useMyInvoice(props.communityId, props.invoiceId);
  const pdf = useDownloadMyInvoicePdf();
  const available = useOnlinePaymentAvailable(props.communityId);
  const title = doc.data?.invoice.number
    ? t('me.invoiceTitle', { number: doc.data.invoice.number })
    : t('me.draftNumber');
  return (
    <Dialog
      open={props.invoiceId !== undefined}
      onOpenChange={(open) => !open && props.onClose()}
      title={title}
    >
      <QueryState query={doc} lines={3}>
        {(d) => {
          const i = d.invoice;
          const left = openAmount(i);
          // MobilePay and card are offered in kroner only, as the provider takes them.
          const online = available.data === true && i.currency === 'DKK';
          const p = d.payment;
          const otherWays = Boolean(
            d.fi || (p.bank_reg_no && p.bank_account_no) || p.iban || p.mobilepay_number,
          );
          return (
            <div className="space-y-4">
              <ul className="divide-y divide-border rounded-md border border-border text-sm">
                {d.lines.map((l, n) => (
                  <li key={n} className="flex justify-between gap-3 px-3 py-2">
                    <span className="min-w-0">
                      {l.description}
                      {l.quantity !== 1 ? ` × ${format.number(l.quantity)}` : ''}
                    </span>
                    <span className="tabular-nums">{format.money(l.net_ore + l.vat_ore, i.currency)}</span>
                  </li>
                ))}
              </ul>
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">{t('me.total')}</dt>
                <dd className="text-right tabular-nums">{format.money(i.total_ore, i.currency)}</dd>
                {i.fees_ore > 0 ? (
                  <>
                    <dt className="text-muted-foreground">{t('me.fees')}</dt>
                    <dd className="text-right tabular-nums">{format.money(i.fees_ore, i.currency)}</dd>
                  </>
                ) : null}
                <dt className="text-muted-foreground">{t('me.paid')}</dt>
                <dd className="text-right tabular-nums">{format.money(i.paid_ore, i.currency)}</dd>
                <dt className="font-medium">{t('me.remaining')}</dt>
                <dd className="text-right font-medium tabular-nums">{format.money(left, i.currency)}</dd>
                {i.due_on && left > 0 ? (
                  <>
                    <dt className="text-muted-foreground">{t('me.dueOn')}</dt>
                    <dd className="text-right">{format.date(i.due_on)}</dd>
                  </>
                ) : null}
              </dl>
              {online ? (
                <PayOnline
                  key={i.id}
                  communityId={props.communityId}
                  invoiceId={i.id}
                  left={left}
                  currency={i.currency}
                  otherWays={otherWays}
                />
              ) : null}
              <PaymentWays doc={d} left={left} online={online} />
              <div className="flex justify-end">
                <Button
                  variant="secondary"
                  disabled={pdf.isPending}
                  onClick={() =>
                    pdf.mutate({
                      invoiceId: i.id,
                      fileName: `${t('me.pdfFileName')}-${i.number ?? i.id}.pdf`,
                    })
                  }
                >
                  <FileDown aria-hidden="true" />
                  {pdf.isPending ? t('me.pdfPreparing') : t('me.downloadPdf')}
                </Button>
              </div>
            </div>
          );
        }}
      </QueryState>
    </Dialog>
  );
}

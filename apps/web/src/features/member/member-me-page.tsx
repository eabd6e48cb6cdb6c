// Me: the contact details the club holds, which the member changes themself (decision 1032),
// the member's invoices with what is left to pay (each opens with how to pay and its PDF), their
// coming volunteer shifts (decision 1072), their
// own copy of everything the club holds about them, and signing out.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import { Download, LogOut, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { useMyInvoices } from '../../lib/queries/billing/load-my-invoices';
import { useExportMyData } from '../../lib/queries/members/export-my-data';
import { useMyMember, type MyMember } from '../../lib/queries/members/load-my-member';
import { useFormat, useT } from '../../lib/i18n';
import { useSignOut } from '../../lib/use-sign-out';
import { openAmount } from './invoice-amounts';
import { MyContactForm } from './my-contact-form';
import { MyInvoiceDialog } from './my-invoice-dialog';
import { MyShiftsSection } from './my-shifts-section';
import { QueryState } from './query-state';
import { Section } from './section';
import { formatPhone } from '../../lib/phone';

function addressOf(m: MyMember): string {
  const street = [m.street, m.house_number].filter(Boolean).join(' ');
  const unit = [m.floor, m.door].filter(Boolean).join(' ');
  const town = [m.postal_code, m.city].filter(Boolean).join(' ');
  return [[street, unit].filter(Boolean).join(', '), town].filter(Boolean).join(', ');
}

export function MemberMePage({ slug, communityId }: { slug: string; communityId: string }) {
  const t = useT(memberAppMessages);
  const format = useFormat();
  const me = useMyMember(communityId);
  // Back from the payment provider: ?paid=<invoice> until the notification has marked it paid.
  const [search] = useSearchParams();
  const paidInvoice = search.get('paid');
  const invoices = useMyInvoices(communityId, paidInvoice);
  const returnedFor = paidInvoice ? invoices.data?.find((i) => i.id === paidInvoice) : undefined;
  const signOut = useSignOut();
  const exportData = useExportMyData(communityId);
  const [editing, setEditing] = useState(false);
  const [openInvoice, setOpenInvoice] = useState<string | undefined>();
  const given = (value: string | null | undefined) =>
    value ? value : <span className="text-muted-foreground">{t('me.notGiven')}</span>;

  return (
    <div className="space-y-8">
      <PageHeader title={t('me.title')} />
      <Section
        id="me-contact"
        title={t('me.contact')}
        action={
          me.data && !editing ? (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {t('me.change')}
            </Button>
          ) : undefined
        }
      >
        <QueryState query={me} lines={3}>
          {(m) =>
            m && editing ? (
              <MyContactForm communityId={communityId} member={m} onDone={() => setEditing(false)} />
            ) : m ? (
              <div className="rounded-lg border border-border bg-surface p-4">
                <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
                  <dt className="text-muted-foreground">{t('me.name')}</dt>
                  <dd>{`${m.first_name} ${m.last_name}`}</dd>
                  <dt className="text-muted-foreground">{t('me.email')}</dt>
                  <dd className="break-all">{given(m.email)}</dd>
                  <dt className="text-muted-foreground">{t('me.phone')}</dt>
                  <dd>{given(formatPhone(m.phone))}</dd>
                  <dt className="text-muted-foreground">{t('me.address')}</dt>
                  <dd>{given(addressOf(m))}</dd>
                  <dt className="text-muted-foreground">{t('me.birthDate')}</dt>
                  <dd>{m.birth_date ? format.date(m.birth_date) : given(null)}</dd>
                </dl>
                <p className="mt-4 text-sm text-muted-foreground">{t('me.emailWithClub')}</p>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">{t('me.notInRegister')}</p>
            )
          }
        </QueryState>
      </Section>

      <Section id="me-invoices" title={t('me.invoices')}>
        {returnedFor ? (
          <div className="mb-3">
            <Alert kind={returnedFor.status === 'paid' ? 'success' : 'info'}>
              {returnedFor.status === 'paid'
                ? t('me.payOnline.confirmed', { number: returnedFor.number ?? '' })
                : t('me.payOnline.returned', { number: returnedFor.number ?? '' })}
            </Alert>
          </div>
        ) : null}
        <QueryState query={invoices} lines={2}>
          {(rows) => {
            if (rows.length === 0)
              return <p className="text-sm text-muted-foreground">{t('me.noInvoicesAtAll')}</p>;
            const owed = rows.reduce((sum, i) => sum + openAmount(i), 0);
            return (
              <div className="space-y-3">
                <ul className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-surface">
                  {rows.map((i) => (
                    <li key={i.id}>
                      <button
                        type="button"
                        className="flex w-full flex-wrap items-center justify-between gap-2 px-4 py-3 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
                        onClick={() => setOpenInvoice(i.id)}
                      >
                        <span className="min-w-0">
                          <span className="block font-medium">
                            {i.number ? t('me.invoiceTitle', { number: i.number }) : t('me.draftNumber')}
                          </span>
                          <span className="block text-sm text-muted-foreground">
                            {[
                              i.issued_on ? format.date(i.issued_on) : '',
                              format.money(i.total_ore, i.currency),
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </span>
                        </span>
                        <span className="flex items-center gap-2">
                          {openAmount(i) > 0 ? (
                            <span className="text-sm font-medium">
                              {format.money(openAmount(i), i.currency)}
                            </span>
                          ) : null}
                          <Badge>{t(`me.status.${i.status}`)}</Badge>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
                {owed > 0 ? (
                  <div className="rounded-lg border border-border bg-surface p-4 text-sm">
                    <p className="font-medium">
                      {t('me.balance')}: {format.money(owed, rows[0]?.currency)}
                    </p>
                    <p className="mt-1 text-muted-foreground">{t('me.openToPay')}</p>
                  </div>
                ) : null}
              </div>
            );
          }}
        </QueryState>
      </Section>

      <MyShiftsSection slug={slug} communityId={communityId} />

      <MyInvoiceDialog
        communityId={communityId}
        invoiceId={openInvoice}
        onClose={() => setOpenInvoice(undefined)}
      />

      <Section id="me-data" title={t('me.myData')}>
        <QueryState query={me} lines={1}>
          {(m) =>
            m ? (
              <div className="space-y-3 rounded-lg border border-border bg-surface p-4 text-sm">
                <p className="text-muted-foreground">{t('me.myDataHint')}</p>
                <Button
                  variant="secondary"
                  disabled={exportData.isPending}
                  onClick={() =>
                    exportData.mutate({ memberId: m.id, fileName: `${t('me.dataFileName')}.json` })
                  }
                >
                  <Download aria-hidden="true" />
                  {exportData.isPending ? t('me.dataPreparing') : t('me.downloadData')}
                </Button>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">{t('me.notInRegister')}</p>
            )
          }
        </QueryState>
      </Section>

      <Section id="me-account" title={t('me.account')}>
        <Button variant="secondary" onClick={() => void signOut()}>
          <LogOut aria-hidden="true" />
          {t('me.signOut')}
        </Button>
      </Section>
    </div>
  );
}

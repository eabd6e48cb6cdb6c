// The member page's sections about what the member takes part in: groups, events and tickets,
// volunteer jobs, bookings, orders, invoices with the balance. Each is short (the newest 50 at
// most). Certificates and guardians/family have their own editing cards.
import { membersMessages } from '@club/i18n/namespaces/members';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import type { MemberOverview } from './load-member';

type Format = ReturnType<typeof useFormat>;

function Section({ title, empty, items }: { title: string; empty: string; items: ReactNode[] }) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y divide-border text-sm">{items}</ul>
        )}
      </CardBody>
    </Card>
  );
}

function Row({ children, side }: { children: ReactNode; side?: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="min-w-0">{children}</span>
      {side ? <span className="flex shrink-0 items-center gap-2 text-muted-foreground">{side}</span> : null}
    </li>
  );
}

export function MemberActivitySections({ overview, slug }: { overview: MemberOverview; slug: string }) {
  const t = useT(membersMessages);
  const format: Format = useFormat();
  const language = useLanguage();
  const day = (date: string) => format.date(`${date}T12:00:00Z`);
  return (
    <>
      <Section
        title={t('detail.groups')}
        empty={t('detail.groupsNone')}
        items={overview.groups.map((g) => (
          <Row
            key={`${g.id}-${g.joined_at}`}
            side={g.left_at ? t('detail.leftGroup', { date: format.date(g.left_at) }) : null}
          >
            <Link className="hover:underline" to={localePath(language, `${slug}/groups/${g.id}`)}>
              {g.title}
            </Link>
          </Row>
        ))}
      />
      <Section
        title={t('detail.events')}
        empty={t('detail.eventsNone')}
        items={overview.tickets.map((p) => (
          <Row key={p.id} side={format.date(p.starts_at)}>
            <Link className="hover:underline" to={localePath(language, `${slug}/events/${p.event_id}`)}>
              {p.event_title}
            </Link>{' '}
            <span className="text-muted-foreground">· {p.ticket}</span>
          </Row>
        ))}
      />
      <Section
        title={t('detail.volunteering')}
        empty={t('detail.volunteeringNone')}
        items={overview.volunteering.map((v) => (
          <Row
            key={v.id}
            side={
              v.hours ? t('detail.hours', { hours: format.number(v.hours, 1) }) : format.date(v.starts_at)
            }
          >
            {v.job_title} <span className="text-muted-foreground">· {v.event_title}</span>
          </Row>
        ))}
      />
      <Section
        title={t('detail.bookings')}
        empty={t('detail.bookingsNone')}
        items={overview.bookings.map((b) => (
          <Row key={b.id} side={format.dateTime(b.starts_at)}>
            {b.product}
          </Row>
        ))}
      />
      <Section
        title={t('detail.orders')}
        empty={t('detail.ordersNone')}
        items={overview.orders.map((o) => (
          <Row key={o.id} side={format.money(o.amount_ore)}>
            {o.product_name}
          </Row>
        ))}
      />
      <Card>
        <CardHeader
          title={t('detail.invoices')}
          description={t('detail.balance', { amount: format.money(overview.balance_ore) })}
        />
        <CardBody>
          {overview.invoices.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('detail.invoicesNone')}</p>
          ) : (
            <ul className="divide-y divide-border text-sm">
              {overview.invoices.map((i) => (
                <Row
                  key={i.id}
                  side={
                    <>
                      {format.money(
                        i.kind === 'invoice' && i.status === 'issued' ? i.total_ore - i.paid_ore : 0,
                      )}
                      {i.overdue ? <Badge tone="danger">{t('detail.overdue')}</Badge> : null}
                    </>
                  }
                >
                  {i.number
                    ? t(i.kind === 'credit_note' ? 'detail.creditNoteNumber' : 'detail.invoiceNumber', {
                        number: i.number,
                      })
                    : t('detail.draftInvoice')}
                  {i.due_on ? <span className="text-muted-foreground"> · {day(i.due_on)}</span> : null}
                </Row>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </>
  );
}

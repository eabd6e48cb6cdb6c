// "Needs attention": the things an administrator should act on, each leading to the screen
// where it is handled. Only the areas the user administers appear (their figures are absent
// otherwise), and only items with something to do.
import { shellMessages } from '@club/i18n/namespaces/shell';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import type { OverviewFigures } from './load-overview';

interface Item {
  key: string;
  label: string;
  value: string;
  path: string;
}

export function OverviewAttention({ slug, figures }: { slug: string; figures: OverviewFigures }) {
  const t = useT(shellMessages);
  const language = useLanguage();
  const format = useFormat(figures.time_zone);
  const items: Item[] = [];
  const add = (key: string, count: number | undefined, label: string, path: string, value?: string) => {
    if (count) items.push({ key, label, value: value ?? format.number(count), path });
  };
  add('slots', figures.events?.open_volunteer_slots, t('overview.attention.volunteerSlots'), 'events');
  add(
    'certificates',
    figures.members?.certificates_expiring,
    t('overview.attention.certificates'),
    'members',
  );
  add(
    'overdue',
    figures.billing?.overdue.count,
    t('overview.attention.overdue', { count: figures.billing?.overdue.count ?? 0 }),
    'billing/invoices?status=overdue',
    figures.billing ? format.money(figures.billing.overdue.ore, figures.billing.currency) : undefined,
  );
  add('posts', figures.news?.scheduled_today, t('overview.attention.postsToday'), 'news?status=scheduled');
  add('requests', figures.groups?.join_requests, t('overview.attention.joinRequests'), 'groups');
  return (
    <Card aria-labelledby="overview-attention">
      <CardHeader id="overview-attention" title={t('overview.attention.title')} />
      <CardBody>
        {items.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CircleCheck aria-hidden="true" className="size-4 text-success" />
            {t('overview.attention.none')}
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {items.map((item) => (
              <li key={item.key}>
                <Link
                  to={localePath(language, `${slug}/${item.path}`)}
                  className="group flex items-center gap-3 py-2.5 text-sm hover:text-accent-soft-foreground"
                >
                  <span className="min-w-16 rounded-md bg-destructive/15 px-2 py-0.5 text-center font-semibold tabular-nums text-foreground">
                    {item.value}
                  </span>
                  <span className="mr-auto">{item.label}</span>
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 shrink-0 opacity-60 group-hover:opacity-100"
                  />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

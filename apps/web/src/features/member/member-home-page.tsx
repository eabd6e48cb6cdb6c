// Home: what is next for the member (events), what they owe, their teams and the latest news.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import { BookOpen, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { useMyInvoices } from '../../lib/queries/billing/load-my-invoices';
import { useUpcomingEvents } from '../../lib/queries/events/load-upcoming-events';
import { useMyGroups } from '../../lib/queries/groups/load-my-groups';
import { useVisibleGroups } from '../../lib/queries/groups/load-visible-groups';
import { useMyMember } from '../../lib/queries/members/load-my-member';
import { useNewsFeed } from '../../lib/queries/news/load-news-feed';
import { useDocumentTitle } from '../../lib/document-title';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { openAmount } from './invoice-amounts';
import { EventRowLink } from './event-row-link';
import { NewsList } from './news-list';
import { QueryState } from './query-state';
import { Section } from './section';

const linkClass = 'text-sm font-medium text-accent-soft-foreground hover:underline dark:text-accent';
const cardClass = 'rounded-lg border border-border bg-surface p-4';

export function MemberHomePage({ slug, communityId }: { slug: string; communityId: string }) {
  const t = useT(memberAppMessages);
  const format = useFormat();
  const language = useLanguage();
  const me = useMyMember(communityId);
  const events = useUpcomingEvents(communityId);
  const invoices = useMyInvoices(communityId);
  const mine = useMyGroups(communityId);
  const groups = useVisibleGroups(communityId);
  const news = useNewsFeed(communityId);
  useDocumentTitle(t('nav.home'));
  const path = (rest: string) => localePath(language, `m/${slug}/${rest}`);

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold tracking-tight">
        {me.data ? t('home.greeting', { name: me.data.first_name }) : t('nav.home')}
      </h1>

      <Section
        id="home-next"
        title={t('home.next')}
        action={
          <Link to={path('events')} className={linkClass}>
            {t('home.allEvents')}
          </Link>
        }
      >
        <QueryState query={events}>
          {(rows) =>
            rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('home.noEvents')}</p>
            ) : (
              <ul className="space-y-2">
                {rows.map((e) => (
                  <li key={e.id}>
                    <EventRowLink
                      to={path(`events/${e.id}`)}
                      title={e.title}
                      when={format.dateTime(e.starts_at)}
                      location={e.location}
                    />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </Section>

      <Section id="home-invoices" title={t('home.invoices')}>
        <QueryState query={invoices} lines={1}>
          {(rows) => {
            const open = rows.filter((i) => openAmount(i) > 0);
            return open.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('home.noInvoices')}</p>
            ) : (
              <ul className="space-y-2">
                {open.map((i) => (
                  <li key={i.id}>
                    <Link to={path('me')} className={`${cardClass} flex gap-3 hover:bg-muted`}>
                      <Receipt aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                      <span className="min-w-0">
                        <span className="block font-medium">
                          {t('home.invoiceLine', {
                            number: i.number ?? '',
                            amount: format.money(openAmount(i), i.currency),
                          })}
                        </span>
                        {i.due_on ? (
                          <span className="block text-sm text-muted-foreground">
                            {t('home.dueOn', { date: format.date(i.due_on) })}
                          </span>
                        ) : null}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            );
          }}
        </QueryState>
      </Section>

      <Section
        id="home-groups"
        title={t('home.myGroups')}
        action={
          <Link to={path('groups')} className={linkClass}>
            {t('home.findGroups')}
          </Link>
        }
      >
        <QueryState query={mine} lines={1}>
          {({ memberships, requests }) => {
            const title = (id: string) => groups.data?.find((g) => g.id === id)?.title;
            const items = [
              ...memberships.map((m) => ({ id: m.id, title: title(m.group_id), pending: false })),
              ...requests.map((r) => ({ id: r.id, title: title(r.group_id), pending: true })),
            ].filter((item) => item.title);
            return items.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('home.noGroups')}</p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {items.map((item) => (
                  <li key={item.id} className={`${cardClass} flex items-center gap-2 py-2`}>
                    <span className="font-medium">{item.title}</span>
                    {item.pending ? <Badge>{t('home.pending')}</Badge> : null}
                  </li>
                ))}
              </ul>
            );
          }}
        </QueryState>
      </Section>

      <Section
        id="home-news"
        title={t('home.latestNews')}
        action={
          <Link to={path('news')} className={linkClass}>
            {t('home.allNews')}
          </Link>
        }
      >
        <QueryState query={news}>{(rows) => <NewsList slug={slug} posts={rows.slice(0, 3)} />}</QueryState>
      </Section>

      {/* The guides have no place in the phone's bottom bar: here instead. */}
      <Link to={path('articles')} className={`${cardClass} flex gap-3 hover:bg-muted lg:hidden`}>
        <BookOpen aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <span className="min-w-0">
          <span className="block font-medium">{t('nav.articles')}</span>
          <span className="block text-sm text-muted-foreground">{t('home.guidesBody')}</span>
        </span>
      </Link>
    </div>
  );
}

// The member page (/members/{id}): a summary (name, status, membership ID, MID, contact, age,
// tags) and the sections: CPR (membership managers), admin access, personal data, certificates,
// groups, events, volunteering, bookings, orders, invoices, relations and the history. It updates
// live when another administrator changes the member. A member of another community, or an id
// that is not one, is a 404.
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Radio } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { describeMemberError, isMemberMissing } from './describe-member-error';
import { isMemberId, loadMemberOverview, type MemberRecord } from './load-member';
import { MemberAccessCard } from './member-access-card';
import { MemberActivitySections } from './member-activity-sections';
import { MemberCertificatesCard } from './member-certificates-card';
import { MemberCprCard } from './member-cpr-card';
import { MemberDataCard } from './member-data-card';
import { MemberHistoryCard } from './member-history-card';
import { memberKeys } from './member-keys';
import { MemberRelationsCard } from './member-relations-card';
import { MemberStatusBadge } from './member-status-badge';
import { useLiveMembers } from './use-live-members';
import { formatPhone } from '../../lib/phone';

export function addressLines(
  m: Pick<MemberRecord, 'street' | 'house_number' | 'floor' | 'door' | 'postal_code' | 'city'>,
) {
  const first = [m.street, m.house_number].filter(Boolean).join(' ');
  const unit = [m.floor ? `${m.floor}.` : '', m.door ?? ''].filter(Boolean).join(' ');
  const line1 = [first, unit].filter(Boolean).join(', ');
  const line2 = [m.postal_code, m.city].filter(Boolean).join(' ');
  return [line1, line2].filter(Boolean);
}

export function MemberNotFound({ slug }: { slug: string }) {
  const t = useT(membersMessages);
  const language = useLanguage();
  return (
    <>
      <PageHeader
        title={t('errors.notFoundTitle')}
        breadcrumbs={
          <Breadcrumbs slug={slug} links={[{ label: t('breadcrumb'), path: 'members' }]} current="…" />
        }
      />
      <Alert kind="error" title={t('errors.notFoundText')}>
        <Button asChild variant="secondary" size="sm" className="mt-2">
          <Link to={localePath(language, `${slug}/members`)}>{t('errors.backToList')}</Link>
        </Button>
      </Alert>
    </>
  );
}

export function MemberPage({
  memberId,
  communityId,
  slug,
}: {
  memberId: string;
  communityId: string;
  slug: string;
}) {
  const t = useT(membersMessages);
  const format = useFormat();
  const language = useLanguage();
  const valid = isMemberId(memberId);
  const overview = useQuery({
    queryKey: memberKeys.detail(communityId, memberId),
    queryFn: () => loadMemberOverview(memberId),
    enabled: valid,
    retry: (n, e) => !isMemberMissing(e) && n < 2,
  });
  const live = useLiveMembers(communityId, memberId);
  if (
    !valid ||
    (overview.isError && isMemberMissing(overview.error)) ||
    (overview.data && overview.data.member.community_id !== communityId)
  )
    return <MemberNotFound slug={slug} />;
  if (overview.isError)
    return (
      <Alert kind="error" title={t(describeMemberError(overview.error))}>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void overview.refetch()}>
          {t('errors.backToList')}
        </Button>
      </Alert>
    );
  if (!overview.data)
    return (
      <div aria-busy="true" className="space-y-4">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  const o = overview.data;
  const m = o.member;
  const facts: [string, string][] = [
    [t('profile.mid'), String(m.mid)],
    [t('profile.membershipId'), m.membership_id ?? '–'],
    [t('columns.age'), m.age === null ? t('detail.noAge') : t('detail.age', { age: m.age })],
    [t('profile.email'), m.email ?? '–'],
    [t('profile.phone'), formatPhone(m.phone) || '–'],
    [t('detail.address'), addressLines(m).join(', ') || '–'],
    [
      t('detail.memberships'),
      m.left_on
        ? t('detail.leftOn', { date: format.date(`${m.left_on}T12:00:00Z`) })
        : t('detail.joinedOn', { date: format.date(`${m.joined_on}T12:00:00Z`) }),
    ],
  ];
  return (
    <>
      <PageHeader
        title={m.full_name}
        breadcrumbs={
          <Breadcrumbs
            slug={slug}
            links={[{ label: t('breadcrumb'), path: 'members' }]}
            current={m.full_name}
          />
        }
        description={
          <span className="flex flex-wrap items-center gap-2">
            <MemberStatusBadge status={m.status} />
            <Badge tone={m.user_id ? 'success' : 'neutral'}>
              {m.user_id ? t('detail.hasAccount') : t('detail.noAccount')}
            </Badge>
            <Badge tone={live ? 'success' : 'neutral'} data-live={live ? 'yes' : 'no'}>
              <Radio aria-hidden="true" className="mr-1 size-3" />
              {t('live')}
            </Badge>
          </span>
        }
        action={
          m.erased_at ? undefined : (
            <Button asChild>
              <Link to={localePath(language, `${slug}/members/${m.id}/profile`)}>
                <Pencil aria-hidden="true" />
                {t('detail.profile')}
              </Link>
            </Button>
          )
        }
      />
      {m.erased_at ? (
        <Alert kind="info" title={t('detail.erasedBanner', { date: format.date(m.erased_at) })} />
      ) : null}
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <div className="min-w-0 space-y-6">
          <Card aria-labelledby="member-summary">
            <CardHeader id="member-summary" title={t('detail.summary')} />
            <CardBody>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                {facts.map(([term, value]) => (
                  <div key={term} className="contents">
                    <dt className="text-muted-foreground">{term}</dt>
                    <dd className="break-words">{value}</dd>
                  </div>
                ))}
              </dl>
              {o.tags.length ? (
                <div className="flex flex-wrap gap-1">
                  {o.tags.map((tag) => (
                    <Badge key={tag.id} tone="accent">
                      {tag.name}
                    </Badge>
                  ))}
                </div>
              ) : null}
            </CardBody>
          </Card>
          {m.erased_at ? null : (
            <MemberCertificatesCard communityId={communityId} memberId={m.id} memberName={m.full_name} />
          )}
          <MemberRelationsCard communityId={communityId} overview={o} slug={slug} />
          <MemberActivitySections overview={o} slug={slug} />
        </div>
        <div className="min-w-0 space-y-6">
          {o.can_see_cpr ? (
            <MemberCprCard
              communityId={communityId}
              memberId={m.id}
              name={m.full_name}
              masked={m.cpr_masked}
            />
          ) : null}
          <MemberAccessCard key={JSON.stringify(o.access)} overview={o} communityId={communityId} />
          <MemberDataCard overview={o} communityId={communityId} />
          <MemberHistoryCard communityId={communityId} memberId={m.id} />
        </div>
      </div>
    </>
  );
}

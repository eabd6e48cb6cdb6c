// The member lookup (/members/lookup): one box that finds a person by any identifier as you
// type (name, e-mail, phone, membership ID, MID). Membership managers may switch to CPR; each
// such search is audited by the database. The e-mail shown is read-only, with the note that only
// the member changes their own sign-in e-mail (product.md §6).
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { Card, CardBody } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { useDebounced } from '../../lib/use-debounced';
import { describeMemberError } from './describe-member-error';
import { lookupMembers, lookupMembersByCpr } from './load-member';
import { memberKeys } from './member-keys';
import { MemberSearchBox } from './member-search-box';
import { MemberStatusBadge } from './member-status-badge';
import { normaliseCpr } from './member-values';
import { formatPhone } from '../../lib/phone';

export function MemberLookupPage(props: { communityId: string; slug: string; manager: boolean }) {
  const t = useT(membersMessages);
  const language = useLanguage();
  const [text, setText] = useState('');
  const [byCpr, setByCpr] = useState(false);
  const query = useDebounced(text.trim(), 200);
  const cpr = byCpr ? normaliseCpr(query) : undefined;
  const enabled = byCpr ? cpr !== undefined : query.length > 0;
  const hits = useQuery({
    queryKey: memberKeys.lookup(props.communityId, `${byCpr ? 'cpr:' : ''}${byCpr ? (cpr ?? '') : query}`),
    queryFn: () =>
      byCpr ? lookupMembersByCpr(props.communityId, cpr!) : lookupMembers(props.communityId, query),
    enabled,
    staleTime: byCpr ? 0 : 10_000,
  });
  return (
    <>
      <PageHeader
        title={t('lookupPage.title')}
        breadcrumbs={
          <Breadcrumbs
            slug={props.slug}
            links={[{ label: t('breadcrumb'), path: 'members' }]}
            current={t('lookupPage.title')}
          />
        }
      />
      <div className="max-w-2xl space-y-4">
        <div className="space-y-1.5">
          <MemberSearchBox
            label={byCpr ? t('lookupPage.byCpr') : t('lookupPage.label')}
            placeholder={byCpr ? t('lookupPage.cprPlaceholder') : t('lookupPage.placeholder')}
            value={text}
            onChange={setText}
          />
          {props.manager ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-accent"
                checked={byCpr}
                onChange={(e) => setByCpr(e.target.checked)}
              />
              {t('lookupPage.byCpr')}
            </label>
          ) : null}
          {byCpr ? <p className="text-sm text-muted-foreground">{t('lookupPage.cprAudited')}</p> : null}
        </div>
        {hits.isError ? <Alert kind="error" title={t(describeMemberError(hits.error))} /> : null}
        {!enabled ? (
          <p className="text-sm text-muted-foreground">
            {byCpr && query ? t('cpr.invalid') : t('lookupPage.hint')}
          </p>
        ) : hits.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground" role="status">
            {t('lookupPage.noResults', { text: query })}
          </p>
        ) : (
          <ul className="space-y-2" aria-live="polite">
            {(hits.data ?? []).map((hit) => (
              <li key={hit.id}>
                <Card>
                  <CardBody className="space-y-1">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <Link
                        className="font-medium hover:underline"
                        to={localePath(language, `${props.slug}/members/${hit.id}`)}
                      >
                        {hit.full_name}
                      </Link>
                      <MemberStatusBadge status={hit.status} />
                    </div>
                    <p className="text-sm text-muted-foreground">
                      MID {hit.mid}
                      {hit.membership_id ? ` · ${hit.membership_id}` : ''}
                      {hit.phone ? ` · ${formatPhone(hit.phone)}` : ''}
                    </p>
                    {hit.email ? (
                      <p className="text-sm">
                        <span aria-readonly="true">{hit.email}</span>{' '}
                        <span className="text-muted-foreground">— {t('lookupPage.emailReadOnly')}</span>
                      </p>
                    ) : null}
                  </CardBody>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

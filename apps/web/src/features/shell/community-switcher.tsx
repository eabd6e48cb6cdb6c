import { shellMessages } from '@club/i18n/namespaces/shell';
import { Building2, ChevronsUpDown } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { DeferredRadioMenu } from '../../components/ui/deferred-menu';
import { useCommunityLogo } from '../../lib/community-logo';
import { localePath, useLanguage, useT } from '../../lib/i18n';

export function CommunitySwitcher({
  slug,
  communityId,
  communities,
}: {
  slug: string;
  communityId: string;
  communities: { slug: string; name: string }[];
}) {
  const t = useT(shellMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const current = communities.find((c) => c.slug === slug);
  const logo = useCommunityLogo(communityId);
  return (
    <DeferredRadioMenu
      trigger={
        <Button variant="ghost" className="min-w-0 max-w-[11rem] justify-start px-2 sm:max-w-[14rem]">
          {logo ? (
            <img
              src={logo}
              alt=""
              data-testid="community-logo"
              className="size-6 shrink-0 rounded object-contain"
              width="24"
              height="24"
            />
          ) : (
            <Building2 aria-hidden="true" />
          )}
          <span className="sr-only">{t('topBar.switchCommunity')}: </span>
          <span className="truncate">{current?.name ?? slug}</span>
          <ChevronsUpDown aria-hidden="true" className="opacity-60" />
        </Button>
      }
      align="start"
      label={t('topBar.community')}
      value={slug}
      options={communities.map((c) => ({ value: c.slug, label: c.name }))}
      onValueChange={(next) => void navigate(localePath(language, next))}
    />
  );
}

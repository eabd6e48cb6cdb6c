// The front page. Signed out: what the product is, with sign-in and sign-up. Signed in: the
// communities to choose from (straight into the only one if there is just one), or the
// app-download notice for users who administer nothing.
import { shellMessages } from '@club/i18n/namespaces/shell';
import { ArrowRight, Building2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppDownloadNotice } from '../../components/app-download-notice';
import { buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../lib/document-title';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { administersAnything } from '../../lib/memberships';
import { useMemberships, useSession } from '../../lib/session';

export function LandingPage() {
  const t = useT(shellMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const { session, loading } = useSession();
  const memberships = useMemberships(session);
  const entries = Object.entries(memberships).sort(([, a], [, b]) => a.name.localeCompare(b.name));
  const only = entries.length === 1 ? entries[0]?.[0] : undefined;
  const signedIn = session !== null;
  useDocumentTitle(signedIn ? t('landing.chooseCommunity') : t('landing.title'));
  useEffect(() => {
    if (signedIn && only) void navigate(localePath(language, only), { replace: true });
  }, [signedIn, only, language, navigate]);

  if (loading || (session && only)) {
    return (
      <div className="w-full max-w-md space-y-3" aria-busy="true">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }

  if (!session) {
    return (
      <div className="w-full max-w-xl pt-6 text-center">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t('landing.title')}</h1>
        <p className="mt-4 text-base text-muted-foreground">{t('landing.lead')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={localePath(language, 'login')} className={buttonVariants({ variant: 'primary' })}>
            {t('landing.signIn')}
          </Link>
          <Link to={localePath(language, 'register')} className={buttonVariants({ variant: 'secondary' })}>
            {t('landing.register')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="w-full max-w-md space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">{t('landing.chooseCommunity')}</h1>
      {!administersAnything(memberships) ? <AppDownloadNotice /> : null}
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('landing.noCommunities')}</p>
      ) : (
        <ul className="space-y-2">
          {entries.map(([slug, membership]) => (
            <li key={slug}>
              <Link
                to={localePath(language, slug)}
                className="flex items-center gap-3 rounded-lg border border-border bg-surface p-4 hover:border-accent"
                aria-label={t('landing.open', { community: membership.name })}
              >
                <Building2 aria-hidden="true" className="size-5 text-muted-foreground" />
                <span className="flex-1 font-medium">{membership.name}</span>
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

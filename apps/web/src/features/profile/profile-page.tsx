// The profile: details, e-mail, password, sign-in passkeys, two-step verification and linked sign-in methods.
import { commonMessages } from '@club/i18n/namespaces/common';
import { profileMessages } from '@club/i18n/namespaces/profile';
import { shellMessages } from '@club/i18n/namespaces/shell';
import { ArrowLeft, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';
import { DetailsSection } from './details-section';
import { EmailSection } from './email-section';
import { IdentitiesSection } from './identities-section';
import { MfaSection } from './mfa-section';
import { PasskeysSection } from './passkeys-section';
import { PasswordSection } from './password-section';

export function ProfilePage() {
  const t = useT(profileMessages);
  const tc = useT(commonMessages);
  const language = useLanguage();
  const { session, loading } = useSession();
  useDocumentTitle(t('title'));
  const signOut = useSignOut();
  const ts = useT(shellMessages);
  return (
    <div className="w-full max-w-2xl space-y-6">
      <Link
        to={localePath(language)}
        className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {tc('actions.back')}
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t('description')}</p>
        </div>
        {session ? (
          <Button variant="secondary" onClick={() => void signOut()}>
            <LogOut aria-hidden="true" />
            {ts('topBar.signOut')}
          </Button>
        ) : null}
      </header>
      {loading || !session ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-40" />
          <Skeleton className="h-32" />
        </div>
      ) : (
        <>
          <DetailsSection user={session.user} />
          <EmailSection user={session.user} />
          <PasswordSection />
          <PasskeysSection />
          <MfaSection />
          <IdentitiesSection />
        </>
      )}
    </div>
  );
}

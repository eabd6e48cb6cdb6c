// The member app for someone who belongs to no club yet: what to do about it.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import { Users } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { useDocumentTitle } from '../../lib/document-title';
import { useT } from '../../lib/i18n';

export function MemberNonePage() {
  const t = useT(memberAppMessages);
  useDocumentTitle(t('noCommunities.title'));
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-md items-center px-4">
      <EmptyState icon={Users} title={t('noCommunities.title')}>
        {t('noCommunities.body')}
      </EmptyState>
    </main>
  );
}

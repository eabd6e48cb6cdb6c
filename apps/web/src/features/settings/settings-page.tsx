// /settings: the community's settings in five parts, the chosen part in the address (?part=).
// General is for every admin to read and owners to change; administrators, retention and the
// audit log are for owners and membership managers; the backup status for owners.
import { settingsMessages } from '@club/i18n/namespaces/settings';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { RouteErrorView } from '../../components/ui/error-view';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/class-names';
import { useT } from '../../lib/i18n';
import { AdministratorsCard } from './administrators-card';
import { AuditLogList } from './audit-log-list';
import { BackupStatusCard } from './backup-status-card';
import { GeneralSettingsForm } from './general-settings-form';
import { loadGeneralSettings, loadSettingsAccess } from './load-settings';
import { RetentionCard } from './retention-card';
import { settingsKeys } from './settings-keys';

const parts = ['general', 'administrators', 'retention', 'audit', 'backup'] as const;
type Part = (typeof parts)[number];

export function SettingsPage({ communityId }: { communityId: string }) {
  const t = useT(settingsMessages);
  const [params, setParams] = useSearchParams();
  const part: Part = parts.find((p) => p === params.get('part')) ?? 'general';
  const general = useQuery({
    queryKey: settingsKeys.general(communityId),
    queryFn: () => loadGeneralSettings(communityId),
  });
  const access = useQuery({
    queryKey: settingsKeys.access(communityId),
    queryFn: () => loadSettingsAccess(communityId),
  });
  if (general.isError || access.isError) return <RouteErrorView embedded />;
  const ready = general.data && access.data;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <nav aria-label={t('tabs.label')} className="mb-4 overflow-x-auto">
        <ul className="inline-flex gap-1 rounded-md border border-input bg-surface p-0.5">
          {parts.map((p) => (
            <li key={p}>
              <a
                href={`?part=${p}`}
                aria-current={p === part ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setParams(p === 'general' ? {} : { part: p });
                }}
                className={cn(
                  'block whitespace-nowrap rounded px-3 py-1.5 text-sm',
                  p === part
                    ? 'bg-accent font-medium text-accent-foreground'
                    : 'text-foreground hover:bg-muted',
                )}
              >
                {t(`tabs.${p}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {!ready ? (
        <Skeleton className="h-64" />
      ) : part === 'general' ? (
        <GeneralSettingsForm communityId={communityId} data={general.data} canEdit={access.data.owner} />
      ) : part === 'backup' ? (
        <BackupStatusCard isOwner={access.data.owner} />
      ) : !access.data.managesAccess ? (
        <Alert kind="info">
          {t(
            part === 'retention'
              ? 'retention.notAllowed'
              : part === 'audit'
                ? 'audit.notAllowed'
                : 'admins.notAllowed',
          )}
        </Alert>
      ) : part === 'administrators' ? (
        <AdministratorsCard
          communityId={communityId}
          communityName={general.data.community.name}
          isOwner={access.data.owner}
        />
      ) : part === 'retention' ? (
        <RetentionCard
          communityId={communityId}
          months={general.data.settings.retention_months}
          canEdit={access.data.owner}
        />
      ) : (
        <section aria-labelledby="settings-audit" className="space-y-2">
          <h2 id="settings-audit" className="text-base font-semibold">
            {t('audit.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('audit.description')}</p>
          <AuditLogList communityId={communityId} timeZone={general.data.community.time_zone} />
        </section>
      )}
    </>
  );
}

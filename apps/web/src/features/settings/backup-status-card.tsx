// Settings → Backups (owners): whether the server makes scheduled backups and how the last
// ones went, from the server's /health (`backup: {scheduled, last_success_at, last_failure_at}`,
// last_failure_at set only while failures are newer than the last success).
import { settingsMessages } from '@club/i18n/namespaces/settings';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { appConfig } from '../../lib/app-config';
import { useFormat, useT } from '../../lib/i18n';
import { settingsKeys } from './settings-keys';

interface BackupHealth {
  scheduled: boolean;
  last_success_at: string | null;
  last_failure_at: string | null;
}

async function loadBackupHealth(): Promise<BackupHealth> {
  const response = await fetch(new URL('/health', appConfig().supabaseUrl));
  const body = (await response.json()) as { backup?: BackupHealth };
  if (!body.backup) throw new Error('The server did not report its backups');
  return body.backup;
}

export function BackupStatusCard({ isOwner }: { isOwner: boolean }) {
  const t = useT(settingsMessages);
  const format = useFormat();
  const query = useQuery({ queryKey: settingsKeys.backup(), queryFn: loadBackupHealth, enabled: isOwner });
  const backup = query.data;
  return (
    <Card aria-labelledby="settings-backup">
      <CardHeader id="settings-backup" title={t('backup.title')} description={t('backup.description')} />
      <CardBody data-testid="backup-status">
        {!isOwner ? (
          <p className="text-sm text-muted-foreground">{t('backup.ownersOnly')}</p>
        ) : query.isPending ? (
          <Skeleton className="h-10" />
        ) : query.isError || !backup ? (
          <Alert kind="error">{t('backup.unreachable')}</Alert>
        ) : (
          <>
            <Alert kind={backup.scheduled ? 'success' : 'info'}>
              {t(backup.scheduled ? 'backup.scheduled' : 'backup.notScheduled')}
            </Alert>
            {backup.last_failure_at ? (
              <Alert kind="error">
                {t('backup.failing', { when: format.dateTime(backup.last_failure_at) })}
              </Alert>
            ) : null}
            <p className="text-sm">
              {backup.last_success_at
                ? t('backup.lastSuccess', { when: format.dateTime(backup.last_success_at) })
                : t('backup.noSuccess')}
            </p>
          </>
        )}
      </CardBody>
    </Card>
  );
}

// The community's recent member imports on the import page (decision 0932): the newest with a
// live progress bar while the server applies it and its counts once done, earlier ones below,
// each with its result report (CSV built from the job's rows, problems in the reader's
// language). Read from the server, so it is the same after the tab that started it was closed.
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { downloadText } from '../../components/list/csv';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { useFormat, useT } from '../../lib/i18n';
import { describeMemberError } from './describe-member-error';
import { buildReport, reportCsv } from './import/import-report';
import { loadImportJobs, loadImportRows, type ImportJob } from './import/load-import-jobs';
import { useLiveImportJobs } from './import/use-live-import-jobs';
import { memberKeys } from './member-keys';

interface Names {
  field: (f: string) => string;
  problem: (p: string) => string;
}

export function MemberImportJobs({ communityId, names }: { communityId: string; names: Names }) {
  const t = useT(membersMessages);
  const format = useFormat();
  useLiveImportJobs(communityId);
  const jobs = useQuery({
    queryKey: memberKeys.importJobs(communityId),
    queryFn: () => loadImportJobs(communityId),
  });
  if (jobs.error) return <Alert kind="error" title={t(describeMemberError(jobs.error))} />;
  if (!jobs.data?.length) return null;
  const [latest, ...earlier] = jobs.data as [ImportJob, ...ImportJob[]];
  return (
    <>
      <Card data-testid="import-job">
        <CardHeader
          title={t('importPage.jobTitle', { file: latest.fileName })}
          description={t('importPage.jobStarted', { at: format.dateTime(latest.createdAt) })}
        />
        <CardBody className="space-y-3">
          <JobState job={latest} latest />
          {latest.status === 'done' ? <ReportButton job={latest} names={names} /> : null}
        </CardBody>
      </Card>
      {earlier.length ? (
        <Card>
          <CardHeader title={t('importPage.earlier')} />
          <CardBody>
            <ul className="divide-y divide-border text-sm">
              {earlier.map((job) => (
                <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0 space-y-0.5">
                    <p className="truncate font-medium">{job.fileName}</p>
                    <p className="text-muted-foreground">{format.dateTime(job.createdAt)}</p>
                    <JobState job={job} />
                  </div>
                  {job.status === 'done' ? <ReportButton job={job} names={names} /> : null}
                </li>
              ))}
            </ul>
          </CardBody>
        </Card>
      ) : null}
    </>
  );
}

function JobState({ job, latest = false }: { job: ImportJob; latest?: boolean }) {
  const t = useT(membersMessages);
  const format = useFormat();
  const counts = {
    created: format.number(job.created),
    merged: format.number(job.merged),
    skipped: format.number(job.skipped),
    failed: format.number(job.failed),
  };
  if (job.status === 'done')
    return (
      <p role={latest ? 'status' : undefined} data-testid={latest ? 'import-summary' : undefined}>
        {t('importPage.report', counts)}
      </p>
    );
  if (job.status === 'cancelled') return <p className="text-muted-foreground">{t('importPage.cancelled')}</p>;
  if (job.status === 'uploading')
    return <p className="text-muted-foreground">{t('importPage.uploadingJob')}</p>;
  const done = job.created + job.merged + job.skipped + job.failed;
  return (
    <div
      className="space-y-1"
      role={latest ? 'status' : undefined}
      data-testid={latest ? 'import-progress' : undefined}
    >
      <p>
        {job.status === 'queued'
          ? t('importPage.queued')
          : t('importPage.progress', { done: format.number(done), total: format.number(job.total) })}
      </p>
      <progress
        className="h-2 w-full accent-accent"
        max={job.total}
        value={done}
        aria-label={t('importPage.progress', { done: format.number(done), total: format.number(job.total) })}
      />
      {latest ? <p className="text-sm text-muted-foreground">{t('importPage.closeTabHint')}</p> : null}
    </div>
  );
}

function ReportButton({ job, names }: { job: ImportJob; names: Names }) {
  const t = useT(membersMessages);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const lines = buildReport(await loadImportRows(job.id), names);
      downloadText(
        `import-report-${job.createdAt.slice(0, 10)}.csv`,
        reportCsv(
          lines,
          {
            line: t('importPage.reportHeaders.line'),
            outcome: t('importPage.reportHeaders.outcome'),
            memberId: t('importPage.reportHeaders.memberId'),
            field: t('importPage.reportHeaders.field'),
            problem: t('importPage.reportHeaders.problem'),
          },
          (o) => t(`importPage.outcomes.${o as 'created'}`),
        ),
      );
    } catch (error) {
      setFailure(t(describeMemberError(error)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <Button variant="secondary" disabled={busy} onClick={() => void download()}>
        <Download aria-hidden="true" />
        {t('importPage.downloadReport')}
      </Button>
      {failure ? <Alert kind="error" title={failure} /> : null}
    </div>
  );
}

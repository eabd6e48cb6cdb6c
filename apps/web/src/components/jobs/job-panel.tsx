// The panel of long jobs in the corner of every page: title, progress ("340 of 1,204") with a
// bar, then the outcome; it stays while the user navigates. Mounted once in the root layout;
// renders nothing while there are no jobs.
import { kitMessages } from '@club/i18n/namespaces/kit';
import { CircleAlert, CircleCheck, LoaderCircle, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useFormat, useT } from '../../lib/i18n';
import { currentJobs, dismissJob, subscribeJobs } from './job-store';

export function JobPanel() {
  const jobs = useSyncExternalStore(subscribeJobs, currentJobs, currentJobs);
  const t = useT(kitMessages);
  const format = useFormat();
  if (jobs.length === 0) return null;
  return (
    <section
      aria-label={t('jobs.region')}
      className="fixed bottom-4 left-4 z-40 w-[min(22rem,calc(100%-2rem))] space-y-2 rounded-lg border border-border bg-surface p-3 text-sm shadow-lg"
    >
      {jobs.map((job) => {
        const percent = job.total ? Math.min(100, Math.round((job.done / job.total) * 100)) : undefined;
        const Icon =
          job.state === 'running' ? LoaderCircle : job.state === 'finished' ? CircleCheck : CircleAlert;
        return (
          <div key={job.id} className="space-y-1" role="status" aria-live="polite">
            <div className="flex items-start gap-2">
              <Icon
                aria-hidden="true"
                className={
                  job.state === 'running'
                    ? 'mt-0.5 size-4 animate-spin text-muted-foreground'
                    : job.state === 'finished'
                      ? 'mt-0.5 size-4 text-success'
                      : 'mt-0.5 size-4 text-destructive'
                }
              />
              <p className="min-w-0 flex-1 font-medium">{job.title}</p>
              <button
                type="button"
                onClick={() => dismissJob(job.id)}
                aria-label={`${t('jobs.dismiss')}: ${job.title}`}
                className="rounded p-0.5 text-muted-foreground hover:bg-muted"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
            {job.state === 'running' ? (
              <>
                <progress
                  value={percent}
                  max={100}
                  aria-label={job.title}
                  className="h-2 w-full accent-accent"
                />
                {job.total ? (
                  <p className="text-muted-foreground tabular-nums">
                    {t('jobs.progress', { done: format.number(job.done), total: format.number(job.total) })}
                  </p>
                ) : null}
              </>
            ) : (
              <p className={job.state === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>
                {t(job.state === 'finished' ? 'jobs.finished' : 'jobs.failed')}
                {job.outcome ? `: ${job.outcome}` : ''}
                {job.href ? (
                  <>
                    {' '}
                    <Link to={job.href} className="underline">
                      {t('jobs.open')}
                    </Link>
                  </>
                ) : null}
              </p>
            )}
          </div>
        );
      })}
    </section>
  );
}

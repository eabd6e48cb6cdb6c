// The job panel loads with the first job, so pages that never start one (the sign-in page)
// do not load it or the kit's words.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentJobs, subscribeJobs } from './job-store';

const JobPanel = lazy(() => import('./job-panel').then((m) => ({ default: m.JobPanel })));

export function DeferredJobPanel() {
  const jobs = useSyncExternalStore(subscribeJobs, currentJobs, currentJobs);
  if (jobs.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <JobPanel />
    </Suspense>
  );
}

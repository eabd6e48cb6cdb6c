// Long jobs (imports, fee runs, mass mail) that keep running while the user moves around the
// app: a job is a promise held here, outside any screen, reporting progress to a small store
// that the job panel (mounted once in the root layout) shows. Leaving the page that started a
// job does not stop it; closing the tab does (the work itself should be resumable server-side).

export type JobState = 'running' | 'finished' | 'failed';

export interface Job {
  id: number;
  /** What runs, in words: "Importing 1,204 members". */
  title: string;
  done: number;
  /** Steps in all; undefined while unknown. */
  total: number | undefined;
  state: JobState;
  /** A sentence for the end: "1,198 imported, 6 skipped" or what went wrong. */
  outcome?: string;
  /** Where to see the result (a path in the app). */
  href?: string;
}

export interface JobReport {
  progress: (done: number, total?: number) => void;
  signal: AbortSignal;
}

let jobs: Job[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const controllers = new Map<number, AbortController>();

function publish(next: Job[]): void {
  jobs = next;
  for (const listener of listeners) listener();
}

function update(id: number, patch: Partial<Job>): void {
  publish(jobs.map((job) => (job.id === id ? { ...job, ...patch } : job)));
}

/**
 * Starts a job. `run` reports progress and resolves to its outcome sentence; a thrown error's
 * message (or `failedText`) becomes the failure outcome. Returns the job's id.
 */
export function startJob(options: {
  title: string;
  total?: number;
  href?: string;
  failedText?: string;
  run: (report: JobReport) => Promise<string | undefined>;
}): number {
  const id = nextId++;
  const controller = new AbortController();
  controllers.set(id, controller);
  publish([
    ...jobs,
    { id, title: options.title, done: 0, total: options.total, state: 'running', href: options.href },
  ]);
  const report: JobReport = {
    progress: (done, total) => update(id, { done, ...(total !== undefined ? { total } : {}) }),
    signal: controller.signal,
  };
  void options
    .run(report)
    .then((outcome) => update(id, { state: 'finished', outcome }))
    .catch((error: unknown) =>
      update(id, {
        state: 'failed',
        outcome: options.failedText ?? (error instanceof Error ? error.message : String(error)),
      }),
    )
    .finally(() => controllers.delete(id));
  return id;
}

/** Hides a finished job, or stops a running one (its run sees the abort signal). */
export function dismissJob(id: number): void {
  controllers.get(id)?.abort();
  publish(jobs.filter((job) => job.id !== id));
}

export function currentJobs(): Job[] {
  return jobs;
}

export function subscribeJobs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests. */
export function resetJobs(): void {
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
  publish([]);
}

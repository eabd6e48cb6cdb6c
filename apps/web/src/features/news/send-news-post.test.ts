// A post scheduled for later is mailed at its release: asking for the mailing then must not show
// a job at "Sending … 0 of 229" as if the mails went out now, but say when they will go.
import { afterEach, describe, expect, it } from 'vitest';
import { currentJobs, resetJobs } from '../../components/jobs/job-store';
import { resetToasts, toasts } from '../../components/ui/toast-store';
import type { NewsMailing } from './news-records';
import { followMailing } from './send-news-post';

afterEach(() => {
  resetJobs();
  resetToasts();
});

const mailing: NewsMailing = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'queued',
  total: 229,
  sent: 0,
  failed: 0,
  created_at: '2026-12-02T10:00:00Z',
  finished_at: null,
};

const words = {
  title: 'Sending "Julefrokost" by e-mail',
  href: '/en/club/news/1',
  failedText: 'failed',
  outcome: () => 'done',
  waiting: (m: NewsMailing) => `"Julefrokost" will be e-mailed to ${m.total} members when it is released`,
};

describe('following a news mailing', () => {
  it('says a scheduled post will be mailed at its release, and starts no sending job', () => {
    const now = Date.parse('2026-12-02T10:00:00Z');
    followMailing(mailing, { ...words, releaseAt: '2026-12-05T08:00:00Z' }, now);
    expect(currentJobs()).toEqual([]);
    expect(toasts().map((t) => t.title)).toEqual([
      '"Julefrokost" will be e-mailed to 229 members when it is released',
    ]);
  });

  it('follows the sending of a post that is out already in the job panel', () => {
    const now = Date.parse('2026-12-02T10:00:00Z');
    followMailing(mailing, { ...words, releaseAt: '2026-12-01T08:00:00Z' }, now);
    expect(currentJobs().map((j) => [j.title, j.done, j.total])).toEqual([[words.title, 0, 229]]);
    expect(toasts()).toEqual([]);
  });
});

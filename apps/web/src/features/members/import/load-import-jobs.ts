// Reads the community's member import jobs (decision 0932): the recent jobs with their counts
// for the import page, and the rows of one job for its result report. Both come from the
// server's tables, so a job started in a tab that was closed is found again.
import { supabase } from '../../../lib/supabase';

export interface ImportJob {
  id: string;
  fileName: string;
  status: 'uploading' | 'queued' | 'running' | 'done' | 'cancelled';
  total: number;
  created: number;
  merged: number;
  skipped: number;
  failed: number;
  createdAt: string;
  finishedAt: string | null;
}

export interface ImportRowOutcome {
  line: number;
  status: 'pending' | 'created' | 'merged' | 'skipped' | 'failed';
  memberId: string | null;
  errorCode: string | null;
  errorField: string | null;
}

/** How many jobs the import page lists. */
export const recentImportJobs = 5;

export async function loadImportJobs(communityId: string): Promise<ImportJob[]> {
  const { data, error } = await supabase()
    .from('member_import_jobs')
    .select('id, file_name, status, total, created, merged, skipped, failed, created_at, finished_at')
    .eq('community_id', communityId)
    .order('created_at', { ascending: false })
    .limit(recentImportJobs);
  if (error) throw error;
  return (data ?? []).map((j) => ({
    id: j.id,
    fileName: j.file_name,
    status: j.status as ImportJob['status'],
    total: j.total,
    created: j.created,
    merged: j.merged,
    skipped: j.skipped,
    failed: j.failed,
    createdAt: j.created_at,
    finishedAt: j.finished_at,
  }));
}

const pageSize = 1000;

/** Every row of a job in file order, read a page of 1,000 at a time. */
export async function loadImportRows(jobId: string): Promise<ImportRowOutcome[]> {
  const rows: ImportRowOutcome[] = [];
  for (let from = 0; ; from += pageSize) {
    const { data, error } = await supabase()
      .from('member_import_rows')
      .select('line, status, member_id, error_code, error_field')
      .eq('job_id', jobId)
      .order('line')
      .range(from, from + pageSize - 1);
    if (error) throw error;
    for (const r of data ?? [])
      rows.push({
        line: r.line,
        status: r.status as ImportRowOutcome['status'],
        memberId: r.member_id,
        errorCode: r.error_code,
        errorField: r.error_field,
      });
    if ((data ?? []).length < pageSize) return rows;
  }
}

// Sends an import to the database in batches, so a long import shows progress and no request
// is large: first the duplicate search (find_member_duplicates), then the rows with what the
// user chose for each (create, merge into a member, or skip) into a job the server applies.
import { supabase } from '../../../lib/supabase';
import type { CheckedRow, ImportValues } from './validate-import-rows';

export const importBatchSize = 500;

export interface DuplicateMatch {
  memberId: string;
  mid: number;
  fullName: string;
  reasons: string[];
}

/** What to do with a row: create a member, skip it, merge it into a member of the register or
 * into an earlier row of the same file (which then carries its values). */
export type RowChoice =
  | { action: 'create' }
  | { action: 'skip' }
  | { action: 'merge'; memberId: string }
  | { action: 'merge'; intoLine: number };

/** A choice as the server job takes it: a merge into a row of the file is done in the browser. */
export type UploadChoice = { action: 'create' } | { action: 'skip' } | { action: 'merge'; memberId: string };

/** How many rows an import creates or merges: the readable rows the user did not set to skip. */
export function rowsToImport(rows: readonly CheckedRow[], choices: ReadonlyMap<number, RowChoice>): number {
  return rows.filter((r) => r.problems.length === 0 && choices.get(r.line)?.action !== 'skip').length;
}

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += importBatchSize) out.push(items.slice(i, i + importBatchSize));
  return out;
}

export async function findDuplicates(
  communityId: string,
  rows: readonly CheckedRow[],
  onProgress?: (done: number, total: number) => void,
): Promise<Map<number, DuplicateMatch[]>> {
  const found = new Map<number, DuplicateMatch[]>();
  let done = 0;
  for (const batch of batches(rows)) {
    const { data, error } = await supabase().rpc('find_member_duplicates', {
      p_community_id: communityId,
      p_rows: batch.map((r) => ({
        row_no: r.line,
        email: r.values.email,
        phone: r.values.phone,
        cpr: r.values.cpr,
        first_name: r.values.first_name,
        last_name: r.values.last_name,
        birth_date: r.values.birth_date,
      })),
    });
    if (error) throw error;
    for (const match of data ?? []) {
      const list = found.get(match.row_no) ?? [];
      list.push({
        memberId: match.member_id,
        mid: match.mid,
        fullName: match.full_name,
        reasons: match.reason.split(','),
      });
      found.set(match.row_no, list);
    }
    done += batch.length;
    onProgress?.(done, rows.length);
  }
  return found;
}

/** How many rows go up in one request while an import job is uploaded. */
export const uploadBatchSize = 1000;

/**
 * Uploads an import into a server job and queues it (decision 0932): the job is started with
 * every row of the file, the rows go up in requests of 1,000 (each valid row with what the
 * user chose, each rejected row with its problems, so the job's report covers the whole file),
 * then the server applies them. Answers the job's id; from then on a closed tab does not matter.
 */
export async function uploadMemberImport(
  communityId: string,
  fileName: string,
  rows: readonly { line: number; values: ImportValues; choice: UploadChoice; matchedMemberId?: string }[],
  rejected: readonly CheckedRow[],
  onProgress?: (done: number, total: number) => void,
): Promise<string> {
  const all = [
    ...rows.map((r) => ({
      ...r.values,
      row_no: r.line,
      action: r.choice.action,
      // A skipped duplicate names the member it matched, so the report says which.
      member_id:
        r.choice.action === 'merge'
          ? r.choice.memberId
          : r.choice.action === 'skip'
            ? (r.matchedMemberId ?? null)
            : null,
    })),
    ...rejected.map((r) => ({
      row_no: r.line,
      problems: r.problems.map((p) => ({ field: p.field, problem: p.problem })),
    })),
  ].sort((a, b) => a.row_no - b.row_no);
  const started = await supabase().rpc('start_member_import', {
    p_community_id: communityId,
    p_file_name: fileName,
    p_total: all.length,
  });
  if (started.error) throw started.error;
  const jobId = started.data.id;
  for (let i = 0; i < all.length; i += uploadBatchSize) {
    const { error } = await supabase().rpc('append_member_import_rows', {
      p_job_id: jobId,
      p_rows: all.slice(i, i + uploadBatchSize),
    });
    if (error) throw error;
    onProgress?.(Math.min(i + uploadBatchSize, all.length), all.length);
  }
  const queued = await supabase().rpc('queue_member_import', { p_job_id: jobId });
  if (queued.error) throw queued.error;
  return jobId;
}

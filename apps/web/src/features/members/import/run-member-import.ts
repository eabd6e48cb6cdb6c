// Sends an import to the database in batches, so a long import shows progress and no request
// is large: first the duplicate search (find_member_duplicates), then the rows with what the
// user chose for each (import_members: create, merge into a member, or skip).
import { supabase } from '../../../lib/supabase';
import type { CheckedRow, ImportValues } from './validate-import-rows';

export const importBatchSize = 500;

export interface DuplicateMatch {
  memberId: string;
  mid: number;
  fullName: string;
  reasons: string[];
}

export type RowChoice = { action: 'create' } | { action: 'skip' } | { action: 'merge'; memberId: string };

export interface ImportOutcome {
  line: number;
  outcome: 'created' | 'merged' | 'skipped' | 'failed';
  memberId: string | null;
  errorCode: string | null;
  errorField: string | null;
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

export async function importMembers(
  communityId: string,
  rows: readonly { line: number; values: ImportValues; choice: RowChoice }[],
  onProgress?: (done: number, total: number) => void,
): Promise<ImportOutcome[]> {
  const outcomes: ImportOutcome[] = [];
  for (const batch of batches(rows)) {
    const { data, error } = await supabase().rpc('import_members', {
      p_community_id: communityId,
      p_rows: batch.map((r) => ({
        ...r.values,
        row_no: r.line,
        action: r.choice.action,
        member_id: r.choice.action === 'merge' ? r.choice.memberId : null,
      })),
    });
    if (error) throw error;
    for (const result of data ?? []) {
      outcomes.push({
        line: result.row_no,
        outcome: result.outcome as ImportOutcome['outcome'],
        memberId: result.member_id,
        errorCode: result.error_code,
        errorField: result.error_field,
      });
    }
    onProgress?.(outcomes.length, rows.length);
  }
  return outcomes;
}

// The money side of a group: the price screen's preview of the next charges for a sample
// join date (of the unsaved form values), and the fee run's preview and run for one group.
import { supabase } from '../../lib/supabase';
import type { MidPeriodRule, PaymentFrequency } from './group-records';

export interface ChargePreview {
  period_start: string;
  label: string | null;
  amount_ore: number;
  reason: string;
}

export async function previewCharges(values: {
  frequency: PaymentFrequency;
  priceOre: number;
  startsOn: string;
  midPeriod: MidPeriodRule;
  joinDate: string;
}): Promise<ChargePreview[]> {
  const { data, error } = await supabase().rpc('preview_group_charges', {
    p_frequency: values.frequency,
    p_price_ore: values.priceOre,
    // No start day is SQL null (the generator types the argument as a plain string).
    p_charging_starts_on: (values.startsOn || null) as string,
    p_mid_period_join: values.midPeriod,
    p_join_date: values.joinDate,
    p_count: 3,
  });
  if (error) throw error;
  return (data ?? []) as ChargePreview[];
}

export interface DueCharge {
  group_member_id: string;
  member_id: string;
  member_name: string;
  description: string;
  period_start: string;
  amount_ore: number;
  reason: string;
}

/** The charges a run would issue: the first rows the data service hands out (its row limit) and the count of all. */
export async function previewFeeRun(
  communityId: string,
  groupId: string,
  day: string,
): Promise<{ rows: DueCharge[]; count: number }> {
  const { data, error, count } = await supabase().rpc(
    'preview_group_fees',
    { p_community_id: communityId, p_day: day, p_group_id: groupId },
    { count: 'exact' },
  );
  if (error) throw error;
  const rows = (data ?? []) as DueCharge[];
  return { rows, count: count ?? rows.length };
}

/** Members charged per request: a batch stays well inside the data service's statement time. */
export const feeRunBatch = 250;

/**
 * Runs the group's fees for the period of a day, a batch of members per request until a
 * request charges nobody (docs/decisions/0881); reports the members charged so far and
 * answers how many charges were issued.
 */
export async function runFees(
  groupId: string,
  day: string,
  onProgress: (charged: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<number> {
  let charged = 0;
  for (;;) {
    if (signal?.aborted) break;
    const { data, error } = await supabase().rpc('run_group_fees', {
      p_group_id: groupId,
      p_day: day,
      p_limit: feeRunBatch,
    });
    if (error) throw error;
    const lines = (data ?? []).reduce((sum, row) => sum + (row.lines ?? 0), 0);
    if (lines === 0) break;
    charged += lines;
    onProgress(charged);
  }
  return charged;
}

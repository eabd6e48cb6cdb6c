// Writes the event with all its parts through `save_event` (one transaction), or cancels it.
import type { Json } from '@club/schemas';
import { supabase } from '../../lib/supabase';
import type { SeriesScope } from './series-scope-choice';

export async function saveEvent(document: Json, scope: SeriesScope = 'this'): Promise<string> {
  const { data, error } = await supabase().rpc('save_event_series', { p_event: document, p_scope: scope });
  if (error) throw error;
  return data;
}

/** Cancels this date, this and the following dates, or all dates; returns how many it cancelled. */
export async function cancelEvent(id: string, scope: SeriesScope = 'this'): Promise<number> {
  const { data, error } = await supabase().rpc('cancel_event', { p_event_id: id, p_scope: scope });
  if (error) throw error;
  return data;
}

// Writes the event with all its parts through `save_event` (one transaction), or cancels it.
import type { Json } from '@club/schemas';
import { supabase } from '../../lib/supabase';

export async function saveEvent(document: Json): Promise<string> {
  const { data, error } = await supabase().rpc('save_event', { p_event: document });
  if (error) throw error;
  return data;
}

export async function cancelEvent(id: string): Promise<void> {
  const { error } = await supabase().from('events').update({ status: 'cancelled' }).eq('id', id);
  if (error) throw error;
}

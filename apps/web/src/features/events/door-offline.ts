// The door's offline memory (decision 1070): the event's door list downloaded beforehand (code
// hashes, never codes), the admissions this phone made, and the scans waiting to be synced. Kept
// in localStorage per event so a reload or a dead connection loses nothing.

export type DoorVerdictKind =
  'admitted' | 'already_used' | 'wrong_event' | 'refunded' | 'unpaid' | 'not_valid';

export interface DoorVerdict {
  verdict: DoorVerdictKind;
  purchase_id?: string;
  name?: string | null;
  ticket_name?: string | null;
  quantity?: number;
  checked_in_at?: string | null;
  event_title?: string | null;
  conflict?: boolean;
  index?: number;
}

export interface DoorEntry {
  purchase_id: string;
  name: string | null;
  ticket_name: string;
  quantity: number;
  state: string;
  checked_in_at: string | null;
  code_hash: string;
}

export interface QueuedScan {
  code?: string;
  purchase_id?: string;
  scanned_at: string;
  shown: DoorVerdictKind;
}

export interface DoorMemory {
  list: DoorEntry[];
  fetchedAt: string | null;
  queue: QueuedScan[];
}

const key = (eventId: string) => `door:${eventId}`;

export function readDoor(eventId: string): DoorMemory {
  try {
    const raw = localStorage.getItem(key(eventId));
    if (raw) return JSON.parse(raw) as DoorMemory;
  } catch {
    // A broken entry is as good as none.
  }
  return { list: [], fetchedAt: null, queue: [] };
}

export function writeDoor(eventId: string, memory: DoorMemory): void {
  localStorage.setItem(key(eventId), JSON.stringify(memory));
}

/** SHA-256 (hex) of a scanned text, as door_list gives each ticket's code. */
export async function codeHash(code: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code.trim()));
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The verdict from the downloaded list alone; an admission is written to the list at once so the
 * same phone refuses the second scan too. Another event's code is not on this list: not valid.
 */
export function decideOffline(
  memory: DoorMemory,
  entry: DoorEntry | undefined,
  scan: Omit<QueuedScan, 'shown'>,
): { memory: DoorMemory; verdict: DoorVerdict } {
  const base = entry
    ? {
        purchase_id: entry.purchase_id,
        name: entry.name,
        ticket_name: entry.ticket_name,
        quantity: entry.quantity,
      }
    : {};
  let verdict: DoorVerdict;
  if (!entry) verdict = { verdict: 'not_valid' };
  else if (entry.state === 'refunded') verdict = { ...base, verdict: 'refunded' };
  else if (entry.state === 'unpaid') verdict = { ...base, verdict: 'unpaid' };
  else if (entry.checked_in_at)
    verdict = { ...base, verdict: 'already_used', checked_in_at: entry.checked_in_at };
  else verdict = { ...base, verdict: 'admitted', checked_in_at: scan.scanned_at };
  const list =
    verdict.verdict === 'admitted'
      ? memory.list.map((e) => (e === entry ? { ...e, checked_in_at: scan.scanned_at } : e))
      : memory.list;
  return {
    memory: { ...memory, list, queue: [...memory.queue, { ...scan, shown: verdict.verdict }] },
    verdict,
  };
}

/** An answer from the database written into the list, so the offline list stays current. */
export function remember(memory: DoorMemory, verdict: DoorVerdict): DoorMemory {
  if (!verdict.purchase_id || !('checked_in_at' in verdict)) return memory;
  return {
    ...memory,
    list: memory.list.map((e) =>
      e.purchase_id === verdict.purchase_id ? { ...e, checked_in_at: verdict.checked_in_at ?? null } : e,
    ),
  };
}

/** Did the request fail for want of a connection (rather than being refused)? */
export function isOffline(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  const e = error as { name?: string; message?: string } | null;
  return !!e && (e.name === 'TypeError' || /fetch|network|load failed/i.test(e.message ?? ''));
}

// The door's offline verdicts (decision 1070): from the downloaded list alone, a ticket is let in
// once on this phone, and refunded, unpaid and unknown codes are refused; every scan is queued
// with the verdict shown, for sync_door_scans to judge again.
import { describe, expect, it } from 'vitest';
import { codeHash, decideOffline, remember, type DoorEntry, type DoorMemory } from './door-offline';

const entry = (id: string, state = 'active', checked: string | null = null): DoorEntry => ({
  purchase_id: id,
  name: `Navn ${id}`,
  ticket_name: 'Voksen',
  quantity: 1,
  state,
  checked_in_at: checked,
  code_hash: `hash-${id}`,
});

describe('decideOffline', () => {
  it('admits once, then refuses with the first time, and queues both scans', () => {
    const memory: DoorMemory = { list: [entry('a')], fetchedAt: null, queue: [] };
    const first = decideOffline(memory, memory.list[0], {
      code: 'KT1.a',
      scanned_at: '2026-12-02T20:00:00Z',
    });
    expect(first.verdict).toMatchObject({ verdict: 'admitted', purchase_id: 'a' });
    const again = decideOffline(first.memory, first.memory.list[0], {
      code: 'KT1.a',
      scanned_at: '2026-12-02T20:05:00Z',
    });
    expect(again.verdict).toMatchObject({ verdict: 'already_used', checked_in_at: '2026-12-02T20:00:00Z' });
    expect(again.memory.queue.map((q) => q.shown)).toEqual(['admitted', 'already_used']);
  });

  it('refuses refunded, unpaid and unknown tickets without admitting anything', () => {
    const memory: DoorMemory = {
      list: [entry('r', 'refunded'), entry('u', 'unpaid')],
      fetchedAt: null,
      queue: [],
    };
    const at = '2026-12-02T20:00:00Z';
    expect(decideOffline(memory, memory.list[0], { code: 'x', scanned_at: at }).verdict.verdict).toBe(
      'refunded',
    );
    expect(decideOffline(memory, memory.list[1], { code: 'y', scanned_at: at }).verdict.verdict).toBe(
      'unpaid',
    );
    const unknown = decideOffline(memory, undefined, { code: 'z', scanned_at: at });
    expect(unknown.verdict.verdict).toBe('not_valid');
    expect(unknown.memory.list.every((e) => e.checked_in_at === null)).toBe(true);
  });

  it('keeps the list current with the answers of the database', () => {
    const memory: DoorMemory = { list: [entry('a')], fetchedAt: null, queue: [] };
    const next = remember(memory, {
      verdict: 'already_used',
      purchase_id: 'a',
      checked_in_at: '2026-12-02T19:00:00Z',
    });
    expect(next.list[0]!.checked_in_at).toBe('2026-12-02T19:00:00Z');
  });
});

describe('codeHash', () => {
  it('is the hex SHA-256 of the code, trimmed, as door_list gives it', async () => {
    expect(await codeHash(' abc\n')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

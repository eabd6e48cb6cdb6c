// Small waiting aids for realtime tests: subscribe and wait for a status, collect the
// events a channel receives, and wait until a condition holds.
import type { RealtimeChannel } from '@supabase/supabase-js';

export type SubscribeOutcome = { status: string; error: Error | undefined };

/** Subscribes and resolves with the first status the callback reports. */
export function subscribe(channel: RealtimeChannel, timeout?: number): Promise<SubscribeOutcome> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => resolve({ status, error }), timeout);
  });
}

/** Resolves with every status the channel reports until `until` appears. */
export function statusesUntil(channel: RealtimeChannel, until: string, timeout?: number): Promise<string[]> {
  return new Promise((resolve) => {
    const seen: string[] = [];
    channel.subscribe((status) => {
      seen.push(status);
      if (status === until) resolve(seen);
    }, timeout);
  });
}

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const protocolVersions = ['1.0.0', '2.0.0'] as const;

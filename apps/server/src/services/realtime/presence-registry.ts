// Presence state per hub key, across instances: entries tracked by this instance's channels
// (owner = member id) and replicas of other instances' entries (owner = "instance:<id>").
// Changes come out as Phoenix presence diffs ({joins, leaves} of {key: {metas}}).
import crypto from 'node:crypto';
import type { PresenceMetas } from './cluster-bus';

interface Entry {
  key: string;
  meta: Record<string, unknown> & { phx_ref: string };
  owner: string;
}

export interface PresenceDiff {
  joins: PresenceMetas;
  leaves: PresenceMetas;
}

const emptyDiff = (): PresenceDiff => ({ joins: {}, leaves: {} });

function add(target: PresenceMetas, key: string, meta: Record<string, unknown>): void {
  (target[key] ??= { metas: [] }).metas.push(meta);
}

export const isEmptyDiff = (diff: PresenceDiff): boolean =>
  Object.keys(diff.joins).length === 0 && Object.keys(diff.leaves).length === 0;

export function newPhxRef(): string {
  return `F${crypto.randomBytes(8).toString('base64url')}`;
}

export class PresenceRegistry {
  /** hub key → phx_ref → entry */
  private readonly hubs = new Map<string, Map<string, Entry>>();

  private hub(hubKey: string): Map<string, Entry> {
    let hub = this.hubs.get(hubKey);
    if (!hub) {
      hub = new Map();
      this.hubs.set(hubKey, hub);
    }
    return hub;
  }

  stateOf(hubKey: string): PresenceMetas {
    const state: PresenceMetas = {};
    for (const entry of this.hubs.get(hubKey)?.values() ?? []) add(state, entry.key, entry.meta);
    return state;
  }

  /** Tracks (or re-tracks) the owner's presence under key; returns the diff. */
  track(hubKey: string, owner: string, key: string, payload: Record<string, unknown>): PresenceDiff {
    const hub = this.hub(hubKey);
    const diff = emptyDiff();
    const previous = [...hub.values()].find((e) => e.owner === owner);
    const meta: Entry['meta'] = { ...payload, phx_ref: newPhxRef() };
    if (previous) {
      hub.delete(previous.meta.phx_ref);
      add(diff.leaves, previous.key, previous.meta);
      if (previous.key === key) meta.phx_ref_prev = previous.meta.phx_ref;
    }
    hub.set(meta.phx_ref, { key, meta, owner });
    add(diff.joins, key, meta);
    return diff;
  }

  untrack(hubKey: string, owner: string): PresenceDiff {
    const diff = emptyDiff();
    const hub = this.hubs.get(hubKey);
    if (!hub) return diff;
    for (const [ref, entry] of hub) {
      if (entry.owner !== owner) continue;
      hub.delete(ref);
      add(diff.leaves, entry.key, entry.meta);
    }
    if (hub.size === 0) this.hubs.delete(hubKey);
    return diff;
  }

  /** Applies another instance's diff to the replica. */
  applyRemote(hubKey: string, instance: string, diff: PresenceDiff): void {
    const hub = this.hub(hubKey);
    for (const { metas } of Object.values(diff.leaves)) {
      for (const meta of metas) hub.delete(String(meta.phx_ref));
    }
    for (const [key, { metas }] of Object.entries(diff.joins)) {
      for (const meta of metas) {
        const ref = String(meta.phx_ref);
        hub.set(ref, { key, meta: { ...meta, phx_ref: ref }, owner: `instance:${instance}` });
      }
    }
    if (hub.size === 0) this.hubs.delete(hubKey);
  }

  /** Replaces another instance's entries with its full state; returns the diff per hub key. */
  replaceRemote(instance: string, state: Record<string, PresenceMetas>): Map<string, PresenceDiff> {
    const owner = `instance:${instance}`;
    const diffs = new Map<string, PresenceDiff>();
    for (const hubKey of new Set([...this.hubs.keys(), ...Object.keys(state)])) {
      const next = new Map<string, { key: string; meta: Record<string, unknown> }>();
      for (const [key, { metas }] of Object.entries(state[hubKey] ?? {})) {
        for (const meta of metas) next.set(String(meta.phx_ref), { key, meta });
      }
      const hub = this.hub(hubKey);
      const diff = emptyDiff();
      for (const [ref, entry] of hub) {
        if (entry.owner !== owner || next.has(ref)) continue;
        hub.delete(ref);
        add(diff.leaves, entry.key, entry.meta);
      }
      for (const [ref, { key, meta }] of next) {
        if (hub.has(ref)) continue;
        const entry: Entry = { key, meta: { ...meta, phx_ref: ref }, owner };
        hub.set(ref, entry);
        add(diff.joins, key, entry.meta);
      }
      if (hub.size === 0) this.hubs.delete(hubKey);
      if (!isEmptyDiff(diff)) diffs.set(hubKey, diff);
    }
    return diffs;
  }

  dropInstance(instance: string): Map<string, PresenceDiff> {
    const diffs = new Map<string, PresenceDiff>();
    for (const hubKey of [...this.hubs.keys()]) {
      const diff = this.untrack(hubKey, `instance:${instance}`);
      if (!isEmptyDiff(diff)) diffs.set(hubKey, diff);
    }
    return diffs;
  }

  /** This instance's own entries, per hub key (for other instances' replicas). */
  localState(): Record<string, PresenceMetas> {
    const out: Record<string, PresenceMetas> = {};
    for (const [hubKey, hub] of this.hubs) {
      for (const entry of hub.values()) {
        if (entry.owner.startsWith('instance:')) continue;
        add((out[hubKey] ??= {}), entry.key, entry.meta);
      }
    }
    return out;
  }
}

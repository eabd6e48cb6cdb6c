// The channels joined on this instance, grouped by hub key, and the delivery of broadcasts
// and presence diffs to them — locally at once, and to other instances through the bus.
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../../database/database';
import type { ChannelMember } from './channel-member';
import { splitHubKey } from './channel-member';
import type { ChangeFeed } from './changes/change-feed';
import { openClusterBus, type BusMessage, type ClusterBus } from './cluster-bus';
import { isEmptyDiff, PresenceRegistry, type PresenceDiff } from './presence-registry';
import { encodeBinaryBroadcast, encodeText } from './wire/encode-frame';
import { textFrame, websocketFrame } from './wire/websocket-frame';

export interface BroadcastMessage {
  event: string;
  /** The JSON payload, or undefined when bytes carries a binary one. */
  payload?: unknown;
  bytes?: Buffer;
  meta?: Record<string, unknown>;
}

const aliveEveryMs = 10_000;
const presumedGoneAfterMs = 35_000;
const echoWaitMs = 5_000;

export class RealtimeHub {
  readonly instanceId = crypto.randomUUID();
  readonly presence = new PresenceRegistry();
  private readonly hubs = new Map<string, Set<ChannelMember>>();
  private bus: ClusterBus | undefined;
  private readonly lastSeen = new Map<string, number>();
  private aliveTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly changeFeed: ChangeFeed,
    private readonly logger: Logger,
  ) {}

  /**
   * Listens on the bus and announces this instance. Resolves once the announcement has come
   * back through LISTEN (or after a few seconds, with a warning): from then on every instance
   * that was already running has seen it and answers, so none drops this one's broadcasts.
   */
  async start(db: Database): Promise<void> {
    let heard: () => void = () => undefined;
    const echoed = new Promise<void>((resolve) => (heard = resolve));
    this.bus = await openClusterBus(
      db,
      this.instanceId,
      this.logger,
      (message) => this.receive(message),
      (message) => {
        if (message.k === 'sync?') heard();
      },
    );
    if (!this.bus.shared) return;
    this.bus.publish({ k: 'sync?', o: this.instanceId });
    this.aliveTimer = setInterval(() => this.heartbeat(), aliveEveryMs);
    this.aliveTimer.unref();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), echoWaitMs);
      timer.unref();
    });
    const inTime = await Promise.race([echoed.then(() => true), late]);
    clearTimeout(timer);
    if (!inTime) this.logger.warn('realtime: this instance did not hear its own announcement on the bus');
  }

  /**
   * Whether another instance is known to listen: each announces itself (sync?) once it
   * listens and is answered (sync), so a lone instance skips the NOTIFY round trip.
   */
  private get othersListening(): boolean {
    return this.lastSeen.size > 0;
  }

  /** Joined channels (one per socket and topic), distinct topics and other instances seen, for /metrics. */
  counts(): { channels: number; topics: number; peers: number } {
    let channels = 0;
    for (const members of this.hubs.values()) channels += members.size;
    return { channels, topics: this.hubs.size, peers: this.lastSeen.size };
  }

  membersOf(hubKey: string): ReadonlySet<ChannelMember> {
    return this.hubs.get(hubKey) ?? new Set();
  }

  add(member: ChannelMember): void {
    let set = this.hubs.get(member.hubKey);
    if (!set) {
      set = new Set();
      this.hubs.set(member.hubKey, set);
    }
    set.add(member);
    if (member.changeSubscriptions.length > 0) this.changeFeed.add(member);
  }

  /** Removes a channel and untracks its presence. */
  remove(member: ChannelMember): void {
    clearTimeout(member.expiryTimer);
    this.changeFeed.remove(member);
    const set = this.hubs.get(member.hubKey);
    if (!set?.delete(member)) return;
    if (set.size === 0) this.hubs.delete(member.hubKey);
    this.untrack(member);
  }

  track(member: ChannelMember, payload: Record<string, unknown>): void {
    member.presenceEnabled = true;
    const diff = this.presence.track(member.hubKey, member.id, member.presenceKey, payload);
    this.presenceChanged(member.hubKey, diff);
  }

  untrack(member: ChannelMember): void {
    const diff = this.presence.untrack(member.hubKey, member.id);
    this.presenceChanged(member.hubKey, diff);
  }

  broadcast(hubKey: string, message: BroadcastMessage, sender?: ChannelMember): void {
    this.deliverBroadcast(hubKey, message, sender);
    if (!this.othersListening) return;
    this.bus?.publish({
      k: 'b',
      o: this.instanceId,
      h: hubKey,
      e: message.event,
      ...(message.bytes ? { bin: message.bytes.toString('base64') } : { p: message.payload }),
    });
  }

  async close(): Promise<void> {
    clearInterval(this.aliveTimer);
    this.bus?.publish({ k: 'down', o: this.instanceId });
    await this.bus?.close();
  }

  private presenceChanged(hubKey: string, diff: PresenceDiff): void {
    if (isEmptyDiff(diff)) return;
    this.deliverPresenceDiff(hubKey, diff);
    if (this.othersListening) {
      this.bus?.publish({ k: 'pd', o: this.instanceId, h: hubKey, j: diff.joins, l: diff.leaves });
    }
  }

  private deliverBroadcast(hubKey: string, message: BroadcastMessage, sender?: ChannelMember): void {
    const members = this.hubs.get(hubKey);
    if (!members) return;
    const topic = `realtime:${splitHubKey(hubKey).subTopic}`;
    const body: Record<string, unknown> = {
      type: 'broadcast',
      event: message.event,
      payload: message.payload,
    };
    if (message.meta) body.meta = message.meta;
    // Framed once per protocol version (and once for the binary form), then shared.
    const frames: { 1?: Buffer; 2?: Buffer; binary?: Buffer | null } = {};
    for (const member of members) {
      if ((member === sender && !member.broadcastSelf) || !member.canRead.broadcast) continue;
      const socket = member.socket;
      if (message.bytes) {
        if (socket.vsn !== 2) continue; // binary payloads cannot be expressed in 1.0.0
        if (frames.binary === undefined) {
          const bytes = encodeBinaryBroadcast(topic, message.event, message.bytes);
          frames.binary = bytes ? websocketFrame(bytes, true) : null;
        }
        if (frames.binary) socket.sendFrame(frames.binary);
        continue;
      }
      const frame = (frames[socket.vsn] ??= textFrame(
        encodeText(socket.vsn, { joinRef: null, ref: null, topic, event: 'broadcast', payload: body }),
      ));
      socket.sendFrame(frame);
    }
  }

  /** One frame per protocol version for every member; join_ref null is accepted by any join. */
  private deliverPresenceDiff(hubKey: string, diff: PresenceDiff): void {
    const members = this.hubs.get(hubKey);
    if (!members) return;
    const topic = `realtime:${splitHubKey(hubKey).subTopic}`;
    const frames: { 1?: Buffer; 2?: Buffer } = {};
    for (const member of members) {
      if (!member.presenceEnabled || !member.canRead.presence) continue;
      const vsn = member.socket.vsn;
      const frame = (frames[vsn] ??= textFrame(
        encodeText(vsn, { joinRef: null, ref: null, topic, event: 'presence_diff', payload: diff }),
      ));
      member.socket.sendFrame(frame);
    }
  }

  private receive(message: BusMessage): void {
    if (message.o !== 'db') this.lastSeen.set(message.o, Date.now());
    switch (message.k) {
      case 'b':
        this.deliverBroadcast(message.h, {
          event: message.e,
          payload: message.p,
          ...(message.bin !== undefined ? { bytes: Buffer.from(message.bin, 'base64') } : {}),
        });
        return;
      case 'pd':
        this.presence.applyRemote(message.h, message.o, { joins: message.j, leaves: message.l });
        this.deliverPresenceDiff(message.h, { joins: message.j, leaves: message.l });
        return;
      case 'sync?':
        this.bus?.publish({ k: 'sync', o: this.instanceId, s: this.presence.localState() });
        return;
      case 'sync':
        for (const [hubKey, diff] of this.presence.replaceRemote(message.o, message.s)) {
          this.deliverPresenceDiff(hubKey, diff);
        }
        return;
      case 'alive':
        return;
      case 'down':
        this.forget(message.o);
        return;
    }
  }

  private forget(instance: string): void {
    this.lastSeen.delete(instance);
    for (const [hubKey, diff] of this.presence.dropInstance(instance)) this.deliverPresenceDiff(hubKey, diff);
  }

  private heartbeat(): void {
    this.bus?.publish({ k: 'alive', o: this.instanceId });
    const now = Date.now();
    for (const [instance, seen] of this.lastSeen) {
      if (now - seen > presumedGoneAfterMs) this.forget(instance);
    }
  }
}

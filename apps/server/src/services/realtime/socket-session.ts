// One websocket: decodes frames in the socket's protocol version, answers heartbeats at
// once, runs every other message in order, enforces the per-socket limits and closes only
// this socket on a malformed frame.
import crypto from 'node:crypto';
import type { Duplex } from 'node:stream';
import type WebSocket from 'ws';
import type { ChannelMember, SocketHandle, Subscriber } from './channel-member';
import { joinChannel } from './join-channel';
import { RateWindow } from './rate-window';
import type { RealtimeContext } from './realtime-context';
import { joinErrors, pushErrors } from './realtime-errors';
import { refreshAccessToken } from './refresh-access-token';
import { sendChannelBroadcast } from './send-channel-broadcast';
import type { ChannelSessions } from './stop-channel';
import { trackPresence } from './track-presence';
import { decodeFrame } from './wire/decode-frame';
import { encodeText } from './wire/encode-frame';
import { FrameError, type InboundMessage, type ProtocolVersion } from './wire/phoenix-message';

/** Above this much unsent data the client is too slow to keep up and is disconnected. */
const maxBufferedBytes = 16 * 1024 * 1024;

export class SocketSession implements SocketHandle, ChannelSessions {
  readonly id = crypto.randomUUID();
  readonly channels = new Map<string, ChannelMember>();
  readonly joinWindow: RateWindow;
  private readonly eventWindow: RateWindow;
  private queue: Promise<void> = Promise.resolve();
  private lastSeen = Date.now();
  private idleTimer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    /** The upgraded TCP socket under ws, for frames built once for many sockets. */
    private readonly raw: Duplex,
    readonly vsn: ProtocolVersion,
    readonly subscriber: Subscriber,
    private readonly ctx: RealtimeContext,
    private readonly onClosed: (session: SocketSession) => void,
  ) {
    this.joinWindow = new RateWindow(ctx.config.maxJoinsPerSecond);
    this.eventWindow = new RateWindow(ctx.config.maxEventsPerSecond);
    ws.on('message', (data, isBinary) => this.receive(data as Buffer | Buffer[] | ArrayBuffer, isBinary));
    ws.on('close', () => this.teardown());
    ws.on('error', () => this.teardown());
    const idleCheck = Math.min(ctx.config.idleTimeoutMs, 15_000);
    this.idleTimer = setInterval(() => {
      if (Date.now() - this.lastSeen > ctx.config.idleTimeoutMs) this.close(1000, 'idle timeout');
    }, idleCheck);
    this.idleTimer.unref();
  }

  get open(): boolean {
    return !this.closed;
  }

  sendText(text: string): void {
    if (this.closed) return;
    if (this.ws.bufferedAmount > maxBufferedBytes) return this.close(1013, 'client too slow');
    this.ws.send(text, { binary: false });
  }

  /**
   * Writes a pre-built frame straight to the TCP socket. ws writes its own frames
   * synchronously (no compression, no queue), so frames never interleave; after a close
   * frame (readyState CLOSING) nothing more may be sent.
   */
  sendFrame(frame: Buffer): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > maxBufferedBytes) return this.close(1013, 'client too slow');
    this.raw.write(frame);
  }

  push(
    topic: string,
    event: string,
    payload: unknown,
    joinRef: string | null,
    ref: string | null = null,
  ): void {
    this.sendText(encodeText(this.vsn, { joinRef, ref, topic, event, payload }));
  }

  reply(
    msg: InboundMessage,
    status: 'ok' | 'error',
    response: unknown,
    joinRef: string | null = msg.joinRef,
  ): void {
    this.push(msg.topic, 'phx_reply', { status, response }, joinRef, msg.ref);
  }

  /** Removes a channel without telling the client (it rejoined or left). */
  drop(member: ChannelMember): void {
    this.ctx.hub.remove(member);
    this.forget(member);
  }

  forget(member: ChannelMember): void {
    if (this.channels.get(member.topic) === member) this.channels.delete(member.topic);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.ws.close(code, reason);
    this.teardown();
  }

  private teardown(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.idleTimer);
    for (const member of this.channels.values()) this.ctx.hub.remove(member);
    this.channels.clear();
    this.onClosed(this);
  }

  private receive(data: Buffer | Buffer[] | ArrayBuffer, isBinary: boolean): void {
    if (this.closed) return;
    this.lastSeen = Date.now();
    const buffer = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
    let msg: InboundMessage;
    try {
      msg = decodeFrame(buffer, isBinary, this.vsn);
    } catch (error) {
      const reason = error instanceof FrameError ? error.message : 'malformed frame';
      return this.close(1007, reason.slice(0, 120));
    }
    if (msg.topic === 'phoenix' && msg.event === 'heartbeat') {
      this.reply(msg, 'ok', {});
      return;
    }
    this.queue = this.queue.then(() =>
      this.handle(msg).catch((error: unknown) => {
        this.ctx.logger.error({ err: error, topic: msg.topic, event: msg.event }, 'realtime: message failed');
        if (msg.event === 'phx_join') this.reply(msg, 'error', { reason: joinErrors.unableToJoin });
        else if (msg.ref !== null) this.push(msg.topic, 'phx_error', {}, msg.joinRef);
      }),
    );
  }

  private async handle(msg: InboundMessage): Promise<void> {
    if (this.closed) return;
    if (msg.event === 'phx_join') return joinChannel(this.ctx, this, msg);
    const member = this.channels.get(msg.topic);
    if (msg.event === 'phx_leave') {
      if (member) this.drop(member);
      this.reply(msg, 'ok', {});
      this.push(msg.topic, 'phx_close', {}, msg.joinRef, msg.joinRef);
      return;
    }
    if (!member) return this.reply(msg, 'error', { reason: joinErrors.unmatchedTopic });
    if (msg.event !== 'broadcast' && msg.event !== 'presence' && msg.event !== 'access_token') return;
    if (!this.eventWindow.take()) {
      return this.reply(msg, 'error', { reason: pushErrors.tooManyEvents }, member.joinRef);
    }
    if (msg.event === 'broadcast') return sendChannelBroadcast(this.ctx, this, member, msg);
    if (msg.event === 'presence') return trackPresence(this.ctx, this, member, msg);
    return refreshAccessToken(this.ctx, this, member, msg);
  }
}

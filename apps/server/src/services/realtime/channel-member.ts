// The shapes shared by the realtime modules: who a channel runs as, and one joined channel
// of one socket (a "member" of a topic).
import type { Claims } from '../../access/jwt';
import type { ChangeSubscription } from './changes/change-subscription';
import type { ProtocolVersion } from './wire/phoenix-message';

/** The role and claims a channel's database checks run under. */
export interface Subscriber {
  role: string;
  claims: Claims;
  /** The token the claims came from (a user JWT or the API key's JWT). */
  token: string | undefined;
  /** Seconds since the epoch after which the channel must stop, if the token expires. */
  exp: number | undefined;
}

/** What a channel needs from its socket. */
export interface SocketHandle {
  readonly id: string;
  readonly vsn: ProtocolVersion;
  readonly open: boolean;
  /** Writes a complete websocket frame (wire/websocket-frame.ts) built once for many sockets. */
  sendFrame(frame: Buffer): void;
  push(topic: string, event: string, payload: unknown, joinRef: string | null, ref?: string | null): void;
}

export type Extension = 'broadcast' | 'presence';

export interface ChannelMember {
  id: string;
  socket: SocketHandle;
  /** The Phoenix topic, e.g. realtime:room1. */
  topic: string;
  /** The topic without the realtime: prefix, as policies and REST see it. */
  subTopic: string;
  /** Public and private channels of one name are separate audiences. */
  hubKey: string;
  isPrivate: boolean;
  joinRef: string | null;
  broadcastSelf: boolean;
  broadcastAck: boolean;
  presenceEnabled: boolean;
  presenceKey: string;
  subscriber: Subscriber;
  changeSubscriptions: ChangeSubscription[];
  /** Read permission per extension (always true on public channels). */
  canRead: Record<Extension, boolean>;
  /** Write permission per extension on a private channel, decided on first use. */
  canWrite: Partial<Record<Extension, boolean>>;
  expiryTimer: NodeJS.Timeout | undefined;
}

export function hubKeyOf(subTopic: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}|${subTopic}`;
}

export function splitHubKey(hubKey: string): { subTopic: string; isPrivate: boolean } {
  const bar = hubKey.indexOf('|');
  return { isPrivate: hubKey.slice(0, bar) === 'private', subTopic: hubKey.slice(bar + 1) };
}

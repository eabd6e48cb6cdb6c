// The Phoenix channel message every frame decodes to and encodes from, in both protocol
// versions realtime-js speaks (brief §3.1).

export type ProtocolVersion = 1 | 2;

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A user broadcast whose payload is raw bytes (v2 binary frame with binary encoding). */
export interface BinaryBroadcast {
  event: string;
  bytes: Buffer;
}

export interface InboundMessage extends PhoenixMessage {
  /** Set when a v2 kind-3 frame carried a binary payload; payload then holds no user data. */
  binary?: BinaryBroadcast;
}

export class FrameError extends Error {
  override readonly name = 'FrameError';
}

/** Reads the protocol version from the vsn query parameter (Phoenix defaults to 1.0.0). */
export function protocolVersionOf(vsn: string | null): ProtocolVersion | undefined {
  if (vsn === null || vsn === '' || /^1\.\d+\.\d+$/.test(vsn)) return 1;
  if (/^2\.\d+\.\d+$/.test(vsn)) return 2;
  return undefined;
}

// Decodes one websocket frame from a client: v1 JSON objects, v2 JSON arrays, and the v2
// binary "user broadcast push" (kind 3). Anything else is a FrameError, which closes the socket.
import { FrameError, type InboundMessage, type ProtocolVersion } from './phoenix-message';

const userBroadcastPush = 3;
const headerLength = 7;

function refOf(value: unknown, what: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new FrameError(`${what} must be a string or null`);
}

function topicOf(value: unknown): string {
  if (typeof value !== 'string') throw new FrameError('topic must be a string');
  return value;
}

function eventOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new FrameError('event must be a non-empty string');
  return value;
}

function decodeText(text: string, vsn: ProtocolVersion): InboundMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FrameError('frame is not valid JSON');
  }
  if (vsn === 2) {
    if (!Array.isArray(parsed) || parsed.length !== 5)
      throw new FrameError('a 2.0.0 frame is an array of five');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    return {
      joinRef: refOf(joinRef, 'join_ref'),
      ref: refOf(ref, 'ref'),
      topic: topicOf(topic),
      event: eventOf(event),
      payload,
    };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new FrameError('a 1.0.0 frame is a JSON object');
  }
  const msg = parsed as Record<string, unknown>;
  return {
    joinRef: refOf(msg.join_ref, 'join_ref'),
    ref: refOf(msg.ref, 'ref'),
    topic: topicOf(msg.topic),
    event: eventOf(msg.event),
    payload: msg.payload,
  };
}

function decodeUserBroadcastPush(frame: Buffer): InboundMessage {
  if (frame.length < headerLength) throw new FrameError('binary frame too short');
  const lengths = [frame[1]!, frame[2]!, frame[3]!, frame[4]!, frame[5]!];
  const encoding = frame[6]!;
  if (encoding !== 0 && encoding !== 1) throw new FrameError('unknown payload encoding');
  const parts: string[] = [];
  let offset = headerLength;
  for (const length of lengths) {
    if (offset + length > frame.length) throw new FrameError('binary frame shorter than its header says');
    parts.push(frame.subarray(offset, offset + length).toString('utf8'));
    offset += length;
  }
  const [joinRef, ref, topic, userEvent, metadata] = parts as [string, string, string, string, string];
  const body = frame.subarray(offset);
  let meta: Record<string, unknown> = {};
  if (metadata !== '') {
    try {
      const parsed: unknown = JSON.parse(metadata);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        meta = parsed as Record<string, unknown>;
    } catch {
      throw new FrameError('binary frame metadata is not JSON');
    }
  }
  const base = { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast' };
  if (encoding === 0) {
    return {
      ...base,
      payload: { ...meta, type: 'broadcast', event: userEvent },
      binary: { event: userEvent, bytes: Buffer.from(body) },
    };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString('utf8'));
  } catch {
    throw new FrameError('binary frame JSON payload is not valid JSON');
  }
  return { ...base, payload: { ...meta, type: 'broadcast', event: userEvent, payload } };
}

export function decodeFrame(data: Buffer, isBinary: boolean, vsn: ProtocolVersion): InboundMessage {
  if (!isBinary) return decodeText(data.toString('utf8'), vsn);
  if (vsn !== 2) throw new FrameError('binary frames need protocol 2.0.0');
  if (data[0] !== userBroadcastPush) throw new FrameError('unsupported binary frame kind');
  return decodeUserBroadcastPush(data);
}

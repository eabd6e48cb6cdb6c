// Encodes server pushes for one protocol version: v1 JSON objects, v2 JSON arrays, and the
// v2 binary "user broadcast" (kind 4) for broadcasts whose payload is raw bytes.
import type { PhoenixMessage, ProtocolVersion } from './phoenix-message';

const userBroadcast = 4;

export function encodeText(vsn: ProtocolVersion, msg: PhoenixMessage): string {
  if (vsn === 2) return JSON.stringify([msg.joinRef, msg.ref, msg.topic, msg.event, msg.payload]);
  return JSON.stringify({
    join_ref: msg.joinRef,
    ref: msg.ref,
    topic: msg.topic,
    event: msg.event,
    payload: msg.payload,
  });
}

/** The same text as encodeText, around a payload already serialised to JSON (shared by many messages). */
export function encodeTextAround(
  vsn: ProtocolVersion,
  msg: Omit<PhoenixMessage, 'payload'>,
  payloadJson: string,
): string {
  const refs = [msg.joinRef, msg.ref, msg.topic, msg.event].map((v) => JSON.stringify(v));
  if (vsn === 2) return `[${refs.join(',')},${payloadJson}]`;
  return `{"join_ref":${refs[0]},"ref":${refs[1]},"topic":${refs[2]},"event":${refs[3]},"payload":${payloadJson}}`;
}

/** A kind-4 frame with a binary payload; topic and event must each fit 255 bytes. */
export function encodeBinaryBroadcast(topic: string, event: string, bytes: Buffer): Buffer | undefined {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(event, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255) return undefined;
  const header = Buffer.from([userBroadcast, topicBytes.length, eventBytes.length, 0, 0]);
  return Buffer.concat([header, topicBytes, eventBytes, bytes]);
}

// Settings of the realtime part of the platform, merged into config.ts (the only reader of
// process.env). Document every variable here in .env.example too.
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const realtimeEnv = z.object({
  REALTIME_MAX_CHANNELS_PER_SOCKET: positiveInt(100),
  REALTIME_MAX_JOINS_PER_SECOND: positiveInt(100),
  REALTIME_MAX_EVENTS_PER_SECOND: positiveInt(100),
  REALTIME_MAX_PAYLOAD_BYTES: positiveInt(256 * 1024),
  REALTIME_MAX_RECORD_BYTES: positiveInt(1024 * 1024),
  REALTIME_IDLE_TIMEOUT_MS: positiveInt(60_000),
});

type RealtimeEnv = z.output<typeof realtimeEnv>;

export function readRealtimeConfig(env: RealtimeEnv) {
  return {
    /** Channels one websocket may have joined at once. */
    maxChannelsPerSocket: env.REALTIME_MAX_CHANNELS_PER_SOCKET,
    /** Joins one websocket may make per second. */
    maxJoinsPerSecond: env.REALTIME_MAX_JOINS_PER_SECOND,
    /** Broadcast, presence and access_token messages one websocket may send per second. */
    maxEventsPerSecond: env.REALTIME_MAX_EVENTS_PER_SECOND,
    /** The largest broadcast or presence payload accepted, in bytes. */
    maxPayloadBytes: env.REALTIME_MAX_PAYLOAD_BYTES,
    /** Change records larger than this lose their long values and carry "Error 413". */
    maxRecordBytes: env.REALTIME_MAX_RECORD_BYTES,
    /** A socket that sends nothing (not even a heartbeat) for this long is closed. */
    idleTimeoutMs: env.REALTIME_IDLE_TIMEOUT_MS,
  };
}

export type RealtimeConfig = ReturnType<typeof readRealtimeConfig>;

// Presence pushes on a joined channel (brief §3.10): track (or re-track) and untrack, with
// the RLS write check on private channels.
import type { ChannelMember } from './channel-member';
import { mayWrite } from './check-channel-access';
import type { RealtimeContext } from './realtime-context';
import { pushErrors } from './realtime-errors';
import type { SocketSession } from './socket-session';
import type { InboundMessage } from './wire/phoenix-message';

export async function trackPresence(
  ctx: RealtimeContext,
  session: SocketSession,
  member: ChannelMember,
  msg: InboundMessage,
): Promise<void> {
  const body = (typeof msg.payload === 'object' && msg.payload !== null ? msg.payload : {}) as Record<
    string,
    unknown
  >;
  const fail = (reason: string) => session.reply(msg, 'error', { reason }, member.joinRef);
  if (body.event === 'untrack') {
    ctx.hub.untrack(member);
    return session.reply(msg, 'ok', {}, member.joinRef);
  }
  if (body.event !== 'track') return fail(pushErrors.malformed);
  const state = body.payload ?? {};
  if (typeof state !== 'object' || state === null || Array.isArray(state))
    return fail(pushErrors.presencePayload);
  if (Buffer.byteLength(JSON.stringify(state)) > ctx.config.maxPayloadBytes)
    return fail(pushErrors.payloadTooLarge);
  if (member.isPrivate) {
    member.canWrite.presence ??= await mayWrite(
      { db: ctx.deps.db, dbSettings: ctx.deps.dbSettings, logger: ctx.logger },
      member.subscriber,
      member.subTopic,
      'presence',
    );
    if (!member.canWrite.presence) return fail(pushErrors.unauthorizedWrite(member.subTopic));
  }
  if (!session.channels.has(member.topic)) return;
  ctx.hub.track(member, state as Record<string, unknown>);
  session.reply(msg, 'ok', {}, member.joinRef);
}

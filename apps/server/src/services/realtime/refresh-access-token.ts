// The access_token message (brief §3.6): a new token re-authorizes a live channel. An
// invalid or expired token, or a private channel the new claims may no longer read, stops
// the channel with a system message.
import type { ChannelMember } from './channel-member';
import { readableExtensions } from './check-channel-access';
import type { RealtimeContext } from './realtime-context';
import { systemMessages } from './realtime-errors';
import { isUsableToken, subscriberOfToken, TokenRefusal } from './resolve-subscriber';
import type { SocketSession } from './socket-session';
import { scheduleExpiry, stopChannel } from './stop-channel';
import type { InboundMessage } from './wire/phoenix-message';

export async function refreshAccessToken(
  ctx: RealtimeContext,
  session: SocketSession,
  member: ChannelMember,
  msg: InboundMessage,
): Promise<void> {
  const body = (typeof msg.payload === 'object' && msg.payload !== null ? msg.payload : {}) as Record<
    string,
    unknown
  >;
  const token = body.access_token;
  if (!isUsableToken(token) || token === member.subscriber.token) return;
  let subscriber;
  try {
    subscriber = await subscriberOfToken(ctx.deps.keys, token);
  } catch (error) {
    if (!(error instanceof TokenRefusal)) throw error;
    if (session.channels.get(member.topic) === member) {
      stopChannel(ctx, session, member, { extension: 'system', status: 'error', message: error.detail });
    }
    return;
  }
  let canRead = { broadcast: true, presence: true };
  if (member.isPrivate) {
    const access = { db: ctx.deps.db, dbSettings: ctx.deps.dbSettings, logger: ctx.logger };
    canRead = await readableExtensions(access, subscriber, member.subTopic, ['broadcast', 'presence']);
  }
  if (session.channels.get(member.topic) !== member) return;
  if (!canRead.broadcast && !canRead.presence) {
    stopChannel(ctx, session, member, {
      extension: 'system',
      status: 'error',
      message: systemMessages.readRevoked(member.subTopic),
    });
    return;
  }
  member.subscriber = subscriber;
  member.canRead = canRead;
  member.canWrite = {};
  scheduleExpiry(ctx, session, member);
}

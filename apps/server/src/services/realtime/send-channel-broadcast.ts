// A broadcast pushed on a joined channel (brief §3.7): size limit, the RLS write check on
// private channels, delivery to the topic (the sender only with self), and an ok reply
// when the channel asked for acks.
import type { ChannelMember } from './channel-member';
import { mayWrite } from './check-channel-access';
import type { RealtimeContext } from './realtime-context';
import { pushErrors } from './realtime-errors';
import type { SocketSession } from './socket-session';
import type { InboundMessage } from './wire/phoenix-message';

export async function sendChannelBroadcast(
  ctx: RealtimeContext,
  session: SocketSession,
  member: ChannelMember,
  msg: InboundMessage,
): Promise<void> {
  const body = msg.payload as Record<string, unknown> | null;
  const event = body && typeof body === 'object' ? body.event : undefined;
  if (typeof event !== 'string')
    return session.reply(msg, 'error', { reason: pushErrors.malformed }, member.joinRef);
  const size = msg.binary
    ? msg.binary.bytes.length
    : Buffer.byteLength(JSON.stringify(body?.payload ?? null));
  if (size > ctx.config.maxPayloadBytes) {
    return session.reply(msg, 'error', { reason: pushErrors.payloadTooLarge }, member.joinRef);
  }
  if (member.isPrivate) {
    member.canWrite.broadcast ??= await mayWrite(
      { db: ctx.deps.db, dbSettings: ctx.deps.dbSettings, logger: ctx.logger },
      member.subscriber,
      member.subTopic,
      'broadcast',
    );
    if (!member.canWrite.broadcast) {
      return session.reply(
        msg,
        'error',
        { reason: pushErrors.unauthorizedWrite(member.subTopic) },
        member.joinRef,
      );
    }
  }
  ctx.hub.broadcast(
    member.hubKey,
    msg.binary ? { event, bytes: msg.binary.bytes } : { event, payload: body?.payload },
    member,
  );
  if (member.broadcastAck) session.reply(msg, 'ok', {}, member.joinRef);
}

// Stops a joined channel from the server side: a system message saying why, then phx_close
// (the client reports CLOSED), and the channel leaves the hub (brief §3.5).
import type { ChannelMember } from './channel-member';
import type { RealtimeContext } from './realtime-context';

export interface ChannelSessions {
  forget(member: ChannelMember): void;
}

export function stopChannel(
  ctx: RealtimeContext,
  sessions: ChannelSessions,
  member: ChannelMember,
  system: { extension: string; status: 'ok' | 'error'; message: string },
): void {
  member.socket.push(member.topic, 'system', { ...system, channel: member.subTopic }, member.joinRef);
  member.socket.push(member.topic, 'phx_close', {}, member.joinRef, member.joinRef);
  ctx.hub.remove(member);
  sessions.forget(member);
}

const maxTimerMs = 2_147_000_000;

/** Arms the timer that stops the channel when its token expires. */
export function scheduleExpiry(ctx: RealtimeContext, sessions: ChannelSessions, member: ChannelMember): void {
  clearTimeout(member.expiryTimer);
  member.expiryTimer = undefined;
  const exp = member.subscriber.exp;
  if (exp === undefined) return;
  const delay = Math.min(maxTimerMs, Math.max(0, exp * 1000 - Date.now()));
  member.expiryTimer = setTimeout(() => {
    const ago = Math.max(0, Math.floor(Date.now() / 1000 - exp));
    stopChannel(ctx, sessions, member, {
      extension: 'system',
      status: 'error',
      message: `Token has expired ${ago} seconds ago`,
    });
  }, delay);
  member.expiryTimer.unref();
}

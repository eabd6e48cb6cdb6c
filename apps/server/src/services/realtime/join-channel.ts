// phx_join (brief §3.3): checks the topic and limits, resolves the channel's token,
// authorizes private channels through realtime.messages RLS, validates postgres_changes
// subscriptions, then replies with the subscriptions echoed with their ids and sends the
// presence state and system messages.
import crypto from 'node:crypto';
import type { ChannelMember, Subscriber } from './channel-member';
import { hubKeyOf } from './channel-member';
import {
  describeSubscription,
  parseChangeSubscription,
  SubscriptionError,
  type ChangeSubscription,
} from './changes/change-subscription';
import { validateSubscription } from './changes/validate-subscription';
import { readableExtensions } from './check-channel-access';
import type { RealtimeContext } from './realtime-context';
import { joinErrors, systemMessages } from './realtime-errors';
import { isUsableToken, subscriberOfToken, TokenRefusal } from './resolve-subscriber';
import { scheduleExpiry, type ChannelSessions } from './stop-channel';
import type { InboundMessage } from './wire/phoenix-message';
import type { SocketSession } from './socket-session';

const topicPrefix = 'realtime:';

interface JoinConfig {
  broadcast?: { self?: unknown; ack?: unknown; replication_ready?: unknown };
  presence?: { key?: unknown; enabled?: unknown };
  postgres_changes?: unknown;
  private?: unknown;
}

function objectOr<T>(value: unknown): Partial<T> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Partial<T>) : {};
}

export async function joinChannel(
  ctx: RealtimeContext,
  session: SocketSession & ChannelSessions,
  msg: InboundMessage,
): Promise<void> {
  const refuse = (reason: string) => session.reply(msg, 'error', { reason });
  if (!msg.topic.startsWith(topicPrefix)) return refuse(joinErrors.unmatchedTopic);
  const subTopic = msg.topic.slice(topicPrefix.length);
  if (subTopic.trim() === '') return refuse(joinErrors.topicRequired);
  if (!session.joinWindow.take()) return refuse(joinErrors.tooManyJoins);

  const previous = session.channels.get(msg.topic);
  if (previous) session.drop(previous);
  if (session.channels.size >= ctx.config.maxChannelsPerSocket) return refuse(joinErrors.tooManyChannels);

  const payload = objectOr<{ config: unknown; access_token: unknown; user_token: unknown }>(msg.payload);
  const config = objectOr<JoinConfig>(payload.config);
  const broadcast = objectOr<NonNullable<JoinConfig['broadcast']>>(config.broadcast);
  const presence = objectOr<NonNullable<JoinConfig['presence']>>(config.presence);
  const isPrivate = config.private === true;

  let subscriber: Subscriber = session.subscriber;
  const token = payload.access_token ?? payload.user_token;
  if (isUsableToken(token)) {
    try {
      subscriber = await subscriberOfToken(ctx.deps.keys, token);
    } catch (error) {
      if (error instanceof TokenRefusal) return refuse(error.reason);
      throw error;
    }
  }

  const canRead = { broadcast: true, presence: true };
  if (isPrivate) {
    const access = { db: ctx.deps.db, dbSettings: ctx.deps.dbSettings, logger: ctx.logger };
    Object.assign(canRead, await readableExtensions(access, subscriber, subTopic, ['broadcast', 'presence']));
    if (!canRead.broadcast && !canRead.presence) return refuse(joinErrors.unauthorized(subTopic));
  }

  const requested = Array.isArray(config.postgres_changes) ? (config.postgres_changes as unknown[]) : [];
  const subscriptions: ChangeSubscription[] = [];
  const echoed: Record<string, unknown>[] = [];
  const problems: string[] = [];
  for (const raw of requested) {
    try {
      const sub = parseChangeSubscription(raw);
      echoed.push({ ...sub.params, id: sub.id });
      try {
        await validateSubscription(ctx.deps.db, sub);
        subscriptions.push(sub);
      } catch (error) {
        if (!(error instanceof SubscriptionError)) throw error;
        problems.push(`${describeSubscription(sub)}: ${error.message}`);
      }
    } catch (error) {
      if (error instanceof SubscriptionError) return refuse(systemMessages.unableToSubscribe(error.message));
      throw error;
    }
  }

  // Tables must be watched before the reply, so no change committed after it is skipped.
  const relids = subscriptions.flatMap((sub) => (sub.relid === undefined ? [] : [sub.relid]));
  if (relids.length > 0) await ctx.changes.watch(relids);
  // The socket may have closed, or the topic been joined again, while this join awaited.
  if (!session.open || session.channels.has(msg.topic)) {
    if (relids.length > 0) ctx.changes.unwatch(relids);
    return;
  }
  const presenceKey =
    typeof presence.key === 'string' && presence.key !== '' ? presence.key : crypto.randomUUID();
  const member: ChannelMember = {
    id: crypto.randomUUID(),
    socket: session,
    topic: msg.topic,
    subTopic,
    hubKey: hubKeyOf(subTopic, isPrivate),
    isPrivate,
    joinRef: msg.joinRef ?? msg.ref,
    broadcastSelf: broadcast.self === true,
    broadcastAck: broadcast.ack === true,
    presenceEnabled: presence.enabled === true,
    presenceKey,
    subscriber,
    changeSubscriptions: subscriptions,
    canRead,
    canWrite: {},
    expiryTimer: undefined,
  };
  session.channels.set(msg.topic, member);
  ctx.hub.add(member);
  session.reply(msg, 'ok', { postgres_changes: echoed }, member.joinRef);

  const system = (extension: string, status: 'ok' | 'error', message: string) =>
    session.push(member.topic, 'system', { extension, status, message, channel: subTopic }, member.joinRef);
  if (member.presenceEnabled && canRead.presence) {
    session.push(member.topic, 'presence_state', ctx.hub.presence.stateOf(member.hubKey), member.joinRef);
  }
  if (subscriptions.length > 0) system('postgres_changes', 'ok', systemMessages.subscribedToPostgres);
  for (const problem of problems)
    system('postgres_changes', 'error', systemMessages.unableToSubscribe(problem));
  if (broadcast.replication_ready === true) system('system', 'ok', systemMessages.replicationReady);
  scheduleExpiry(ctx, session, member);
}

// Sends SMS by POSTing {to, body} as JSON to SMS_WEBHOOK_URL; a JSON answer with
// message_id (or id) becomes the message id.
import { DeliveryError, type SmsSender } from './mailer';

export function createWebhookSmsSender(url: string, timeoutMs = 10_000): SmsSender {
  return {
    kind: 'webhook',
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: message.to, body: message.body }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new DeliveryError(
          `SMS webhook unreachable: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (!response.ok) throw new DeliveryError(`SMS webhook answered ${response.status}`);
      const body = (await response.json().catch(() => ({}))) as { message_id?: unknown; id?: unknown };
      const id = body.message_id ?? body.id;
      return typeof id === 'string' || typeof id === 'number' ? { messageId: String(id) } : {};
    },
  };
}

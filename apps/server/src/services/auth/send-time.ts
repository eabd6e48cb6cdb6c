// Answers that may or may not send a message take as long either way (decision 1009). Sign-up,
// resend, recover and otp send a mail or SMS for some addresses and nothing for others (an
// unknown address, a confirmed one asked to confirm again, a repeat within the resend
// frequency); a message's delivery is awaited in the request, so the answer's time told them
// apart. The mailer and SMS sender are wrapped to remember how long their recent deliveries
// took, and these endpoints answer no sooner than the typical (median) delivery of the channel
// after the request began, whether they sent or not.
import type { Mailer, SmsSender } from '../../mail/mailer';

const kept = 15;

export class SendTimes {
  private readonly recent = { email: [] as number[], sms: [] as number[] };

  private record(channel: 'email' | 'sms', ms: number): void {
    const list = this.recent[channel];
    list.push(ms);
    if (list.length > kept) list.shift();
  }

  /** The median of the channel's recent deliveries (0 before the first one). */
  typical(channel: 'email' | 'sms'): number {
    const sorted = [...this.recent[channel]].sort((a, b) => a - b);
    return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
  }

  /** Waits until a typical delivery's time has passed since `startedAt` (performance.now()). */
  async padSince(startedAt: number, channel: 'email' | 'sms'): Promise<void> {
    const wait = this.typical(channel) - (performance.now() - startedAt);
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  timedMailer(mailer: Mailer): Mailer {
    const send = async (message: Parameters<Mailer['send']>[0]) => {
      const started = performance.now();
      await mailer.send(message);
      this.record('email', performance.now() - started);
    };
    return {
      kind: mailer.kind,
      send,
      ...(mailer.close ? { close: () => mailer.close!() } : {}),
    };
  }

  timedSms(sms: SmsSender): SmsSender {
    return {
      kind: sms.kind,
      send: async (message) => {
        const started = performance.now();
        const sent = await sms.send(message);
        this.record('sms', performance.now() - started);
        return sent;
      },
    };
  }
}

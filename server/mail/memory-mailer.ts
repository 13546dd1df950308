// A mailer that keeps messages in memory: the default of test servers, so tests can open the
// links a user would receive without a real mail server.
import type { MailMessage, Mailer } from './mailer.js';

export class MemoryMailer implements Mailer {
  readonly messages: MailMessage[] = [];
  private waiters: { to: string; after: number; resolve: (message: MailMessage) => void }[] = [];

  async send(message: MailMessage): Promise<void> {
    this.messages.push(message);
    const index = this.messages.length - 1;
    this.waiters = this.waiters.filter((waiter) => {
      if (waiter.to !== message.to.toLowerCase() || index < waiter.after) return true;
      waiter.resolve(message);
      return false;
    });
  }

  /** Messages sent to an address, oldest first. */
  to(address: string): MailMessage[] {
    return this.messages.filter((message) => message.to.toLowerCase() === address.toLowerCase());
  }

  /**
   * The next message to `address` sent after the `after`-th message overall (default: the
   * first one to it ever), waiting up to `timeoutMs` for it.
   */
  waitFor(address: string, options: { after?: number; timeoutMs?: number } = {}): Promise<MailMessage> {
    const to = address.toLowerCase();
    const after = options.after ?? 0;
    const found = this.messages.find((message, index) => index >= after && message.to.toLowerCase() === to);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no mail to ${address} within ${options.timeoutMs ?? 5000} ms`)),
        options.timeoutMs ?? 5000,
      );
      this.waiters.push({ to, after, resolve: (message) => (clearTimeout(timer), resolve(message)) });
    });
  }
}

/** The first http(s) link in a message's text that contains `part` (e.g. '/auth/verify'). */
export function linkIn(message: Pick<MailMessage, 'text'>, part: string): string {
  const link = message.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(part));
  if (!link) throw new Error(`no link with ${part} in the message`);
  return link;
}

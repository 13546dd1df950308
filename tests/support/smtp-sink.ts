// A real SMTP server for tests (smtp-server on a random local port): collects every message,
// parsed with mailparser, so a test can wait for the mail a user would receive.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The first message to `address` received after the first `after` messages (default 0). */
  waitForMail(address: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** `port` 0 (default) picks a free one; the browser tests use the port their server was told. */
export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const addresses = [parsed.to ?? []]
            .flat()
            .flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));
          messages.push({
            to: addresses,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          });
          for (const listener of listeners) listener();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (address: string, after: number) =>
    messages.find((mail, index) => index >= after && mail.to.includes(address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(address, { after = 0, timeoutMs = 10_000 } = {}) {
      const found = find(address, after);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const listener = () => {
          const mail = find(address, after);
          if (!mail) return;
          listeners.delete(listener);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        listeners.add(listener);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

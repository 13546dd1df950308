// The real mailer: nodemailer over SMTP when SMTP_URL is set; otherwise (the embedded default)
// each message becomes an .eml file under DATA_DIR/outbox and its links are logged, so a
// newcomer can finish registration offline.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from './mailer.js';

export interface TransportMailerOptions {
  /** smtp://host:port or smtps://user:pass@host:port; without it, messages go to the outbox. */
  smtpUrl?: string;
  /** Folder of the .eml files when there is no SMTP server; without it, links are only logged. */
  outboxDir?: string;
  from: string;
  logger: FastifyBaseLogger;
}

export function createTransportMailer(options: TransportMailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from: options.from, ...message });
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      if (!options.outboxDir) {
        options.logger.info({ links }, 'mail not sent (no SMTP_URL); its links');
        return;
      }
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      // Development convenience: the link to click (SMTP_URL unset means no real users).
      options.logger.info({ file, links }, 'mail written to the outbox');
    },
  };
}

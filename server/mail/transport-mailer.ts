// The real mailer: nodemailer over SMTP when SMTP_URL is set; otherwise (the embedded default)
// each message becomes an .eml file under DATA_DIR/outbox and its links are logged, so a
// newcomer can finish registration offline. In the outbox the parts are 8bit, so a link in them
// stays on one line as written (copied from the file, it works).
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
      // A raw part needs a multipart message around it (text and HTML, as every account mail is).
      const parts = message.html
        ? { text: unfolded(message.text, 'plain'), html: unfolded(message.html, 'html') }
        : { text: message.text };
      const info = await transport.sendMail({ from: options.from, ...message, ...parts });
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

/** RFC 5322: a line of a message holds at most 998 octets. */
const MAX_LINE_OCTETS = 998;

/**
 * A text part as nodemailer's raw node: UTF-8 as is (8bit). Its default for non-ASCII text,
 * quoted-printable, folds lines at 76 characters and writes `=` as `=3D`, so the verification
 * link in an .eml was neither on one line nor copyable. Over-long lines keep the default.
 */
function unfolded(content: string, subtype: 'plain' | 'html'): string | { raw: string; content?: undefined } {
  const lines = content.split(/\r?\n/);
  if (lines.some((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS)) return content;
  // `raw` is the whole part, headers included (nodemailer's typings leave it out; its composer reads it).
  const headers = `Content-Type: text/${subtype}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n`;
  return { raw: headers + lines.join('\r\n') };
}

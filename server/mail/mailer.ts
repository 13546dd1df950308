// What the accounts feature needs from mail: send one message. Implementations: SMTP or the
// .eml outbox (smtp-mailer.ts) and an in-memory capture for tests (memory-mailer.ts).
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

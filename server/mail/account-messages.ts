// The account emails (verification, password reset) in English and Czech, as plain text and
// simple HTML. Names are optional at registration: without one the greeting has none.
import type { MailMessage } from './mailer.js';

export type MailLanguage = 'en' | 'cs';

const texts = {
  en: {
    verifySubject: 'Confirm your Lexhub email address',
    verifyIntro: (name: string) =>
      `Hello${name ? ` ${name}` : ''},\n\nplease confirm your email address to finish creating your Lexhub account:`,
    verifyOutro: 'The link is valid for 48 hours. If you did not create an account, ignore this message.',
    verifyButton: 'Confirm email address',
    resetSubject: 'Reset your Lexhub password',
    resetIntro: (name: string) =>
      `Hello${name ? ` ${name}` : ''},\n\nsomeone (hopefully you) asked to reset the password of your Lexhub account. Set a new one here:`,
    resetOutro:
      'The link is valid for 1 hour and works once. If you did not ask for it, ignore this message; your password stays the same.',
    resetButton: 'Set a new password',
  },
  cs: {
    verifySubject: 'Potvrďte svou e-mailovou adresu v Lexhubu',
    verifyIntro: (name: string) =>
      `Dobrý den${name ? `, ${name}` : ''},\n\npro dokončení registrace v Lexhubu prosím potvrďte svou e-mailovou adresu:`,
    verifyOutro: 'Odkaz platí 48 hodin. Pokud jste si účet nezakládali, tuto zprávu ignorujte.',
    verifyButton: 'Potvrdit e-mailovou adresu',
    resetSubject: 'Obnovení hesla do Lexhubu',
    resetIntro: (name: string) =>
      `Dobrý den${name ? `, ${name}` : ''},\n\nněkdo (snad vy) požádal o obnovení hesla k vašemu účtu v Lexhubu. Nové heslo si nastavíte zde:`,
    resetOutro:
      'Odkaz platí 1 hodinu a lze jej použít jen jednou. Pokud jste o obnovení nežádali, zprávu ignorujte; heslo zůstane beze změny.',
    resetButton: 'Nastavit nové heslo',
  },
} as const;

export function verificationMessage(to: string, name: string, link: string, language: MailLanguage): MailMessage {
  const t = texts[language];
  return compose(to, t.verifySubject, t.verifyIntro(name), link, t.verifyButton, t.verifyOutro);
}

export function passwordResetMessage(to: string, name: string, link: string, language: MailLanguage): MailMessage {
  const t = texts[language];
  return compose(to, t.resetSubject, t.resetIntro(name), link, t.resetButton, t.resetOutro);
}

function compose(to: string, subject: string, intro: string, link: string, button: string, outro: string): MailMessage {
  const text = `${intro}\n\n${link}\n\n${outro}\n\n— Lexhub\n`;
  const paragraphs = intro
    .split('\n\n')
    .map((part) => `<p>${escapeHtml(part)}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #222;">
${paragraphs}
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 8px 16px; background: #3e63dd; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(button)}</a></p>
<p style="font-size: 13px; color: #555;">${escapeHtml(link)}</p>
<p style="font-size: 13px; color: #555;">${escapeHtml(outro)}</p>
<p>— Lexhub</p>
</body></html>`;
  return { to, subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

// The account emails (verification, password reset, a registration attempt on a taken address)
// in English and Czech, as plain text and simple HTML. Text a user typed (the first name) appears
// only inside the fixed greeting line and only when it reads as a name (one line, no link, at most
// NAME_MAX_LENGTH characters), so it can never pose as instructions; without one the greeting has none.
import { cleanName } from '../accounts/clean-text.js';
import type { MailMessage } from './mailer.js';

export type MailLanguage = 'en' | 'cs';

const texts = {
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    verifySubject: 'Confirm your Lexhub email address',
    verifyIntro: 'please confirm your email address to finish creating your Lexhub account:',
    verifyOutro: 'The link is valid for 48 hours. If you did not create an account, ignore this message.',
    verifyButton: 'Confirm email address',
    resetSubject: 'Reset your Lexhub password',
    resetIntro: 'someone (hopefully you) asked to reset the password of your Lexhub account. Set a new one here:',
    resetOutro:
      'The link is valid for 1 hour and works once. If you did not ask for it, ignore this message; your password stays the same.',
    resetButton: 'Set a new password',
    attemptSubject: 'Someone tried to create a Lexhub account with your address',
    attemptIntro:
      'someone tried to create a new Lexhub account with this email address, which already has an account. If it was you, sign in, or reset your password if you forgot it:',
    attemptOutro: 'If it was not you, you need not do anything: no account was created and your account is unchanged.',
    attemptButton: 'Sign in',
    attemptReset: 'Reset your password:',
  },
  cs: {
    greeting: (name: string) => (name ? `Dobrý den, ${name},` : 'Dobrý den,'),
    verifySubject: 'Potvrďte svou e-mailovou adresu v Lexhubu',
    verifyIntro: 'pro dokončení registrace v Lexhubu prosím potvrďte svou e-mailovou adresu:',
    verifyOutro: 'Odkaz platí 48 hodin. Pokud jste si účet nezakládali, tuto zprávu ignorujte.',
    verifyButton: 'Potvrdit e-mailovou adresu',
    resetSubject: 'Obnovení hesla do Lexhubu',
    resetIntro: 'někdo (snad vy) požádal o obnovení hesla k vašemu účtu v Lexhubu. Nové heslo si nastavíte zde:',
    resetOutro:
      'Odkaz platí 1 hodinu a lze jej použít jen jednou. Pokud jste o obnovení nežádali, zprávu ignorujte; heslo zůstane beze změny.',
    resetButton: 'Nastavit nové heslo',
    attemptSubject: 'Někdo se pokusil založit účet v Lexhubu s vaší adresou',
    attemptIntro:
      'někdo se pokusil založit nový účet v Lexhubu s touto e-mailovou adresou, ke které už účet existuje. Pokud jste to byli vy, přihlaste se, případně si obnovte zapomenuté heslo:',
    attemptOutro: 'Pokud jste to nebyli vy, nemusíte nic dělat: žádný účet nevznikl a váš účet zůstal beze změny.',
    attemptButton: 'Přihlásit se',
    attemptReset: 'Obnovení hesla:',
  },
} as const;

// A link, a domain or an address in a "name" would read as something to visit: left out.
const LOOKS_LIKE_LINK = /:\/\/|www\.|@|[\p{L}\p{N}-]{2,}\.[\p{L}]{2,}/iu;

// Invisible characters that could split a domain for the check ("evil\u200B.com"), and the dots
// of other scripts a mail client may show as one ("evil。com").
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
const OTHER_DOTS = /[\u3002\uFF0E\uFF61\u2024]/g;

/** The name as the greeting shows it: one clean line, or '' (no name) when it is not one. */
export function greetingName(name: string): string {
  const cleaned = cleanName(name);
  const asRead = cleaned.replace(INVISIBLE, '').replace(OTHER_DOTS, '.');
  return LOOKS_LIKE_LINK.test(asRead) ? '' : cleaned;
}

export function verificationMessage(to: string, name: string, link: string, language: MailLanguage): MailMessage {
  const t = texts[language];
  return compose({
    to,
    subject: t.verifySubject,
    greeting: t.greeting(greetingName(name)),
    intro: t.verifyIntro,
    link,
    button: t.verifyButton,
    outro: t.verifyOutro,
  });
}

export function passwordResetMessage(to: string, name: string, link: string, language: MailLanguage): MailMessage {
  const t = texts[language];
  return compose({
    to,
    subject: t.resetSubject,
    greeting: t.greeting(greetingName(name)),
    intro: t.resetIntro,
    link,
    button: t.resetButton,
    outro: t.resetOutro,
  });
}

/**
 * To the owner of an address someone tried to register again: sign in, or reset the password.
 * Nothing of the attempt (names, phone) is in it: the greeting uses the owner's own name.
 */
export function registrationAttemptMessage(
  to: string,
  name: string,
  links: { login: string; reset: string },
  language: MailLanguage,
): MailMessage {
  const t = texts[language];
  return compose({
    to,
    subject: t.attemptSubject,
    greeting: t.greeting(greetingName(name)),
    intro: t.attemptIntro,
    link: links.login,
    button: t.attemptButton,
    extra: { label: t.attemptReset, link: links.reset },
    outro: t.attemptOutro,
  });
}

interface Composed {
  to: string;
  subject: string;
  /** The only line that may hold user text (a cleaned name). */
  greeting: string;
  intro: string;
  link: string;
  button: string;
  /** A second link, after the first (the registration attempt's reset link). */
  extra?: { label: string; link: string };
  outro: string;
}

// Each link on a line of its own (the outbox keeps the text part unfolded: transport-mailer.ts).
function compose({ to, subject, greeting, intro, link, button, extra, outro }: Composed): MailMessage {
  const extraText = extra ? `${extra.label}\n${extra.link}\n\n` : '';
  const text = `${greeting}\n\n${intro}\n\n${link}\n\n${extraText}${outro}\n\n— Lexhub\n`;
  const extraHtml = extra
    ? `\n<p style="font-size: 13px; color: #555;">${escapeHtml(extra.label)} <a href="${escapeHtml(extra.link)}">${escapeHtml(extra.link)}</a></p>`
    : '';
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #222;">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 8px 16px; background: #3e63dd; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(button)}</a></p>
<p style="font-size: 13px; color: #555;">${escapeHtml(link)}</p>${extraHtml}
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

// Sign-in attempts blocked (issue 15, server/auth/login-notice.ts): from one address (a lock of
// that source) or from several (the account's growing delay), with a reset link that lifts both.
const blockedTexts = {
  en: {
    subject: 'Sign-in attempts to your Lexhub account were blocked',
    fromAddress: (address: string, minutes: number) =>
      `after several wrong passwords we blocked sign-in attempts to your Lexhub account from the address ${address} for ${minutes} minutes.`,
    fromSeveral:
      'after many wrong passwords from several places we are slowing down sign-in attempts to your Lexhub account.',
    stillYou:
      'You can still sign in from a browser you signed in with before. If this was not you, consider setting a new password; this link also lifts the block:',
    button: 'Set a new password',
    outro:
      'The link is valid for 1 hour and works once. If it was you and you remember your password, you can ignore this message.',
  },
  cs: {
    subject: 'Pokusy o přihlášení k vašemu účtu v Lexhubu byly zablokovány',
    fromAddress: (address: string, minutes: number) =>
      `po několika nesprávných heslech jsme na ${minutes} ${czechMinutes(minutes)} zablokovali pokusy o přihlášení k vašemu účtu v Lexhubu z adresy ${address}.`,
    fromSeveral: 'po mnoha nesprávných heslech z různých míst zpomalujeme pokusy o přihlášení k vašemu účtu v Lexhubu.',
    stillYou:
      'Z prohlížeče, ve kterém jste se již dříve přihlásili, se můžete přihlásit i nadále. Pokud jste to nebyli vy, zvažte nastavení nového hesla; tento odkaz zároveň blokaci zruší:',
    button: 'Nastavit nové heslo',
    outro:
      'Odkaz platí 1 hodinu a lze jej použít jen jednou. Pokud jste to byli vy a heslo si pamatujete, můžete tuto zprávu ignorovat.',
  },
} as const;

const czechMinutes = (minutes: number) =>
  minutes === 1 ? 'minutu' : minutes >= 2 && minutes <= 4 ? 'minuty' : 'minut';

/** To the owner of an account whose sign-in attempts were blocked: what happened, and a reset link. */
export function loginBlockedMessage(
  to: string,
  name: string,
  details: { reset: string; address?: string; minutes: number },
  language: MailLanguage,
): MailMessage {
  const t = blockedTexts[language];
  const what = details.address !== undefined ? t.fromAddress(details.address, details.minutes) : t.fromSeveral;
  return compose({
    to,
    subject: t.subject,
    greeting: texts[language].greeting(greetingName(name)),
    intro: `${what} ${t.stillYou}`,
    link: details.reset,
    button: t.button,
    outro: t.outro,
  });
}

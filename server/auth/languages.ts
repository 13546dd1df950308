// The language of a user's emails: the one they chose, else the best of Accept-Language, else en.
import type { MailLanguage } from '../mail/account-messages.js';

export function mailLanguage(chosen: string | null | undefined, acceptLanguage: string | undefined): MailLanguage {
  if (chosen === 'en' || chosen === 'cs') return chosen;
  return fromAcceptLanguage(acceptLanguage) ?? 'en';
}

/** en or cs from an Accept-Language header (highest q wins), or undefined when neither is there. */
export function fromAcceptLanguage(header: string | undefined): MailLanguage | undefined {
  if (!header) return undefined;
  let best: { language: MailLanguage; q: number } | undefined;
  for (const part of header.slice(0, 500).split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'en' && primary !== 'cs') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { language: primary, q };
  }
  return best?.language;
}

// Links built from what users typed into their profile: only http(s) addresses become hrefs, so
// a stored `javascript:` URL can never run, and emails become mailto: links only when they look like one.

/** The address when it is an absolute http or https URL, otherwise undefined. */
export function httpHref(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** `mailto:` for a plain address (no spaces, no second colon-scheme, one @). */
export function mailtoHref(email: string | null | undefined): string | undefined {
  if (!email) return undefined;
  const trimmed = email.trim();
  return /^[^\s@:/?#]+@[^\s@:/?#]+$/u.test(trimmed) ? `mailto:${trimmed}` : undefined;
}

// Where to go after logging in (`/auth/login?next=/editor/...`): only a path of this app, never
// another site (`//evil.example`, `/\evil.example`, `https://…`), so the parameter cannot be
// used to send a freshly logged-in user elsewhere.
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  if (value.startsWith('/auth/')) return null;
  return value;
}

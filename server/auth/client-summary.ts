// A session's client as people name it ("Firefox · Linux") from its User-Agent, for the list of
// sessions: enough to recognize one's own devices, no version numbers (they only add noise).
// Names of products, so the same in every language; null when nothing is recognized.

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, iOS says Mac OS X.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bChromium\//, 'Chromium'],
  [/\b(?:Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^Wget\//, 'Wget'],
  [/\bnode(?:-fetch)?\b|^undici\b/i, 'Node.js'],
  [/^python-requests\/|^Python-urllib\//, 'Python'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (table: [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1];

/** "Browser · System", either alone, or null. */
export function clientSummary(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const text = userAgent.slice(0, 300);
  const parts = [first(BROWSERS, text), first(SYSTEMS, text)].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join(' · ') : null;
}

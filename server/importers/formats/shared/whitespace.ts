// Whitespace normalization shared by the parsers: every run of Unicode whitespace (tabs,
// newlines, NBSP, thin spaces) becomes one plain space, so texts from different sources compare equal.

export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

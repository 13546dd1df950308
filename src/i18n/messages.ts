// Both catalogues at once, for tests and checks that read every string; the app itself loads
// them one language at a time (catalogues.ts).
import en from './en.json';
import cs from './cs.json';
import type { Catalogue } from './catalogues';
import type { Locale } from './locale';

export const MESSAGES: Record<Locale, Catalogue> = { en, cs };

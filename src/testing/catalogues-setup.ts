// Vitest setup: the catalogues are in place before any test renders, as main.tsx ensures for the
// app before its first render.
import { provideCatalogue } from '../i18n/catalogues';
import { MESSAGES } from '../i18n/messages';

provideCatalogue('en', MESSAGES.en);
provideCatalogue('cs', MESSAGES.cs);

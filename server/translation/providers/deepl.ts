// DeepL API v2 (POST /v2/translate): placeholders as XML tags with tag_handling=xml, the
// configured glossary for the language pair, English as British English.
import { z } from 'zod';
import { postJson } from './post-json.js';
import { ProviderAnswerError } from './provider-errors.js';
import type { ProviderSettings, TranslationProvider } from './provider.js';

type DeeplSettings = Extract<ProviderSettings, { name: 'deepl' }>;

/** DeepL's documented rule: keys of the Free API end in ':fx' and use their own host. */
export const deeplDefaultUrl = (apiKey: string) =>
  apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';

/**
 * DeepL wants a variant for English and Portuguese targets: EU legal English is British (as
 * EUR-Lex writes it), Portuguese is Portugal's. Sources take the plain code.
 */
const TARGET_VARIANTS: Record<string, string> = { en: 'EN-GB', pt: 'PT-PT' };
export const deeplTargetLanguage = (code: string) => TARGET_VARIANTS[code] ?? code.toUpperCase();

const DeeplAnswer = z.object({ translations: z.array(z.object({ text: z.string() })).min(1) });

export function deeplProvider(settings: DeeplSettings): TranslationProvider {
  return {
    name: 'deepl',
    model: null,
    placeholders: 'xml',
    async translate({ text, sourceLanguage, targetLanguage, signal }) {
      const glossaryId = settings.glossaries[`${sourceLanguage}-${targetLanguage}`];
      const answer = await postJson(
        `${settings.apiUrl}/v2/translate`,
        {
          text: [text],
          source_lang: sourceLanguage.toUpperCase(),
          target_lang: deeplTargetLanguage(targetLanguage),
          tag_handling: 'xml',
          // The placeholders are empty elements; ignoring them keeps DeepL from reading them as structure.
          ignore_tags: ['x'],
          ...(glossaryId !== undefined ? { glossary_id: glossaryId } : {}),
        },
        { authorization: `DeepL-Auth-Key ${settings.apiKey}` },
        signal,
      );
      const parsed = DeeplAnswer.safeParse(answer);
      if (!parsed.success) throw new ProviderAnswerError('no translations');
      return parsed.data.translations.map((t) => t.text).join('');
    },
  };
}

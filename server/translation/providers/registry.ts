// The machine-translation providers by name, as TRANSLATION_PROVIDER names them ('memory' is
// none: the preview then comes from the translation memory only).
import { deeplProvider } from './deepl.js';
import { libreTranslateProvider } from './libretranslate.js';
import { openAiProvider } from './openai.js';
import type { ProviderName, ProviderSettings, TranslationProvider } from './provider.js';

type Factory<N extends ProviderName> = (settings: Extract<ProviderSettings, { name: N }>) => TranslationProvider;

export const PROVIDERS: { readonly [N in ProviderName]: Factory<N> } = {
  deepl: deeplProvider,
  libretranslate: libreTranslateProvider,
  openai: openAiProvider,
};

/** Providers are built once per settings object (the openai one holds its SDK client). */
const built = new WeakMap<ProviderSettings, TranslationProvider>();

export function providerFor(settings: ProviderSettings): TranslationProvider {
  let provider = built.get(settings);
  if (!provider) {
    provider = (PROVIDERS[settings.name] as Factory<ProviderName>)(settings as never);
    built.set(settings, provider);
  }
  return provider;
}

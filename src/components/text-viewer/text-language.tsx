// The reading language, wired to the reading: the text's toolbar shows it, or the page's sheet on
// a phone.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectLang,
  selectLanguages,
  selectLanguagesLoading,
  textLoadingMachine,
} from '../../machines/reader/text-loading.machine';
import { LanguageSelect } from './language-select';

export function TextLanguage({ actor }: { actor: ActorRefFrom<typeof textLoadingMachine> }) {
  const languages = useSelector(actor, selectLanguages);
  const lang = useSelector(actor, selectLang);
  const loading = useSelector(actor, selectLanguagesLoading);
  return (
    <LanguageSelect
      languages={languages}
      value={lang}
      loading={loading}
      onChange={(next) => actor.send({ type: 'language.select', lang: next })}
    />
  );
}

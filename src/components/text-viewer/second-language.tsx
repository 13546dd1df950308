// Two languages side by side (`?lang2=`): the page provides the second language and how it shows
// (two columns on a wide screen, a per-provision toggle on a phone); the rows read it through
// useSecondLanguage. The texts come from the second-language machine, asked for the passages the
// reading list has on screen.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Flex, Select, Text } from '@radix-ui/themes';
import {
  selectLang,
  selectLanguages,
  TEXT_WINDOW,
  type textLoadingMachine,
} from '../../machines/reader/text-loading.machine';
import {
  secondLanguageMachine,
  selectSecondCache,
  selectSecondFailed,
  type SecondText,
} from '../../machines/reader/second-language.machine';

export type SecondLayout = 'columns' | 'toggle';

export interface SecondLanguageValue {
  /** The second language, when one is chosen and it is not the one read. */
  lang?: string;
  /** The language read (the first column). */
  readLang?: string;
  layout: SecondLayout;
  texts: ReadonlyMap<string, SecondText>;
  failed: ReadonlySet<string>;
  /** Toggle layout: the passages shown in the second language. */
  shown: ReadonlySet<string>;
  toggle: (fragmentId: string) => void;
  retry: () => void;
  /** The languages that may be chosen (those of the document but the one read). */
  choices: readonly string[];
  choose: (lang: string | undefined) => void;
}

const SecondLanguageContext = createContext<SecondLanguageValue | undefined>(undefined);
/** The bare context, for tests that give rows a second language without a reading. */
export const SecondLanguageValueProvider = SecondLanguageContext.Provider;

/** The second language for a row; undefined when none is shown (or no page provides one). */
export function useSecondLanguage(): SecondLanguageValue | undefined {
  const value = useContext(SecondLanguageContext);
  return value?.lang ? value : undefined;
}

const selectRange = (s: { context: { range: { start: number; end: number } } }) => s.context.range;
const selectFragmentList = (s: { context: { fragments: { id: string; has_text: boolean }[] } }) => s.context.fragments;

export interface SecondLanguageProviderProps {
  text: ActorRefFrom<typeof textLoadingMachine>;
  /** The address's `lang2`. */
  lang?: string;
  layout: SecondLayout;
  /** Puts the choice into the address (undefined: off). */
  onChange: (lang: string | undefined) => void;
  children: ReactNode;
}

export function SecondLanguageProvider({ text, lang, layout, onChange, children }: SecondLanguageProviderProps) {
  const readLang = useSelector(text, selectLang);
  const languages = useSelector(text, selectLanguages);
  const range = useSelector(text, selectRange);
  const fragments = useSelector(text, selectFragmentList);
  const active = lang !== undefined && lang !== readLang ? lang : undefined;
  const actor = useActorRef(secondLanguageMachine, { input: { lang: active } });
  const cache = useSelector(actor, selectSecondCache);
  const failedList = useSelector(actor, selectSecondFailed);
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => actor.send({ type: 'second.select', lang: active }), [actor, active]);
  // The passages on screen, and a few beyond each edge, as the reading list loads them.
  useEffect(() => {
    if (!active) return;
    const ids = fragments
      .slice(Math.max(0, range.start - TEXT_WINDOW), Math.max(0, range.end + TEXT_WINDOW + 1))
      .filter((fragment) => fragment.has_text)
      .map((fragment) => fragment.id);
    if (ids.length > 0) actor.send({ type: 'second.want', ids });
  }, [actor, active, fragments, range]);

  const toggle = useCallback(
    (id: string) =>
      setShown((previous) => {
        const next = new Set(previous);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const retry = useCallback(() => actor.send({ type: 'second.retry' }), [actor]);
  const failed = useMemo(() => new Set(failedList), [failedList]);
  const choices = useMemo(
    () =>
      languages
        .filter((language) => language.fragments > 0 && language.iso_639_1 !== readLang)
        .map((language) => language.iso_639_1),
    [languages, readLang],
  );
  const value = useMemo<SecondLanguageValue>(
    () => ({
      lang: active,
      readLang,
      layout,
      texts: cache.entries,
      failed,
      shown,
      toggle,
      retry,
      choices,
      choose: onChange,
    }),
    [active, readLang, layout, cache, failed, shown, toggle, retry, choices, onChange],
  );
  return <SecondLanguageContext.Provider value={value}>{children}</SecondLanguageContext.Provider>;
}

const OFF = 'off';

/** 'Side by side with': off, or one of the document's other languages; beside the language choice. */
export function SecondLanguageSelect() {
  const intl = useIntl();
  const value = useContext(SecondLanguageContext);
  if (!value || (value.choices.length === 0 && !value.lang)) return null;
  const nameOf = (code: string) => intl.formatDisplayName(code, { type: 'language' }) ?? code;
  return (
    <Flex align="center" gap="2">
      <Text size="2" weight="medium" id="reader-second-language-label">
        {intl.formatMessage({ id: 'reader.second.label' })}
      </Text>
      <Select.Root value={value.lang ?? OFF} onValueChange={(next) => value.choose(next === OFF ? undefined : next)}>
        <Select.Trigger aria-labelledby="reader-second-language-label" />
        <Select.Content position="popper">
          <Select.Item value={OFF}>{intl.formatMessage({ id: 'reader.second.off' })}</Select.Item>
          {value.choices.map((code) => (
            <Select.Item key={code} value={code}>
              {nameOf(code)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

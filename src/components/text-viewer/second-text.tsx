// A passage in the second language: its aligned text (marked with its language for screen readers),
// or, where that language has none, the source with a visible 'Not translated' mark; a placeholder
// while it loads, a retry when it failed. On a phone a toggle per passage shows it in place.
import { useIntl } from 'react-intl';
import { isUntranslated } from '../../machines/reader/second-language.machine';
import type { SecondLanguageValue } from './second-language';

export function SecondText({ second, fragmentId }: { second: SecondLanguageValue; fragmentId: string }) {
  const intl = useIntl();
  const lang = second.lang!;
  const entry = second.texts.get(fragmentId);
  const className = `reader-second reader-second-${second.layout}`;
  if (entry) {
    const untranslated = isUntranslated(entry, lang);
    return (
      <div
        className={className}
        lang={untranslated ? entry.languageCode : lang}
        data-untranslated={untranslated || undefined}
      >
        {untranslated && (
          <span className="reader-untranslated-mark" lang={intl.locale}>
            {intl.formatMessage({ id: 'reader.second.notTranslated' })}
          </span>
        )}
        <p className="reader-text">{entry.text}</p>
      </div>
    );
  }
  if (second.failed.has(fragmentId))
    return (
      <div className={`${className} reader-text-failed`}>
        <span className="reader-error">{intl.formatMessage({ id: 'reader.text.textError' })}</span>
        <button type="button" className="reader-second-retry" onClick={second.retry}>
          {intl.formatMessage({ id: 'reader.retry' })}
        </button>
      </div>
    );
  return (
    <div className={`${className} reader-text reader-text-placeholder`} aria-busy>
      <span aria-hidden />
      <span aria-hidden />
    </div>
  );
}

/** The per-passage switch between the language read and the second one (phones). */
export function SecondToggle({
  second,
  fragmentId,
  cite,
}: {
  second: SecondLanguageValue;
  fragmentId: string;
  cite: string | null;
}) {
  const intl = useIntl();
  const pressed = second.shown.has(fragmentId);
  const nameOf = (code: string | undefined) =>
    (code && intl.formatDisplayName(code, { type: 'language' })) ?? code ?? '';
  const language = nameOf(second.lang);
  return (
    <button
      type="button"
      className="reader-lang-toggle"
      aria-pressed={pressed}
      aria-label={intl.formatMessage(
        { id: cite ? 'reader.second.toggleLabel' : 'reader.second.toggleLabelPlain' },
        { language, citation: cite },
      )}
      onClick={() => second.toggle(fragmentId)}
    >
      {language}
    </button>
  );
}

// The embedded assistant's translate request ('přelož čl. 54 ústavy do angličtiny'): the named
// provision's source fragment, the translate call's preview (memory first, a configured provider
// next) sent live to the user's editor (`editor.translation_preview` on user:{id}), and an answer
// with the preview, its percent and provenance, or why there is none.
import { provisionPath } from '../../src/shared/document-path.js';
import type { LegalDifference } from '../../src/api/contract/translation.js';
import { DEFAULT_MEMORY_MIN_SCORE } from '../translation/memory.js';
import { locateProvisions, proposeTranslation, type CopilotActor } from './automation.js';
import type { AnswerLanguage, ParsedQuestion } from './question.js';
import { COMMON_TARGETS, languageName } from './target-language.js';
import { lookupTranslation, provenanceLabels } from './translation-lookup.js';
import { translationSourceOf } from './translation-source.js';

const editorPath = (fragmentId: string) => `/editor/${fragmentId}`;
const quote = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

const DIFFERENCE_KINDS = {
  cs: { number: 'číslo', date: 'datum', negation: 'zápor', modal: 'modální sloveso', cite_key: 'označení ustanovení' },
  en: { number: 'number', date: 'date', negation: 'negation', modal: 'modal verb', cite_key: 'cite key' },
} satisfies Record<AnswerLanguage, Record<LegalDifference['kind'], string>>;

const TEXTS = {
  cs: {
    noLanguage: (examples: string) =>
      `Do jakého jazyka mám překládat? Napište např. „přelož čl. 54 ústavy do angličtiny“. Cílový jazyk může být ${examples} nebo jiný úřední jazyk EU, případně kód ISO 639-1 („do en“).`,
    unknownLanguage: (word: string, examples: string) =>
      `Jazyk „${word}“ neznám. Napište cílový jazyk např. ${examples} nebo kód ISO 639-1 („do en“).`,
    noProvision:
      'Napište, které ustanovení mám přeložit, např. „přelož čl. 54 ústavy do angličtiny“ nebo „přelož § 2 zákona 89/2012 do němčiny“.',
    notFound: (display: string) =>
      `Ustanovení ${display} jsem v knihovně nenašel. Zkontrolujte číslo ustanovení a předpisu, např. „přelož čl. 54 ústavy do angličtiny“.`,
    noText: (citation: string) => `${citation} nemá v knihovně text, který by šlo přeložit.`,
    alreadyInTarget: (document: string, target: string) =>
      `Předpis ${document} je v knihovně jen v jazyce, do kterého chcete překládat (${target}); není z čeho překládat.`,
    targetExists: (link: string, target: string) => `Úřední překlad ${link} do ${target} už knihovna obsahuje.`,
    source: (link: string) => `Zdrojový text ${link}:`,
    memory: (target: string, exact: boolean, score: number) =>
      `Návrh překladu do ${target} z překladové paměti — ${exact ? 'přesná shoda' : 'částečná shoda'} ${score} %:`,
    machine: (target: string, provider: string) =>
      `Strojový překlad do ${target} (${provider}); v překladové paměti nebyla přesná shoda:`,
    provenance: (labels: string) => `Zdroj: ${labels}.`,
    differences: (list: string) => `Pozor, zdrojový text shody se liší: ${list}.`,
    sent: (link: string) => `Náhled jsem poslal do ${link}; tam jej upravíte a uložíte.`,
    editor: 'editoru',
    moreParts: (count: number) =>
      `Ustanovení má ${count} ${count >= 2 && count <= 4 ? 'části' : 'částí'} s textem; přeložil jsem první. Další si vyžádejte zvlášť, např. „… odst. 2“.`,
    noMatch: (link: string, target: string, minScore: number, editor: string) =>
      `Pro ${link} jsem v překladové paměti nenašel shodu do ${target} (alespoň ${minScore} %). Strojový překlad teď není k dispozici. Text můžete přeložit sami v ${editor}.`,
    providerBusy:
      'Služba strojového překladu je teď přetížená nebo neodpověděla včas a v překladové paměti není shoda; zkuste to prosím za chvíli.',
    providerFailed: 'Služba strojového překladu selhala a v překladové paměti není shoda; zkuste to prosím později.',
    failed: (detail: string) => `Překlad se nepodařil (${detail}).`,
  },
  en: {
    noLanguage: (examples: string) =>
      `Which language shall I translate into? Write e.g. “translate Article 54 of the Constitution into English”. The target may be ${examples} or another official EU language, or an ISO 639-1 code (“into en”).`,
    unknownLanguage: (word: string, examples: string) =>
      `I do not know the language “${word}”. Name the target language, e.g. ${examples}, or an ISO 639-1 code (“into en”).`,
    noProvision:
      'Tell me which provision to translate, e.g. “translate Article 54 of the Constitution into English” or “translate § 2 of 89/2012 into German”.',
    notFound: (display: string) =>
      `I did not find ${display} in the library. Check the provision and the document, e.g. “translate Article 54 of the Constitution into English”.`,
    noText: (citation: string) => `${citation} has no text in the library to translate.`,
    alreadyInTarget: (document: string, target: string) =>
      `The library has ${document} only in the language you want (${target}); there is nothing to translate from.`,
    targetExists: (link: string, target: string) => `The library already holds the official ${target} text of ${link}.`,
    source: (link: string) => `The source text of ${link}:`,
    memory: (target: string, exact: boolean, score: number) =>
      `Proposed ${target} translation from the translation memory — ${exact ? 'exact match' : 'fuzzy match'} ${score}%:`,
    machine: (target: string, provider: string) =>
      `Machine translation into ${target} (${provider}); the translation memory had no exact match:`,
    provenance: (labels: string) => `Source: ${labels}.`,
    differences: (list: string) => `Note that the match’s source text differs: ${list}.`,
    sent: (link: string) => `I sent the preview to the ${link}, where you can edit and save it.`,
    editor: 'editor',
    moreParts: (count: number) =>
      `The provision has ${count} parts with text; I translated the first. Ask for the others one by one, e.g. “… paragraph 2”.`,
    noMatch: (link: string, target: string, minScore: number, editor: string) =>
      `The translation memory has no match for ${link} into ${target} (at least ${minScore}%). Machine translation is not available right now. You can translate it yourself in the ${editor}.`,
    providerBusy:
      'The machine translation service is busy or did not answer in time, and the translation memory has no match; please try again shortly.',
    providerFailed:
      'The machine translation service failed, and the translation memory has no match; please try again later.',
    failed: (detail: string) => `The translation failed (${detail}).`,
  },
} satisfies Record<AnswerLanguage, unknown>;

/** The names of a few targets as the answer lists them: '„do angličtiny“, „do němčiny“ …'. */
function examplesOf(language: AnswerLanguage): string {
  const names = COMMON_TARGETS.map((code) =>
    language === 'cs' ? `„do ${languageName(code, 'cs')}“` : `“into ${languageName(code, 'en')}”`,
  );
  const last = names.pop();
  return `${names.join(', ')} ${language === 'cs' ? 'nebo' : 'or'} ${last}`;
}

/** The answer to a translate request, in pieces; the preview goes to the editor as soon as it is known. */
export async function* translateAnswer(actor: CopilotActor, parsed: ParsedQuestion): AsyncGenerator<string> {
  const t = TEXTS[parsed.language];
  const target = parsed.targetLanguage;
  if (!target) {
    yield `${
      parsed.unknownLanguage
        ? t.unknownLanguage(parsed.unknownLanguage, examplesOf(parsed.language))
        : t.noLanguage(examplesOf(parsed.language))
    }\n`;
    return;
  }
  // The editor translates one provision at a time: it must be named ('čl. 54', '§ 2 odst. 1');
  // a full-text guess would put an arbitrary provision in the editor.
  if (!parsed.citeKey) {
    yield `${t.noProvision}\n`;
    return;
  }
  const located = await locateProvisions(actor.db, parsed, 1);
  const ref = located.refs[0];
  // A named document must be the one ('§ 2 zákona 89/2012' is never another law's § 2).
  const namedDocument = parsed.numbers.length > 0 || parsed.titlePhrases.length > 0;
  if (!ref || located.foundBy === 'full_text' || (namedDocument && located.foundBy !== 'cite_key')) {
    const display =
      parsed.numbers.length > 0 ? `${parsed.citeKey.display} (${parsed.numbers.join(', ')})` : parsed.citeKey.display;
    yield `${t.notFound(display)}\n`;
    return;
  }
  const targetName = languageName(target, parsed.language);
  const outcome = await translationSourceOf(actor.db, ref.document, ref.nodeId, target);
  if (outcome.kind === 'already_in_target') {
    yield `${t.alreadyInTarget(ref.document.externalId, target)}\n`;
    return;
  }
  if (outcome.kind === 'no_text') {
    yield `${t.noText(parsed.citeKey.display)}\n`;
    return;
  }
  const { source } = outcome;
  const link = `[${source.citation}](${provisionPath(ref.document.id, ref.document.title, ref.nodeId)})`;
  if (source.targetExists) {
    yield `${t.targetExists(link, targetName)}\n`;
    return;
  }

  const editor = `[${t.editor}](${editorPath(source.fragmentId)})`;
  const lookup = await lookupTranslation(actor, source.fragmentId, target);
  if (lookup.kind === 'failed') {
    const minScore = actor.translation?.minScore ?? DEFAULT_MEMORY_MIN_SCORE;
    if (lookup.detail === 'no_translation_available') yield `${t.noMatch(link, targetName, minScore, editor)}\n`;
    else if (lookup.detail === 'translation_provider_busy' || lookup.detail === 'translation_provider_timeout')
      yield `${t.providerBusy}\n`;
    else if (lookup.detail === 'translation_provider_failed') yield `${t.providerFailed}\n`;
    else yield `${t.failed(lookup.detail)}\n`;
    return;
  }

  const { preview } = lookup;
  // The editor shows it first; the chat then says what it is.
  await proposeTranslation(actor, source.fragmentId, preview.text, target, {
    origin: preview.origin,
    score: preview.score,
  });
  yield `${t.source(link)}\n\n${quote(source.text)}\n\n`;
  const provenance = preview.suggestion ? provenanceLabels(preview.suggestion.provenance) : [];
  const heading =
    preview.origin === 'mt'
      ? t.machine(targetName, provenance.join(', ') || 'MT')
      : t.memory(targetName, preview.origin === 'exact', preview.score);
  yield `${heading}\n\n${quote(preview.text)}\n\n`;
  const notes: string[] = [];
  if (preview.origin !== 'mt' && provenance.length > 0) notes.push(t.provenance(provenance.join('; ')));
  const differences = preview.suggestion?.differences ?? [];
  if (differences.length > 0) {
    const kinds = DIFFERENCE_KINDS[parsed.language];
    notes.push(
      t.differences(differences.map((d) => `${kinds[d.kind]} ${d.expected ?? '—'} → ${d.found ?? '—'}`).join(', ')),
    );
  }
  notes.push(t.sent(editor));
  if (source.fragmentsInProvision > 1) notes.push(t.moreParts(source.fragmentsInProvision));
  yield `${notes.join('\n\n')}\n`;
}

// POST /legal/translate: the source fragment and target language resolved, then the translation
// memory's suggestions. The preview is the exact match (no machine translation then), else the
// configured provider's output, else the best fuzzy match; without any, 422
// no_translation_available (never an invented text).
import { sql } from 'drizzle-orm';
import type { Suggestion, TranslateRequest, TranslateResponse } from '../../src/api/contract/translation.js';
import type { Db } from '../db/client.js';
import { canonicalIsoCode, findOrAddLanguage } from './save-language.js';
import { sqlRows } from '../db/sql.js';
import { fragmentHasNoText, noTranslationAvailable, notFound, sameLanguage, validationFailed } from '../http/errors.js';
import { fragmentVisibleTo } from '../policies/translations.js';
import { DEFAULT_MEMORY_MIN_SCORE, lookupMemory } from './memory.js';
import { machineTranslate, type ProviderCallLog } from './providers/machine-translate.js';
import type { ProviderSettings } from './providers/provider.js';
import { providerFor } from './providers/registry.js';

export interface TranslateOptions {
  /** Suggestions below this score are dropped (TRANSLATION_MEMORY_MIN_SCORE). */
  minScore: number;
  /** The machine-translation provider (TRANSLATION_PROVIDER); absent: memory only. */
  provider?: ProviderSettings;
  /** A provider call longer than this answers 504 (TRANSLATION_TIMEOUT_MS). */
  timeoutMs: number;
  /** Where provider calls are logged (provider, status, duration; never the text). */
  log?: (entry: ProviderCallLog) => void;
  /**
   * Whether a real ISO code the `languages` table lacks may be translated into (and so join the
   * shared list): only for callers who may save translations (policies/translations.ts).
   */
  mayAddLanguage?: boolean;
}

export const DEFAULT_TRANSLATION_TIMEOUT_MS = 20_000;
export const DEFAULT_TRANSLATE_OPTIONS: TranslateOptions = {
  minScore: DEFAULT_MEMORY_MIN_SCORE,
  timeoutMs: DEFAULT_TRANSLATION_TIMEOUT_MS,
};

interface SourceRow {
  id: string;
  group_id: string;
  language_id: number | string;
  language_code: string;
  has_text: boolean;
  text: string;
  path: string | null;
  document_id: string;
}

interface LanguageRow {
  language_id: number | string;
  iso_639_1: string;
}

/** A target language: `id` null for a valid ISO code the `languages` table does not have yet. */
interface Target {
  id: number | null;
  code: string;
}

/**
 * The target by code and/or id: unknown → 404, except a real ISO code when a provider may
 * translate into it (it joins `languages` once translated); both given and naming different
 * languages → 400.
 */
async function resolveTarget(db: Db, body: TranslateRequest, withProvider: boolean): Promise<Target> {
  const find = async (where: ReturnType<typeof sql>) => {
    const [row] = await sqlRows<LanguageRow>(db, sql`SELECT language_id, iso_639_1 FROM languages WHERE ${where}`);
    return row ? { id: Number(row.language_id), code: row.iso_639_1 } : undefined;
  };
  const code = body.target_language_code;
  let byCode: Target | undefined;
  if (code !== undefined) {
    // The table's form of the code ('iw' is 'he'), as saving stores it.
    const iso = canonicalIsoCode(code);
    byCode = await find(sql`iso_639_1 = ${iso?.code ?? code}`);
    if (!byCode && withProvider && iso !== null) byCode = { id: null, code: iso.code };
    if (!byCode) throw notFound('Language', 'target_language_code');
  }
  let byId: Target | undefined;
  if (body.target_language_id !== undefined) {
    byId = await find(sql`language_id = ${body.target_language_id}`);
    if (!byId) throw notFound('Language', 'target_language_id');
  }
  if (byCode && byId && byCode.id !== byId.id)
    throw validationFailed(
      'target_language_id',
      'target_language_code and target_language_id name different languages',
    );
  return (byCode ?? byId)!;
}

export async function translateFragment(
  db: Db,
  body: TranslateRequest,
  options: TranslateOptions = DEFAULT_TRANSLATE_OPTIONS,
  /** The caller: their own translation layer is readable to them (source and memory). */
  viewerId: string | null = null,
): Promise<TranslateResponse> {
  const [source] = await sqlRows<SourceRow>(
    db,
    sql`SELECT f.id, f.group_id, f.language_id, l.iso_639_1 AS language_code, f.has_text, f.text,
               n.external_id AS path, b.document_id
        FROM fragments f
        JOIN languages l ON l.language_id = f.language_id
        JOIN branches b ON b.id = f.branch_id
        LEFT JOIN nodes n ON n.id = f.node_id
        WHERE f.id = ${body.source_fragment_id} AND ${fragmentVisibleTo('f', viewerId)}`,
  );
  if (!source) throw notFound('Fragment', 'source_fragment_id');
  const target = await resolveTarget(db, body, options.provider !== undefined && options.mayAddLanguage === true);
  const sourceLanguageId = Number(source.language_id);
  if (target.id === sourceLanguageId) throw sameLanguage();
  if (!source.has_text || source.text.trim() === '') throw fragmentHasNoText();

  // A language nobody has written in yet has no memory.
  const memory =
    target.id === null
      ? []
      : (
          await lookupMemory(db, {
            sourceText: source.text,
            sourceLanguageId,
            targetLanguageId: target.id,
            ...(source.path !== null ? { structuralPath: source.path, documentId: source.document_id } : {}),
            excludeFragmentId: source.id,
            viewerId,
            minScore: options.minScore,
          })
        ).map(({ same_path: _samePath, ...suggestion }): Suggestion => suggestion);
  const answer = (preview: Suggestion, suggestions: Suggestion[], targetId: number, qa: TranslateResponse['qa']) => ({
    translation_preview: preview.text,
    target_language_id: targetId,
    target_language_code: target.code,
    group_id: source.group_id,
    origin: preview.kind,
    suggestions,
    qa,
  });

  const exact = memory.find((s) => s.kind === 'exact');
  if (exact) return answer(exact, memory, target.id!, []);
  if (options.provider) {
    const provider = providerFor(options.provider);
    const spans = await sqlRows<{ abs_start: number | string; abs_end: number | string }>(
      db,
      sql`SELECT abs_start, abs_end FROM spans WHERE fragment_id = ${source.id} ORDER BY abs_start`,
    );
    const translated = await machineTranslate(
      db,
      provider,
      {
        text: source.text,
        spans: spans.map((s) => ({ start: Number(s.abs_start), end: Number(s.abs_end) })),
        sourceLanguage: source.language_code,
        targetLanguage: target.code,
      },
      { timeoutMs: options.timeoutMs, log: options.log },
    );
    const mt: Suggestion = {
      text: translated.text,
      score: 0,
      kind: 'mt',
      source_text: source.text,
      provenance: [{ source: 'provider', provider: provider.name, model: provider.model }],
      differences: [],
    };
    return answer(mt, [...memory, mt], target.id ?? (await findOrAddLanguage(db, target.code)).id, translated.qa);
  }
  const fuzzy = memory.find((s) => s.kind === 'fuzzy');
  if (!fuzzy) throw noTranslationAvailable();
  return answer(fuzzy, memory, target.id!, []);
}

// POST /legal/translate, memory only: the source fragment and target language resolved, then the
// translation memory's suggestions; the preview is the exact match, else the best fuzzy one, else
// 422 no_translation_available (never an invented text). Machine translation comes later.
import { sql } from 'drizzle-orm';
import type { TranslateRequest, TranslateResponse } from '../../src/api/contract/translation.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { fragmentHasNoText, noTranslationAvailable, notFound, sameLanguage, validationFailed } from '../http/errors.js';
import { DEFAULT_MEMORY_MIN_SCORE, lookupMemory } from './memory.js';

export interface TranslateOptions {
  /** Suggestions below this score are dropped (TRANSLATION_MEMORY_MIN_SCORE). */
  minScore: number;
}

export const DEFAULT_TRANSLATE_OPTIONS: TranslateOptions = { minScore: DEFAULT_MEMORY_MIN_SCORE };

interface SourceRow {
  id: string;
  group_id: string;
  language_id: number | string;
  has_text: boolean;
  text: string;
  path: string | null;
  document_id: string;
}

interface LanguageRow {
  language_id: number | string;
  iso_639_1: string;
}

/** The target by code and/or id: unknown → 404; both given and naming different languages → 400. */
async function resolveTarget(db: Db, body: TranslateRequest): Promise<{ id: number; code: string }> {
  const find = async (where: ReturnType<typeof sql>, field: string) => {
    const [row] = await sqlRows<LanguageRow>(db, sql`SELECT language_id, iso_639_1 FROM languages WHERE ${where}`);
    if (!row) throw notFound('Language', field);
    return { id: Number(row.language_id), code: row.iso_639_1 };
  };
  const byCode =
    body.target_language_code === undefined
      ? undefined
      : await find(sql`iso_639_1 = ${body.target_language_code}`, 'target_language_code');
  const byId =
    body.target_language_id === undefined
      ? undefined
      : await find(sql`language_id = ${body.target_language_id}`, 'target_language_id');
  if (byCode && byId && byCode.id !== byId.id)
    throw validationFailed(
      'target_language_id',
      'target_language_code and target_language_id name different languages',
    );
  return (byCode ?? byId)!;
}

export async function translateFromMemory(
  db: Db,
  body: TranslateRequest,
  options: TranslateOptions = DEFAULT_TRANSLATE_OPTIONS,
): Promise<TranslateResponse> {
  const [source] = await sqlRows<SourceRow>(
    db,
    sql`SELECT f.id, f.group_id, f.language_id, f.has_text, f.text, n.external_id AS path, b.document_id
        FROM fragments f
        JOIN branches b ON b.id = f.branch_id
        LEFT JOIN nodes n ON n.id = f.node_id
        WHERE f.id = ${body.source_fragment_id}`,
  );
  if (!source) throw notFound('Fragment', 'source_fragment_id');
  const target = await resolveTarget(db, body);
  const sourceLanguageId = Number(source.language_id);
  if (target.id === sourceLanguageId) throw sameLanguage();
  if (!source.has_text || source.text.trim() === '') throw fragmentHasNoText();

  const suggestions = (
    await lookupMemory(db, {
      sourceText: source.text,
      sourceLanguageId,
      targetLanguageId: target.id,
      ...(source.path !== null ? { structuralPath: source.path, documentId: source.document_id } : {}),
      excludeFragmentId: source.id,
      minScore: options.minScore,
    })
  ).map(({ same_path: _samePath, ...suggestion }) => suggestion);
  const preview = suggestions.find((s) => s.kind === 'exact') ?? suggestions.find((s) => s.kind === 'fuzzy');
  if (!preview) throw noTranslationAvailable();
  return {
    translation_preview: preview.text,
    target_language_id: target.id,
    target_language_code: target.code,
    group_id: source.group_id,
    origin: preview.kind,
    suggestions,
    qa: [],
  };
}

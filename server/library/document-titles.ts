// A document's title in another language of the same version. The importers keep one title (in
// the main language), taken from the act's leading text (DGT-TM's first segments, an AKN/Formex
// title block): where the main language's first fragments spell the title, the aligned fragments
// of the other language (same alignment groups) spell it there, e.g. the Czech title of an EU act.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { importedFragmentsOnly } from '../policies/translations.js';

/** How many leading fragments a title may span (DGT-TM splits it over up to 5 segments). */
const MAX_TITLE_FRAGMENTS = 6;

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The title in `language`, or undefined when this version's text does not spell it there. */
export async function titleInLanguage(
  db: Db,
  branchId: string,
  mainLanguage: string,
  title: string,
  language: string,
): Promise<string | undefined> {
  const leading = await sqlRows<{ group_id: string; text: string }>(
    db,
    sql`SELECT f.group_id, f.text FROM fragments f JOIN languages l ON l.language_id = f.language_id
        WHERE f.branch_id = ${branchId} AND l.iso_639_1 = ${mainLanguage} AND f.has_text
          AND ${importedFragmentsOnly('f')}
        ORDER BY f.seq LIMIT ${MAX_TITLE_FRAGMENTS}`,
  );
  const wanted = normalize(title);
  let count = 0;
  for (let joined = ''; count < leading.length;) {
    joined = normalize(`${joined} ${leading[count]!.text}`);
    count++;
    if (joined === wanted) break;
    if (!wanted.startsWith(joined)) return undefined;
  }
  if (
    count === 0 ||
    normalize(
      leading
        .slice(0, count)
        .map((row) => row.text)
        .join(' '),
    ) !== wanted
  )
    return undefined;
  const groups = leading.slice(0, count).map((row) => row.group_id);
  const aligned = await sqlRows<{ text: string }>(
    db,
    sql`SELECT f.text FROM fragments f JOIN languages l ON l.language_id = f.language_id
        WHERE f.branch_id = ${branchId} AND l.iso_639_1 = ${language} AND f.has_text
          AND ${importedFragmentsOnly('f')}
          AND f.group_id IN (${sql.join(
            groups.map((group) => sql`${group}::uuid`),
            sql`, `,
          )})
        ORDER BY f.seq`,
  );
  // Every part of the title must be there: half a title is worse than the original one.
  if (aligned.length !== groups.length) return undefined;
  return aligned.map((row) => row.text.trim()).join(' ');
}

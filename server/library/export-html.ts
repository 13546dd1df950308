// The whole version of a document as one self-contained HTML page, for print (the browser's PDF
// is the PDF export) and download: the reader's structure (headings by kind, '(1)' subsections,
// 'a)' letters, '1.' points), styles inlined, no scripts, a header with the act's citation, the
// date of effect, the date printed and a 'not the official wording' note, page numbers in print.
// Every text from the library is escaped: a source may hold '<script>'.
import { sql } from 'drizzle-orm';
import type { Document, Node } from '../../src/api/contract/documents.js';
import { actCitation, citationDate, type CitationLanguage } from '../../src/shared/act-citation.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { importedFragmentsOnly } from '../policies/translations.js';
import { getDocument } from './documents.js';
import { resolveBranch } from './branches.js';
import { languageByCode } from './languages.js';
import { listNodes } from './nodes.js';

const LABELS: Record<CitationLanguage, Record<'inForce' | 'printed' | 'notOfficial' | 'undated', string>> = {
  cs: {
    inForce: 'Znění účinné od',
    printed: 'Vytištěno',
    notOfficial:
      'Nejde o oficiální znění právního předpisu. Závazné je znění vyhlášené ve Sbírce zákonů, resp. v Úředním věstníku EU.',
    undated: 'Znění bez data účinnosti',
  },
  en: {
    inForce: 'Version in force from',
    printed: 'Printed',
    notOfficial:
      'This is not the official wording of the act. Only the text published in the official gazette (the Collection of Laws, the Official Journal of the EU) is authentic.',
    undated: 'Undated version',
  },
};

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

type Layout = { role: 'heading'; level: number } | { role: 'item'; marker: string; depth: number } | { role: 'plain' };

const HEADING_TYPES = new Set(['part', 'title', 'chapter', 'section', 'article', 'schedule', 'appendix']);
const ITEM_TYPES = new Set(['paragraph', 'clause', 'point', 'subparagraph', 'indent', 'letter']);

/** 'odst. 1' -> '(1)', 'písm. a)' -> 'a)', 'bod 1' -> '1.', '(a)' stays: the marker the reader shows. */
export function itemMarker(node: Pick<Node, 'node_type' | 'cite_key'>): string {
  const key = (node.cite_key ?? '').trim();
  const number = key.replace(/^(odst\.|odstavec|písm\.|pism\.|bod|paragraph|point|letter)\s*/iu, '').trim();
  if (!number) return '';
  if (/^odst/iu.test(key) || (node.node_type === 'paragraph' && /^[\p{N}\p{L}]+$/u.test(number)))
    return `(${number.replace(/^\(|\)$/g, '')})`;
  if (/^(písm|pism|letter)/iu.test(key)) return number.endsWith(')') ? number : `${number})`;
  if (/^bod/iu.test(key) && /^\d+[a-z]?$/iu.test(number)) return `${number}.`;
  return number;
}

/** Headings by how many headings hold them, items by how many items hold them. */
function layoutsOf(nodes: readonly Node[]): Map<string, Layout> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const layouts = new Map<string, Layout>();
  const layoutOf = (node: Node, guard = 0): Layout => {
    const known = layouts.get(node.id);
    if (known) return known;
    const parent = node.derived_parent_id ? byId.get(node.derived_parent_id) : undefined;
    const above = parent && guard < 20 ? layoutOf(parent, guard + 1) : undefined;
    let layout: Layout;
    if (ITEM_TYPES.has(node.node_type))
      layout = { role: 'item', marker: itemMarker(node), depth: above?.role === 'item' ? above.depth + 1 : 0 };
    else if (HEADING_TYPES.has(node.node_type) || node.cite_key)
      layout = { role: 'heading', level: above?.role === 'heading' ? Math.min(6, above.level + 1) : 2 };
    else layout = { role: 'plain' };
    layouts.set(node.id, layout);
    return layout;
  };
  for (const node of nodes) layoutOf(node);
  return layouts;
}

export interface ExportInput {
  document: Pick<Document, 'external_id' | 'title' | 'metadata'>;
  validFrom: string | null;
  lang: string;
  nodes: readonly Node[];
  /** Texts by node, in document order. */
  texts: ReadonlyMap<string, string[]>;
  /** The day printed (YYYY-MM-DD). */
  today: string;
}

const STYLE = `
:root { color-scheme: light; }
body { font-family: "Source Serif 4", "Source Serif Pro", Georgia, "Times New Roman", serif; font-size: 11.5pt;
  line-height: 1.5; color: #111; max-width: 42em; margin: 2em auto; padding: 0 1em; }
header.export-header { border-bottom: 1px solid #999; margin-bottom: 1.5em; padding-bottom: 0.75em; }
header.export-header h1 { font-size: 1.5em; margin: 0 0 0.3em; line-height: 1.25; }
.export-citation { margin: 0 0 0.3em; }
.export-meta { color: #444; font-size: 0.9em; margin: 0; }
.export-note { font-size: 0.85em; color: #444; font-style: italic; margin: 0.5em 0 0; }
h2, h3, h4, h5, h6 { line-height: 1.3; margin: 1.4em 0 0.4em; page-break-after: avoid; break-after: avoid; }
h2 { font-size: 1.3em; } h3 { font-size: 1.15em; } h4, h5, h6 { font-size: 1.05em; }
.heading-text { display: block; font-weight: 600; }
p { margin: 0.35em 0; orphans: 3; widows: 3; }
.item { display: flex; gap: 0.5em; margin: 0.35em 0; }
.item .marker { flex: 0 0 2.2em; text-align: right; }
.item .body { flex: 1; }
.item p { margin: 0; }
@page { size: A4; margin: 20mm 18mm 22mm;
  @bottom-center { content: counter(page) " / " counter(pages); font-size: 9pt; color: #555; } }
@media print { body { margin: 0; max-width: none; padding: 0; } a { color: inherit; text-decoration: none; } }
`;

const paragraphs = (texts: readonly string[]) =>
  texts.map((text) => `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`).join('');

export function renderExportHtml(input: ExportInput): string {
  const lang: CitationLanguage = input.lang === 'cs' ? 'cs' : 'en';
  const labels = LABELS[lang];
  const layouts = layoutsOf(input.nodes);
  const body: string[] = [];
  for (const node of input.nodes) {
    const layout = layouts.get(node.id)!;
    const texts = input.texts.get(node.id) ?? [];
    if (layout.role === 'heading') {
      // The provision's name in the language exported, where the source gives it (as the reader).
      const title = node.titles?.[input.lang] || node.title;
      const name = [
        ...(node.cite_key ? [`<span class="heading-number">${escapeHtml(node.cite_key)}</span>`] : []),
        ...(title ? [`<span class="heading-text">${escapeHtml(title)}</span>`] : []),
      ];
      // A heading with no cite key or title of its own opens with its first text.
      const heading = name.length > 0 ? name.join(' ') : texts[0] !== undefined ? escapeHtml(texts[0]) : undefined;
      if (heading) body.push(`<h${layout.level} id="${escapeHtml(node.external_id)}">${heading}</h${layout.level}>`);
      const rest = name.length > 0 ? texts : texts.slice(1);
      if (rest.length > 0) body.push(paragraphs(rest));
    } else if (layout.role === 'item') {
      const indent = layout.depth > 0 ? ` style="margin-left: ${layout.depth * 2.2}em"` : '';
      body.push(
        `<div class="item"${indent} id="${escapeHtml(node.external_id)}"><span class="marker">${escapeHtml(layout.marker)}</span>` +
          `<div class="body">${paragraphs(texts)}</div></div>`,
      );
    } else if (texts.length > 0) body.push(paragraphs(texts));
  }
  const since = input.validFrom ? `${labels.inForce} ${citationDate(input.validFrom, lang)}` : labels.undated;
  return `<!doctype html>
<html lang="${escapeHtml(input.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.document.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="export-header">
<h1>${escapeHtml(input.document.title)}</h1>
<p class="export-citation">${escapeHtml(actCitation(input.document, lang, input.validFrom, true))}</p>
<p class="export-meta">${escapeHtml(since)} · ${escapeHtml(labels.printed)} ${escapeHtml(citationDate(input.today, lang))}</p>
<p class="export-note">${escapeHtml(labels.notOfficial)}</p>
</header>
<main>
${body.join('\n')}
</main>
</body>
</html>
`;
}

export interface ExportOptions {
  documentId: string;
  branch?: string;
  lang?: string;
  today: string;
}

/** Loads a version (imported text only: an export is for anyone) and renders it. */
export async function exportDocumentHtml(db: Db, options: ExportOptions): Promise<{ html: string; title: string }> {
  const branch = await resolveBranch(db, options.documentId, options.branch);
  const lang = options.lang ?? branch.languages[0] ?? 'cs';
  const [document, language, nodes, dates] = await Promise.all([
    getDocument(db, options.documentId, branch.id, lang),
    languageByCode(db, lang),
    listNodes(db, branch.id, 100_000, 0),
    sqlRows<{ valid_from: string | null }>(
      db,
      sql`SELECT to_char(valid_from, 'YYYY-MM-DD') AS valid_from FROM branches WHERE id = ${branch.id}`,
    ),
  ]);
  const texts = new Map<string, string[]>();
  if (language) {
    const rows = await sqlRows<{ node_id: string; text: string }>(
      db,
      sql`SELECT f.node_id, f.text FROM fragments f
          WHERE f.branch_id = ${branch.id} AND f.language_id = ${language.language_id} AND f.has_text
            AND ${importedFragmentsOnly('f')}
          ORDER BY f.seq`,
    );
    for (const row of rows) texts.set(row.node_id, [...(texts.get(row.node_id) ?? []), row.text]);
  }
  const html = renderExportHtml({
    document,
    validFrom: dates[0]?.valid_from ?? null,
    lang,
    nodes,
    texts,
    today: options.today,
  });
  return { html, title: document.title };
}

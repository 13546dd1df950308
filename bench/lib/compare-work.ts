// Two versions of one large work for the compare bench, made of real Czech text: version A
// joins real acts into 5,000 text units; version B amends ~5%, repeals ~2.5%, adds ~2.5%.
import type { ParsedDocument, ParsedNode } from '../../server/importers/model.js';
import { flattenVersion } from '../../server/importers/flatten.js';
import { seededRandom } from './random.js';
import { countTexts, firstTexts } from './prune.js';

export const COMPARE_FRAGMENTS = 5_000;
const CHANGED = 0.05;
const REMOVED = 0.025;
const ADDED = 0.025;

/** Every path made unique inside the joined work by the act it came from. */
function prefixPaths(nodes: ParsedNode[], prefix: string): ParsedNode[] {
  return nodes.map((node) => ({
    ...node,
    path: `${prefix}/${node.path}`,
    children: prefixPaths(node.children, prefix),
  }));
}

function allTexts(nodes: ParsedNode[]): string[] {
  return nodes.flatMap((node) => [...node.texts.map((t) => t.cs ?? ''), ...allTexts(node.children)]);
}

/** An amendment: a number in the text changes ('30 dnů' -> '60 dnů'), or a proviso is added. */
function amend(text: string): string {
  const withNumber = text.replace(/\b(\d{1,3})\b/u, (n) => String(Number(n) * 2));
  return withNumber !== text ? withNumber : `${text.replace(/\.$/u, '')}, nestanoví-li zvláštní zákon jinak.`;
}

/** `works`: one version per work (see newestCzechWorks), so every act's paths are unique. */
export function compareVersions(works: ParsedDocument[]): { a: ParsedDocument; b: ParsedDocument; spareTexts: number } {
  const czech = works.filter((d) => d.languages.length === 1 && d.languages[0] === 'cs');
  const sorted = [...czech].sort((x, y) => countTexts(y.nodes) - countTexts(x.nodes));
  const nodes: ParsedNode[] = [];
  let total = 0;
  let used = 0;
  for (const doc of sorted) {
    if (total >= COMPARE_FRAGMENTS) break;
    const slug = doc.externalId.replace(/[^A-Za-z0-9]+/gu, '-');
    nodes.push({
      nodeType: 'part',
      rawType: 'ČÁST',
      title: doc.metadata.title,
      path: `akt-${slug}`,
      texts: [],
      children: prefixPaths(doc.nodes, `akt-${slug}`),
    });
    total += countTexts(doc.nodes);
    used++;
  }
  if (total < COMPARE_FRAGMENTS)
    throw new Error(`the corpus has only ${total} Czech text units, ${COMPARE_FRAGMENTS} needed`);
  const base: ParsedDocument = {
    externalId: 'lexhub-bench/srovnani-5000',
    metadata: { title: 'Srovnávací dílo (spojené české předpisy)', kind: 'zákon', sourceSystem: 'bench' },
    versionDate: '2024-01-01',
    languages: ['cs'],
    nodes,
  };
  // Structural nodes without text get a fragment too: find the text budget that makes 5,000.
  const fragmentsOf = (doc: ParsedDocument) => flattenVersion(doc, 'count').fragments.length;
  let [low, high] = [0, countTexts(base.nodes)];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fragmentsOf(firstTexts(base, middle)) <= COMPARE_FRAGMENTS) low = middle;
    else high = middle - 1;
  }
  const a = firstTexts(base, low);
  // Text added in B: real text of acts that did not make it into A.
  const spare = sorted
    .slice(used)
    .flatMap((doc) => allTexts(doc.nodes))
    .concat(allTexts(base.nodes).slice(low));
  const random = seededRandom(5_000);
  let spareAt = 0;
  const revise = (list: ParsedNode[]): ParsedNode[] =>
    list.map((node) => {
      const texts = node.texts.flatMap((text) => {
        const roll = random();
        if (roll < REMOVED) return [];
        if (roll < REMOVED + CHANGED) return [{ cs: amend(text.cs ?? '') }];
        if (roll < REMOVED + CHANGED + ADDED && spare.length > 0)
          return [text, { cs: spare[spareAt++ % spare.length]! }];
        return [text];
      });
      return { ...node, texts, children: revise(node.children) };
    });
  const b: ParsedDocument = { ...a, versionDate: '2025-01-01', nodes: revise(a.nodes) };
  return { a, b, spareTexts: spare.length };
}

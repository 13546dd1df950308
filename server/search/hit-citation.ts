// The short citation of a hit, as a search result lists it: 'čl. 54 odst. 1, 1/1993 Sb.',
// '§ 2 písm. a), 284/2023 Sb.', 'Article 5(1)(a), 32016R0679'. Built from the cite keys of the
// provision and the provisions holding it (provision_search.cite_chain) and the act's number.

/** One cite key in a Czech citation: 'Čl. 54' -> 'čl. 54', '(1)' -> 'odst. 1', 'a)' -> 'písm. a)'. */
function czechPart(key: string, index: number): string {
  const text = key.trim();
  let match = /^(?:čl\.|článek|čl)\s*(\S+?)\.?$/iu.exec(text);
  if (match) return `čl. ${match[1]}`;
  match = /^§\s*(\S+)$/u.exec(text);
  if (match) return `§ ${match[1]}`;
  match = /^(?:odst\.\s*|\()(\d+\p{L}?)\)?\.?$/u.exec(text);
  if (match) return `odst. ${match[1]}`;
  match = /^(?:písm\.\s*)?\(?(\p{Ll}{1,2})\)$/u.exec(text);
  if (match) return `písm. ${match[1]})`;
  match = /^(?:bod\s*)?(\d+)\.?$/u.exec(text);
  if (match) return `bod ${match[1]}`;
  return index === 0 ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

/** One cite key in the English form: 'Article 5', then '(1)', '(a)'. */
function otherPart(key: string, index: number): string {
  const text = key.trim();
  const head = /^(?:article|art\.?|artikel|articolo|článek|čl\.)\s*(\S+?)\.?$/iu.exec(text);
  if (head) return `${index === 0 ? '' : ' '}Article ${head[1]}`;
  const section = /^§\s*(\S+)$/u.exec(text);
  if (section) return `${index === 0 ? '' : ' '}§ ${section[1]}`;
  const numbered = /^\(?([\p{L}\p{N}]{1,4})[.)]?$/u.exec(text);
  if (numbered && index > 0) return `(${numbered[1]})`;
  return `${index === 0 ? '' : ' '}${text}`;
}

/** 'čl. 54 odst. 1, 1/1993 Sb.'; the act's number alone when the hit has no cite key. */
export function hitCitation(citeChain: string | null, externalId: string, czech: boolean): string {
  const keys = (citeChain ?? '').split('|').filter((key) => key.trim() !== '');
  if (keys.length === 0) return externalId;
  const provision = czech ? keys.map(czechPart).join(' ') : keys.map(otherPart).join('');
  return `${provision}, ${externalId}`;
}

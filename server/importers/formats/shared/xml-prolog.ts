// Cheap format sniffing for XML files: the root element's name read from the first few KB,
// without parsing the document.

const PROLOG_THEN_ROOT =
  /^(?:\uFEFF|\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)*<([A-Za-z_][\w.:-]*)/;

/** Name of the first element after the prolog (BOM, XML declaration, comments, DOCTYPE). */
export function rootElementName(head: string): string | undefined {
  return PROLOG_THEN_ROOT.exec(head)?.[1];
}

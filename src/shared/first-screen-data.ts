// What the server-rendered document page carries for the app (issue 14): the first page of
// fragments and its first texts, exactly the public API's answers, in a
// `<script type="application/json" id="lexhub-first-screen">` (the CSP runs no inline script but
// allows data). The app hands them to the text machine instead of asking again.
import { FragmentPage, FragmentTexts, type Document as LibraryDocument } from '../api/contract/documents';
import { z } from 'zod';

export const FIRST_SCREEN_ELEMENT_ID = 'lexhub-first-screen';

export const FirstScreenData = z.object({
  documentId: z.string(),
  branch: z.string().optional(),
  page: FragmentPage,
  /** The texts of the first page's first passages, in the page's language. */
  texts: FragmentTexts,
});
export type FirstScreenData = z.infer<typeof FirstScreenData>;

/** JSON safe inside a <script> element: no `<` (so no `</script>` or `<!--`), nor the line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The data the page carries, if it carries any that parses. */
export function readFirstScreenData(doc: Pick<Document, 'getElementById'> | undefined): FirstScreenData | undefined {
  const element = doc?.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const parsed = FirstScreenData.safeParse(JSON.parse(element.textContent));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export type PageLocale = 'en' | 'cs';

/** A page's rendering, for the server to put into index.html. */
export interface RenderedPage {
  lang: PageLocale;
  /** Tags for <head>: title, canonical link, description, robots (marked `data-ssr`: the app's own replace them). */
  head: string;
  /** Markup before #root (empty when the page has no first screen of its own). */
  body: string;
}

export interface DocumentPageInput {
  origin: string;
  locale: PageLocale;
  document: Pick<LibraryDocument, 'id' | 'title' | 'external_id'>;
  /** The first page and texts; none (head tags only) for an address the first screen does not fit. */
  data?: FirstScreenData;
  /** The passages shown: the first ones from the provision asked for (`?node=`), else from the start. */
  fromNodeId?: string;
  count: number;
}

/** What the server-rendering entry (src/ssr/entry-server.tsx) gives the server. */
export interface PageRenderer {
  pickLocale(cookieLocale: string | undefined, acceptLanguage: string | undefined): PageLocale;
  renderListPage(kind: 'home' | 'documents', origin: string, locale: PageLocale): RenderedPage;
  renderDocumentPage(input: DocumentPageInput): RenderedPage;
}

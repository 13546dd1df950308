// Reads the <tu> elements of a DGT-TM file: each one's CELEX id (from its Doc. No. property)
// and its segments by language, inline codes dropped; then groups them by CELEX document.
import { ImportError } from '../../model.js';
import { lineAt } from '../shared/source-position.js';
import { scanXml, xmlError } from './xml-scanner.js';

/** The DGT-TM property that names the CELEX document a <tu> belongs to. */
const DOC_NO_PROP = 'Txt::Doc. No.';

/** TMX inline elements that carry native codes, not translatable text. */
const CODE_ELEMENTS = new Set(['bpt', 'ept', 'ph', 'it', 'ut']);

export interface RawTu {
  /** 1-based position in the file, for error messages. */
  index: number;
  offset: number;
  celex: string;
  segments: Record<string, string>;
}

interface TuDraft {
  index: number;
  offset: number;
  celex?: string;
  segments: Record<string, string>;
}

export function readTranslationUnits(content: string, file: string): RawTu[] {
  const tus: RawTu[] = [];
  let root: string | undefined;
  let tu: TuDraft | undefined;
  let tuvLang: string | undefined;
  let prop: { type: string; text: string } | undefined;
  let seg: string[] | undefined;
  let codeDepth = 0; // >0 while inside <bpt>/<ph>/... within a <seg>
  const tuPlace = (draft: TuDraft) => `TU #${draft.index} (line ${lineAt(content, draft.offset)})`;

  scanXml(content, file, {
    open(name, attrs, offset) {
      if (root === undefined) {
        root = name;
        if (name !== 'tmx') throw xmlError(file, content, offset, `root element is <${name}>, expected <tmx>`);
      }
      if (seg) {
        if (CODE_ELEMENTS.has(name)) codeDepth++;
        return;
      }
      if (name === 'tu') tu = { index: tus.length + 1, offset, segments: {} };
      else if (name === 'prop' && tu && !tuvLang) prop = { type: attrs.type ?? '', text: '' };
      else if (name === 'tuv' && tu) {
        const lang = attrs['xml:lang'] ?? attrs.lang;
        if (!lang) throw new ImportError(file, tuPlace(tu), '<tuv> without a lang attribute');
        tuvLang = languageCode(lang);
        if (!tuvLang) throw new ImportError(file, tuPlace(tu), `unrecognised language code '${lang}'`);
      } else if (name === 'seg' && tuvLang) seg = [];
    },
    text(text) {
      if (seg) {
        if (codeDepth === 0) seg.push(text);
      } else if (prop) prop.text += text;
    },
    close(name) {
      if (seg) {
        if (name !== 'seg') {
          if (CODE_ELEMENTS.has(name)) codeDepth--;
          return;
        }
        if (tu && tuvLang) tu.segments[tuvLang] = seg.join('').trim();
        seg = undefined;
      } else if (name === 'prop' && tu && prop) {
        if (prop.type === DOC_NO_PROP) tu.celex = prop.text.trim();
        prop = undefined;
      } else if (name === 'tuv' && tu && tuvLang) {
        if (!(tuvLang in tu.segments))
          throw new ImportError(file, tuPlace(tu), `<tuv lang> ${tuvLang} without a <seg>`);
        tuvLang = undefined;
      } else if (name === 'tu' && tu) {
        if (!tu.celex) throw new ImportError(file, tuPlace(tu), `missing <prop type="${DOC_NO_PROP}">`);
        // A <tu> without any <tuv> aligns nothing; it is skipped rather than rejected.
        if (Object.keys(tu.segments).length > 0) tus.push({ ...tu, celex: tu.celex });
        tu = undefined;
      }
    },
  });
  return tus;
}

/** 'EN-GB' -> 'en', 'CS-01' -> 'cs', 'pt-BR' -> 'pt'; undefined when it is no language code. */
function languageCode(lang: string): string | undefined {
  const code = lang.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return /^[a-z]{2,3}$/.test(code) ? code : undefined;
}

/** Units grouped by CELEX id, groups in order of first appearance. */
export function groupByCelex(tus: RawTu[]): [string, RawTu[]][] {
  const groups = new Map<string, RawTu[]>();
  for (const tu of tus) {
    const group = groups.get(tu.celex);
    if (group) group.push(tu);
    else groups.set(tu.celex, [tu]);
  }
  return [...groups];
}

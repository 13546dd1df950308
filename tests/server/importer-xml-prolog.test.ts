// The XML prolog scan (issue 15, L3): hostile DOCTYPEs and prologs are read in linear time by
// every sniffer and by the TMX tokenizer, and ordinary DOCTYPEs with an internal subset are
// still skipped.
import { describe, expect, it } from 'vitest';
import { akomaNtosoParser } from '../../server/importers/formats/akoma-ntoso.js';
import { doctypeEnd, prologEnd, rootElementName } from '../../server/importers/formats/shared/xml-prolog.js';
import { tmxParser } from '../../server/importers/formats/tmx.js';
import { ImportError } from '../../server/importers/model.js';
import { detectParser } from '../../server/importers/parsers.js';

const MB = 1024 * 1024;

/** Hostile heads: each one took the old regexes seconds to forever. */
const HOSTILE: Record<string, string> = {
  // The 72-byte file of the report: every '[' may pair with any later ']'.
  'pairs of brackets, 72 bytes': '<!DOCTYPE a ' + '[]'.repeat(30),
  'unclosed brackets, 1 MB': '<!DOCTYPE' + '['.repeat(MB),
  'alternating brackets, 1 MB': '<!DOCTYPE a [' + '][['.repeat(MB / 3),
  'pairs of brackets, 1 MB': '<!DOCTYPE a ' + '[]'.repeat(MB / 2),
  'closed processing instructions, 1 MB': '<?a?>'.repeat(MB / 5) + '!',
  'closed comments, 1 MB': '<!--a-->'.repeat(MB / 8) + '!',
  'unclosed quote, 1 MB': '<!DOCTYPE a "' + '>'.repeat(MB),
};

/**
 * The best of three runs, in the CPU time this test process spent (a forked worker that runs one
 * test at a time): a cold JIT, or other test workers taking the cores, must not fail a linear
 * scan; an exponential one spends seconds of CPU whatever the machine does.
 */
function timed<T>(run: () => T): { value: T; ms: number } {
  let best = { value: run(), ms: Infinity };
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = process.cpuUsage();
    const value = run();
    const spent = process.cpuUsage(started);
    const ms = (spent.user + spent.system) / 1000;
    if (ms < best.ms) best = { value, ms };
  }
  return best;
}

describe('hostile XML heads', () => {
  for (const [name, head] of Object.entries(HOSTILE)) {
    it(`sniffs "${name}" in under 100 ms`, () => {
      const { value, ms } = timed(() => [
        rootElementName(head),
        akomaNtosoParser.detect(head, 'x.xml'),
        detectParser(head, 'x.xml')?.name,
      ]);
      expect(value).toEqual([undefined, false, undefined]);
      expect(ms).toBeLessThan(100);
    });

    it(`rejects "${name}" as TMX content in under 100 ms`, () => {
      const { value, ms } = timed(() => {
        try {
          tmxParser.parse(head, 'x.tmx');
          return undefined;
        } catch (error) {
          return error;
        }
      });
      expect(value).toBeInstanceOf(ImportError);
      expect(ms).toBeLessThan(100);
    });
  }

  it('names an unclosed DOCTYPE in the TMX error', () => {
    expect(() => tmxParser.parse('<?xml version="1.0"?>\n<!DOCTYPE tmx [ <!ENTITY a "b">', 'x.tmx')).toThrow(
      /unclosed <!DOCTYPE/,
    );
  });
});

describe('ordinary DOCTYPEs', () => {
  const subset = `<!DOCTYPE tmx SYSTEM "tmx14.dtd" [
  <!-- a comment with ] and > and a quote ' -->
  <!ENTITY gt2 "]>">
  <?pi ]> ?>
  <!ELEMENT note (#PCDATA)>
]>`;

  it('finds where a DOCTYPE ends, with quoted literals and an internal subset', () => {
    expect(doctypeEnd('<!DOCTYPE html>', 0)).toBe(15);
    expect(doctypeEnd('x<!DOCTYPE a SYSTEM "a>b.dtd">', 1)).toBe(30);
    expect(doctypeEnd(subset + '<tmx/>', 0)).toBe(subset.length);
    expect(doctypeEnd('<!DOCTYPE a [ <!ENTITY x "y"> ]', 0)).toBe(-1);
    expect(doctypeEnd('<!ELEMENT a>', 0)).toBe(-1);
  });

  it('skips BOM, declaration, comments and the DOCTYPE to the root', () => {
    const head = `\uFEFF<?xml version="1.0"?>\n<!-- c -->\n${subset}\n<tmx version="1.4">`;
    expect(prologEnd(head)).toBe(head.indexOf('<tmx'));
    expect(rootElementName(head)).toBe('tmx');
    expect(tmxParser.detect(head, 'x.tmx')).toBe(true);
    expect(rootElementName('<!DOCTYPE akomaNtoso>\n<an:akomaNtoso xmlns:an="y">')).toBe('an:akomaNtoso');
    expect(akomaNtosoParser.detect(`${subset}<akomaNtoso xmlns="x">`, 'a.xml')).toBe(true);
    expect(rootElementName('plain text')).toBeUndefined();
  });

  it('parses a TMX file whose DOCTYPE has an internal subset', () => {
    const tmx = `<?xml version="1.0" encoding="UTF-8"?>
${subset}
<tmx version="1.4"><header srclang="EN-GB"/><body>
<tu><prop type="Txt::Doc. No.">22019D9001</prop>
<tuv lang="EN-GB"><seg>Council Decision (EU) 2019/9001</seg></tuv>
<tuv lang="CS-01"><seg>Rozhodnutí Rady (EU) 2019/9001</seg></tuv>
</tu></body></tmx>`;
    const docs = tmxParser.parse(tmx, 'subset.tmx');
    expect(docs.map((d) => d.externalId)).toEqual(['22019D9001']);
  });
});

// Provision kinds and their names: § is a paragraf / Section, Čl. and an EU Article a článek /
// Article, odst. an odstavec / subsection, písm. a písmeno / letter, bod a bod / point.
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import type { Node } from '../../api/contract';
import { MESSAGES } from '../../i18n/messages';
import { provisionKind } from './node-types';

const node = (
  node_type: string,
  type: string,
  cite_key: string | null,
): Pick<Node, 'node_type' | 'type' | 'cite_key'> => ({
  node_type,
  type,
  cite_key,
});
const label = (locale: 'en' | 'cs', source: ReturnType<typeof node>) =>
  createIntl({ locale, messages: MESSAGES[locale] }).formatMessage({ id: `reader.kind.${provisionKind(source)}` });

describe('provisionKind', () => {
  it.each([
    [node('article', '§', '§ 2'), 'section', 'Section', 'Paragraf'],
    [node('article', 'Čl.', 'Čl. 54'), 'article', 'Article', 'Článek'],
    [node('article', 'Article', 'Article 1'), 'article', 'Article', 'Článek'],
    [node('paragraph', 'odst.', 'odst. 2'), 'subsection', 'Subsection', 'Odstavec'],
    [node('paragraph', 'akn:paragraph', '1.'), 'paragraph', 'Paragraph', 'Odstavec'],
    [node('clause', 'písm.', 'písm. a)'), 'letter', 'Letter', 'Písmeno'],
    [node('clause', 'bod', 'bod 1'), 'point', 'Point', 'Bod'],
    [node('section', 'ODDÍL', 'Oddíl 1'), 'division', 'Division', 'Oddíl'],
    [node('section', 'akn:section', 'Section 1'), 'euSection', 'Section', 'Oddíl'],
    [node('part', 'ČÁST', 'Část 1'), 'part', 'Part', 'Část'],
    [node('chapter', 'Díl', 'Díl 1'), 'chapter', 'Chapter', 'Díl'],
  ])('%o is a %s: "%s" / "%s"', (source, kind, english, czech) => {
    expect(provisionKind(source)).toBe(kind);
    expect(label('en', source)).toBe(english);
    expect(label('cs', source)).toBe(czech);
  });

  it('leaves a raw type without a kind', () => {
    expect(provisionKind(node('marginalia', 'marginalia', 'Poznámka'))).toBeUndefined();
  });
});

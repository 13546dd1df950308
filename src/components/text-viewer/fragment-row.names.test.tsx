// A provision's heading names it in the language read (issue 13): an EU act read in Czech is
// headed 'Článek 4 Sekretariát', the English column beside it 'Article 4 Secretariat'; a language
// the source has no name in keeps the stored name.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Node } from '../../api/contract';
import type { FragmentRow as Fragment } from '../../machines/reader/text-loading.machine';
import { setUpComponentTests } from '../../testing/component-tests';
import { renderScreen } from '../../testing/render-screen';
import { FragmentRow } from './fragment-row';
import { provisionLayouts } from './provision-layout';
import { SecondLanguageValueProvider, type SecondLanguageValue } from './second-language';

setUpComponentTests();

const ARTICLE: Node = {
  id: '20000000-0000-4000-8000-000000000004',
  node_type: 'article',
  type: 'Article',
  title: 'Secretariat',
  titles: { en: 'Secretariat', cs: 'Sekretariát' },
  cite_key: 'Article 4',
  external_id: 'annex-1/art-4',
  order_index: 0,
  depth: 0,
  derived_parent_id: null,
};
const fragmentIn = (language_code: string): Fragment => ({
  id: '10000000-0000-4000-8000-000000000004',
  node_id: ARTICLE.id,
  language_id: 1,
  language_code,
  cite_key: 'Article 4',
  fragment_uid: 'uid4',
  group_id: '30000000-0000-4000-8000-000000000004',
  has_text: false,
  seq: 4,
});

function show(language: string, second?: SecondLanguageValue) {
  const row = (
    <FragmentRow
      fragment={fragmentIn(language)}
      node={ARTICLE}
      layout={provisionLayouts([ARTICLE]).get(ARTICLE.id)}
      showHeader
      failed={false}
      selected={false}
      onRetry={() => {}}
      nodeHref={(id) => `?node=${id}`}
      onSelectNode={() => {}}
    />
  );
  return renderScreen(second ? <SecondLanguageValueProvider value={second}>{row}</SecondLanguageValueProvider> : row, {
    path: '/documents/x',
  });
}

describe('FragmentRow heading names by language', () => {
  it('names the provision in Czech when read in Czech, in English beside it', () => {
    show('cs', {
      lang: 'en',
      readLang: 'cs',
      layout: 'columns',
      texts: new Map(),
      failed: new Set(),
      shown: new Set(),
      toggle: () => {},
      retry: () => {},
      choices: ['en'],
      choose: () => {},
    });
    expect(screen.getByRole('heading').textContent).toBe('Článek 4 Sekretariát');
    expect(document.querySelector('.reader-heading-second')?.textContent).toBe('Article 4 Secretariat');
  });

  it('keeps the stored name in a language the source does not name it in', () => {
    show('de');
    expect(screen.getByRole('heading').textContent).toBe('Article 4 Secretariat');
  });
});

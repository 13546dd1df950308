// Word-level diff of Czech legal text: diacritics, punctuation and whitespace.
import { describe, expect, it } from 'vitest';
import { isWhitespaceOnly, keptShare, REWORDED_BELOW, sideOf, wordDiff } from './word-diff';

const render = (parts: ReturnType<typeof wordDiff>) =>
  parts.map((p) => (p.kind === 'same' ? p.text : p.kind === 'added' ? `{+${p.text}+}` : `[-${p.text}-]`)).join('');

describe('wordDiff', () => {
  it('keeps Czech words with diacritics whole', () => {
    expect(render(wordDiff('Prezidenta republiky volí Parlament.', 'Prezidenta republiky volí občané.'))).toBe(
      'Prezidenta republiky volí [-Parlament-]{+občané+}.',
    );
    expect(render(wordDiff('Soudce je vázán zákonem.', 'Soudce je vázán zákonem a ústavou.'))).toBe(
      'Soudce je vázán zákonem{+ a ústavou+}.',
    );
    // ř, ů, ž, ě inside a word do not split it.
    const parts = wordDiff('úřad předsedy', 'úřad místopředsedy');
    expect(parts.filter((p) => p.kind !== 'same').map((p) => p.text)).toEqual(['předsedy', 'místopředsedy']);
  });

  it('treats punctuation as its own unit', () => {
    expect(render(wordDiff('Výsledek se zapíše.', 'Výsledek se zapíše elektronicky.'))).toBe(
      'Výsledek se zapíše{+ elektronicky+}.',
    );
    expect(render(wordDiff('do protokolu,', 'do protokolu;'))).toBe('do protokolu[-,-]{+;+}');
  });

  it('reports whitespace changes without touching the words around them', () => {
    const parts = wordDiff('čl. 1  odst. 2', 'čl. 1 odst. 2');
    expect(parts.filter((p) => p.kind !== 'same')).toEqual([
      { kind: 'removed', text: '  ' },
      { kind: 'added', text: ' ' },
    ]);
    expect(parts.filter(isWhitespaceOnly)).toHaveLength(2);
    expect(render(wordDiff('první\ndruhý', 'první druhý'))).toBe('první[-\n-]{+ +}druhý');
  });

  it('joins neighbouring changed words into one change', () => {
    expect(render(wordDiff('volí Parlament na schůzi.', 'volí občané v přímé volbě.'))).toBe(
      'volí [-Parlament na schůzi-]{+občané v přímé volbě+}.',
    );
  });

  it('returns the text unchanged when both are equal, and handles empty sides', () => {
    expect(wordDiff('Stejný text.', 'Stejný text.')).toEqual([{ kind: 'same', text: 'Stejný text.' }]);
    expect(wordDiff('', 'Nový.')).toEqual([{ kind: 'added', text: 'Nový.' }]);
    expect(wordDiff('Starý.', '')).toEqual([{ kind: 'removed', text: 'Starý.' }]);
    expect(wordDiff('', '')).toEqual([]);
  });

  it('rebuilds each side from its parts', () => {
    const before = 'Prezidenta republiky volí Parlament na společné schůzi obou komor.';
    const after = 'Prezident republiky je volen v přímých volbách.';
    const parts = wordDiff(before, after);
    expect(
      sideOf(parts, 'old')
        .map((p) => p.text)
        .join(''),
    ).toBe(before);
    expect(
      sideOf(parts, 'new')
        .map((p) => p.text)
        .join(''),
    ).toBe(after);
  });
});

describe('keptShare', () => {
  it('is 1 for equal texts, 0 for texts with no word in common, and between for edits', () => {
    expect(keptShare(wordDiff('Stejný text.', 'Stejný text.'))).toBe(1);
    expect(keptShare(wordDiff('Jedna dvě.', 'Tři čtyři.'))).toBe(0);
    const share = keptShare(wordDiff('Výsledek se zapíše.', 'Výsledek se zapíše elektronicky.'));
    expect(share).toBeCloseTo(6 / 7);
    expect(share).toBeGreaterThan(REWORDED_BELOW);
  });
});

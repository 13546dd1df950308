// Moved texts without a database: Čl. 1's text into Čl. 1 odst. 1, a renumbered odstavec, a text
// split into new odstavce, and a repealed article that stays removed.
import { describe, expect, it } from 'vitest';
import {
  findMoves,
  movedDescendants,
  moveTextIds,
  wordSimilarity,
  type MoveNode,
} from '../../server/library/compare-moves.js';

const node = (version: string, path: string, text: string | null): MoveNode & { text: string } => ({
  id: `${version}:${path}`,
  path,
  uids: text === null ? null : `${path}|${text}`,
  text: text ?? '',
});

/** A version's nodes in order, from path to text (null: no text of its own). */
const version = (name: string, texts: Record<string, string | null>) =>
  Object.entries(texts).map(([path, text]) => node(name, path, text));

function moves(a: ReturnType<typeof node>[], b: ReturnType<typeof node>[]) {
  const texts = new Map([...a, ...b].map((n) => [n.id, n.text]));
  return findMoves(a, b, (id) => texts.get(id) ?? '').map((m) => [m.from.path, m.to.map((t) => t.path)]);
}

describe('findMoves', () => {
  it('finds an article text moved into its first odstavec', () => {
    const a = version('a', { 'cl-1': 'Česká republika je svrchovaný stát.' });
    const b = version('b', {
      'cl-1': null,
      'cl-1/odst-1': 'Česká republika je svrchovaný stát.',
      'cl-1/odst-2': 'Dodržuje závazky.',
    });
    expect(moves(a, b)).toEqual([['cl-1', ['cl-1/odst-1']]]);
  });

  it('finds a renumbered odstavec, leaving the new text at its old number added', () => {
    const a = version('a', {
      'cl-35/odst-1': 'Sněmovnu lze rozpustit.',
      'cl-35/odst-2': 'Sněmovnu nelze rozpustit tři měsíce před koncem.',
    });
    const b = version('b', {
      'cl-35/odst-1': 'Sněmovnu lze rozpustit.',
      'cl-35/odst-2': 'Prezident sněmovnu rozpustí, navrhne-li to.',
      'cl-35/odst-3': 'Sněmovnu nelze rozpustit tři měsíce před koncem.',
    });
    expect(moves(a, b)).toEqual([['cl-35/odst-2', ['cl-35/odst-3']]]);
  });

  it('takes a text split into new odstavce as one move to all of them', () => {
    const a = version('a', { 'cl-52': 'K platnosti zákona je třeba vyhlášení. Způsob vyhlášení stanoví zákon.' });
    const b = version('b', {
      'cl-52': null,
      'cl-52/odst-1': 'K platnosti zákona je třeba vyhlášení.',
      'cl-52/odst-2': 'Způsob vyhlášení stanoví zákon.',
    });
    expect(moves(a, b)).toEqual([['cl-52', ['cl-52/odst-1', 'cl-52/odst-2']]]);
  });

  it('leaves a repealed article removed and a changed text changed', () => {
    const a = version('a', {
      'cl-103': 'O názvu kraje rozhoduje jeho zastupitelstvo.',
      'cl-54/odst-2': 'Prezidenta volí Parlament.',
    });
    const b = version('b', {
      'cl-10a': 'Smlouvou lze přenést pravomoci.',
      'cl-54/odst-2': 'Prezidenta volí občané.',
      'cl-54/odst-3': 'Prezident odpovídá.',
    });
    expect(moves(a, b)).toEqual([]);
  });

  it('carries the nodes below a moved node along, and reads texts only when something may have moved', () => {
    const a = version('a', {
      'cl-87/odst-2': 'Zákon může stanovit výjimku.',
      'cl-87/odst-2/pism-a': 'o zrušení předpisů',
    });
    const b = version('b', {
      'cl-87/odst-3': 'Zákon může stanovit výjimku.',
      'cl-87/odst-3/pism-a': 'o zrušení předpisů',
    });
    const found = findMoves(a, b, (id) => [...a, ...b].find((n) => n.id === id)!.text);
    expect(movedDescendants(found, a, b).map(([x, y]) => [x.path, y.path])).toEqual([
      ['cl-87/odst-2/pism-a', 'cl-87/odst-3/pism-a'],
    ]);
    expect(moveTextIds(a, a)).toEqual([]);
  });
});

describe('wordSimilarity', () => {
  it('counts shared words regardless of case and punctuation', () => {
    expect(wordSimilarity('Volba se koná.', 'volba se koná')).toBe(1);
    expect(wordSimilarity('jedna dvě', 'tři čtyři')).toBe(0);
    expect(wordSimilarity('', 'cokoli')).toBe(0);
  });
});

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

function moves(a: ReturnType<typeof node>[], b: ReturnType<typeof node>[]) {
  const texts = new Map([...a, ...b].map((n) => [n.id, n.text]));
  return findMoves(a, b, (id) => texts.get(id) ?? '').map((m) => [m.from.path, m.to.map((t) => t.path)]);
}

describe('findMoves', () => {
  it('finds an article text moved into its first odstavec', () => {
    const a = [node('a', 'cl-1', 'Česká republika je svrchovaný stát.')];
    const b = [
      node('b', 'cl-1', null),
      node('b', 'cl-1/odst-1', 'Česká republika je svrchovaný stát.'),
      node('b', 'cl-1/odst-2', 'Dodržuje závazky.'),
    ];
    expect(moves(a, b)).toEqual([['cl-1', ['cl-1/odst-1']]]);
  });

  it('finds a renumbered odstavec, leaving the new text at its old number added', () => {
    const a = [
      node('a', 'cl-35/odst-1', 'Sněmovnu lze rozpustit.'),
      node('a', 'cl-35/odst-2', 'Sněmovnu nelze rozpustit tři měsíce před koncem.'),
    ];
    const b = [
      node('b', 'cl-35/odst-1', 'Sněmovnu lze rozpustit.'),
      node('b', 'cl-35/odst-2', 'Prezident sněmovnu rozpustí, navrhne-li to.'),
      node('b', 'cl-35/odst-3', 'Sněmovnu nelze rozpustit tři měsíce před koncem.'),
    ];
    expect(moves(a, b)).toEqual([['cl-35/odst-2', ['cl-35/odst-3']]]);
  });

  it('takes a text split into new odstavce as one move to all of them', () => {
    const a = [node('a', 'cl-52', 'K platnosti zákona je třeba vyhlášení. Způsob vyhlášení stanoví zákon.')];
    const b = [
      node('b', 'cl-52', null),
      node('b', 'cl-52/odst-1', 'K platnosti zákona je třeba vyhlášení.'),
      node('b', 'cl-52/odst-2', 'Způsob vyhlášení stanoví zákon.'),
    ];
    expect(moves(a, b)).toEqual([['cl-52', ['cl-52/odst-1', 'cl-52/odst-2']]]);
  });

  it('leaves a repealed article removed and a changed text changed', () => {
    const a = [
      node('a', 'cl-103', 'O názvu kraje rozhoduje jeho zastupitelstvo.'),
      node('a', 'cl-54/odst-2', 'Prezidenta volí Parlament.'),
    ];
    const b = [
      node('b', 'cl-10a', 'Smlouvou lze přenést pravomoci.'),
      node('b', 'cl-54/odst-2', 'Prezidenta volí občané.'),
      node('b', 'cl-54/odst-3', 'Prezident odpovídá.'),
    ];
    expect(moves(a, b)).toEqual([]);
  });

  it('carries the nodes below a moved node along, and reads texts only when something may have moved', () => {
    const a = [
      node('a', 'cl-87/odst-2', 'Zákon může stanovit výjimku.'),
      node('a', 'cl-87/odst-2/pism-a', 'o zrušení předpisů'),
    ];
    const b = [
      node('b', 'cl-87/odst-3', 'Zákon může stanovit výjimku.'),
      node('b', 'cl-87/odst-3/pism-a', 'o zrušení předpisů'),
    ];
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

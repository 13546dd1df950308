import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet-parts';

describe('snippetParts', () => {
  it('splits the text at the highlights, in order', () => {
    expect(
      snippetParts('Prezident republiky je hlavou státu.', [
        { start: 0, end: 9 },
        { start: 10, end: 19 },
      ]),
    ).toEqual([
      { text: 'Prezident', marked: true },
      { text: ' ', marked: false },
      { text: 'republiky', marked: true },
      { text: ' je hlavou státu.', marked: false },
    ]);
  });

  it('drops empty, overlapping and out-of-bounds ranges and keeps markup as text', () => {
    expect(
      snippetParts('<b>a</b> bc', [
        { start: 9, end: 11 },
        { start: 3, end: 3 },
        { start: 0, end: 3 },
        { start: 1, end: 2 },
        { start: 10, end: 40 },
      ]),
    ).toEqual([
      { text: '<b>', marked: true },
      { text: 'a</b> ', marked: false },
      { text: 'bc', marked: true },
    ]);
    expect(snippetParts('', [{ start: 0, end: 2 }])).toEqual([]);
  });
});

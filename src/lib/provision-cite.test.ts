// Provision names for the reader's 'Translate' links.
import { describe, expect, it } from 'vitest';
import { citedNode as node, nodesById } from '../testing/citation-fixtures';
import { provisionCite } from './provision-cite';

const nodes = [
  node('h1', 'title', 'Hlava 1'),
  node('c1', 'article', 'Čl. 1', 'h1'),
  node('p1', 'paragraph', 'odst. 1', 'c1'),
  node('l1', 'point', 'písm. a)', 'p1'),
  node('c4', 'article', 'Čl. 4', 'h1'),
];
const byId = nodesById(nodes);

describe('provisionCite', () => {
  it('names an article by its key, a paragraph or point with the provisions above it', () => {
    expect(provisionCite(byId.get('c4'), byId)).toBe('Čl. 4');
    expect(provisionCite(byId.get('p1'), byId)).toBe('Čl. 1 odst. 1');
    expect(provisionCite(byId.get('l1'), byId)).toBe('Čl. 1 odst. 1 písm. a)');
    expect(provisionCite(byId.get('h1'), byId)).toBe('Hlava 1');
  });

  it('gives up quietly without a node, a key or a known parent', () => {
    expect(provisionCite(undefined, byId)).toBeNull();
    expect(provisionCite(node('x', 'content', null), byId)).toBeNull();
    expect(provisionCite(node('y', 'paragraph', 'odst. 2', 'missing'), byId)).toBe('odst. 2');
  });
});

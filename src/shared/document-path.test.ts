import { describe, expect, it } from 'vitest';
import { collectionPath, documentIdFromSegment, documentPath, provisionPath, slugify } from './document-path';

describe('slugify', () => {
  it('folds Czech letters and joins words with single hyphens', () => {
    expect(slugify('Ústava České republiky')).toBe('ustava-ceske-republiky');
    expect(slugify('Zákon č. 89/2012 Sb., občanský zákoník')).toBe('zakon-c-89-2012-sb-obcansky-zakonik');
    expect(slugify('  --Příliš žluťoučký kůň--  ')).toBe('prilis-zlutoucky-kun');
  });
  it('cuts at 50 characters without a trailing hyphen', () => {
    const slug = slugify('Nařízení Evropského parlamentu a Rady (EU) 2016/679 o ochraně fyzických osob');
    expect(slug.length).toBeLessThanOrEqual(50);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.startsWith('narizeni-evropskeho-parlamentu-a-rady-eu-2016-679')).toBe(true);
  });
});

describe('document paths', () => {
  const id = '8661f9e7-8cb5-5c16-8ba5-202fe87e8806';
  it('builds /documents/{id}-{slug}', () => {
    expect(documentPath(id, 'Ústava České republiky')).toBe(`/documents/${id}-ustava-ceske-republiky`);
    expect(documentPath(id, 'Ústava', '/u/jana/ustavni-pravo')).toBe(`/u/jana/ustavni-pravo/documents/${id}-ustava`);
    expect(documentPath(id, '!!!')).toBe(`/documents/${id}`);
  });
  it('reads the id from the first 36 characters', () => {
    expect(documentIdFromSegment(`${id}-ustava`)).toBe(id);
    expect(documentIdFromSegment(id)).toBe(id);
    expect(documentIdFromSegment('not-a-document')).toBeUndefined();
  });
});

describe('collectionPath', () => {
  it('puts a collection under its owner, user or organization, with the parts encoded', () => {
    expect(collectionPath({ owner_type: 'user', owner_handle: 'jana', slug: 'gdpr' })).toBe('/u/jana/gdpr');
    expect(collectionPath({ owner_type: 'org', owner_handle: 'akv', slug: 'smlouvy 2026' })).toBe(
      '/org/akv/smlouvy%202026',
    );
  });
});

describe('provisionPath', () => {
  it('adds the node to the document address', () => {
    expect(
      provisionPath(
        '8661f9e7-8cb5-5c16-8ba5-202fe87e8806',
        'Ústava České republiky',
        'a1d8a28e-a3e3-5306-9b40-f7bc49c99083',
      ),
    ).toBe(
      '/documents/8661f9e7-8cb5-5c16-8ba5-202fe87e8806-ustava-ceske-republiky?node=a1d8a28e-a3e3-5306-9b40-f7bc49c99083',
    );
    expect(provisionPath('8661f9e7-8cb5-5c16-8ba5-202fe87e8806', '  ')).toBe(
      '/documents/8661f9e7-8cb5-5c16-8ba5-202fe87e8806',
    );
  });
});

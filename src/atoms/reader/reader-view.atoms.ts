// The reader's view choices that outlive a page: margin marks for provisions changed against the
// previous version ('Mark changes'), and the reading density (compact tightens lines and items).
import { atomWithStorage } from '../store';

export const markChangesAtom = atomWithStorage<boolean>('lexhub.reader.markChanges', false, undefined, {
  getOnInit: true,
});

export type ReadingDensity = 'comfortable' | 'compact';
export const readingDensityAtom = atomWithStorage<ReadingDensity>('lexhub.reader.density', 'comfortable', undefined, {
  getOnInit: true,
});

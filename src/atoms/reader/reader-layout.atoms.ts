// The reader's layout choices that outlive a page: whether the table of contents beside the text
// is shown (wide screens; below 1100 px it is a drawer opened on demand).
import { atomWithStorage } from '../store';

export const readerTocOpenAtom = atomWithStorage<boolean>('lexhub.reader.toc', true, undefined, { getOnInit: true });

// The acts a fresh library offers to import first (issue 16): the Czech Constitution and Charter
// of Fundamental Rights and Freedoms from e-Sbírka, GDPR and the EU Charter of Fundamental Rights
// (its 2016 consolidated text, a treaty's CELEX) from CELLAR; Czech and English where the service
// has them.
import type { SourceImportAct } from '../../src/api/contract/source-imports.js';

export const STARTER_SET: readonly SourceImportAct[] = [
  { source: 'e-sbirka', id: '1/1993 Sb.' },
  { source: 'e-sbirka', id: '2/1993 Sb.' },
  { source: 'cellar', id: '32016R0679' },
  { source: 'cellar', id: '12016P/TXT' },
];

export const STARTER_LANGUAGES = ['cs', 'en'];

// The target languages of the translation tool (GET /legal/languages), as a resource page.
import { call } from '../../api/client';
import { routes } from '../../api/contract/routes';
import type { LegalLanguage } from '../../api/contract/translation';
import { resourcePage } from '../resource-page.machine';

export const legalLanguagesMachine = resourcePage<LegalLanguage[]>(async (_key, signal) => {
  const answer = await call(routes.listLegalLanguages, { signal });
  return answer.items;
});

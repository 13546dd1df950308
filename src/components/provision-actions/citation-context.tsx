// What every provision's 'Copy citation' needs of the page: the act, the version's date of
// effect and name, and the reading language. The document screen provides it once around the text.
import { createContext, useContext, type ReactNode } from 'react';
import type { CitedAct } from '../../lib/citation';

export interface CitationSource {
  document: CitedAct;
  /** The version's date of effect (YYYY-MM-DD), null for an undated one. */
  validFrom: string | null;
  branchName?: string;
  /** The reading language: the citation takes its form. */
  lang: string;
}

const CitationContext = createContext<CitationSource | undefined>(undefined);

export function CitationProvider({ children, ...source }: CitationSource & { children: ReactNode }) {
  return <CitationContext.Provider value={source}>{children}</CitationContext.Provider>;
}

/** The page's citation source; undefined outside a CitationProvider (then only the link is copied). */
export const useCitationSource = () => useContext(CitationContext);

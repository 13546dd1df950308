// Keeps the panel's versions (and the text language) in the address, with history replace, so
// a reload or a shared link shows the same comparison.
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';

export interface AddressState {
  base?: string;
  head?: string;
  lang?: string;
}

export function useAddressSync({ base, head, lang }: AddressState) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const wanted: Record<string, string | undefined> = { base, head, lang };
    let changed = false;
    for (const [key, value] of Object.entries(wanted)) {
      if (value === undefined || params.get(key) === value) continue;
      params.set(key, value);
      changed = true;
    }
    if (changed) navigate(`${location}?${params.toString()}`, { replace: true });
  }, [base, head, lang, location, navigate, search]);
}

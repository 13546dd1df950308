// The side navigation: open on wide screens, collapsed up to 768 px until the user opens it.
import { atom } from '../store';

export const NARROW_SCREEN_QUERY = '(max-width: 768px)';
const narrowQuery =
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(NARROW_SCREEN_QUERY) : undefined;

export const isNarrowScreenAtom = atom(narrowQuery?.matches ?? false);
isNarrowScreenAtom.onMount = (set) => {
  if (!narrowQuery) return;
  const update = () => set(narrowQuery.matches);
  narrowQuery.addEventListener('change', update);
  return () => narrowQuery.removeEventListener('change', update);
};

/** null: follow the screen width; true/false: the user's explicit choice. */
export const sidebarChoiceAtom = atom<boolean | null>(null);

export const sidebarOpenAtom = atom(
  (get) => get(sidebarChoiceAtom) ?? !get(isNarrowScreenAtom),
  (_get, set, open: boolean) => set(sidebarChoiceAtom, open),
);

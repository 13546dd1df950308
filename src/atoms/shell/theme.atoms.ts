// The colour theme: light, dark or system (follows the operating system), kept in localStorage.
import { atom, atomWithStorage } from '../store';

export type ThemeChoice = 'light' | 'dark' | 'system';

export const themeChoiceAtom = atomWithStorage<ThemeChoice>('lexhub.theme', 'system', undefined, { getOnInit: true });

const systemDarkQuery =
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;

/** Whether the system prefers dark; updated when the system setting changes. */
export const systemPrefersDarkAtom = atom(systemDarkQuery?.matches ?? false);
systemPrefersDarkAtom.onMount = (set) => {
  if (!systemDarkQuery) return;
  const update = () => set(systemDarkQuery.matches);
  systemDarkQuery.addEventListener('change', update);
  return () => systemDarkQuery.removeEventListener('change', update);
};

/** The appearance actually shown. */
export const appearanceAtom = atom<'light' | 'dark'>((get) => {
  const choice = get(themeChoiceAtom);
  if (choice === 'system') return get(systemPrefersDarkAtom) ? 'dark' : 'light';
  return choice;
});

// The app's one Jotai store, and everything of Jotai the app uses: the rest of the app imports
// from here (the linter keeps it so). Code outside React (the realtime router, tests) reads and
// writes with `appStore.get/set`; tests make a fresh store with `createStore()`.
import { createStore } from 'jotai';

export const appStore = createStore();
export type JotaiStore = ReturnType<typeof createStore>;
export { createStore };
export { atom, Provider as AtomsProvider, useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
export { atomWithStorage } from 'jotai/utils';

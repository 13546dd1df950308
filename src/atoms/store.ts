// The app's one Jotai store, and the hooks the rest of the app imports from here. Code outside
// React (the realtime router, tests) reads and writes with `appStore.get/set`.
import { createStore } from 'jotai';

export const appStore = createStore();
export { Provider as AtomsProvider, useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';

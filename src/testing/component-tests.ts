// Lifecycle of a file of rendered-component tests: the jsdom shims Radix needs, and unmounting
// what each test rendered (vitest runs without globals, so Testing Library cannot do it itself).
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { installDomShims } from './dom-shims';

export function setUpComponentTests() {
  beforeAll(installDomShims);
  afterEach(cleanup);
}

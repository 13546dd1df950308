// The one error shape in server tests: the status (with the body as the failure message), then
// `{ detail }` parsed with the contract's schema; each API suite checked it the same way.
import { expect } from 'vitest';
import { ErrorBody } from '../../src/api/contract/common.js';
import { json } from './test-server.js';

/** Expects `status` and `detail`; returns the parsed body for checks of its other fields. */
export async function expectApiError(response: Response, status: number, detail: string): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  const body = await json(response, ErrorBody);
  expect(body.detail).toBe(detail);
  return body;
}

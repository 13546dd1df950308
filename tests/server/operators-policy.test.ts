// Who is an operator: a verified account whose email OPERATOR_EMAILS lists, compared without case.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.js';
import { isOperator, operatorEmailSet } from '../../server/policies/operators.js';

describe('isOperator', () => {
  const operators = operatorEmailSet(
    readConfig({ OPERATOR_EMAILS: ' Ops@Example.org , admin@example.org,' }).operatorEmails,
  );

  it('reads OPERATOR_EMAILS as a list of addresses, lowercased', () => {
    expect([...operators]).toEqual(['ops@example.org', 'admin@example.org']);
    expect(readConfig({}).operatorEmails).toEqual([]);
    expect(() => readConfig({ OPERATOR_EMAILS: 'ops@example.org, not an address' })).toThrow(/OPERATOR_EMAILS/);
  });

  it('counts a listed, verified account only', () => {
    expect(isOperator({ email: 'OPS@example.org', emailVerified: true }, operators)).toBe(true);
    expect(isOperator({ email: 'ops@example.org', emailVerified: false }, operators)).toBe(false);
    expect(isOperator({ email: 'someone@example.org', emailVerified: true }, operators)).toBe(false);
    expect(isOperator({ email: 'ops@example.org', emailVerified: true }, new Set())).toBe(false);
  });
});

// Who reads and writes a memory (issue 12): a user their own; an organization's, its members read
// it and its owners and admins write it (the same people who may give an agent a key to it).
import type { OrgRole } from '../../src/api/contract/orgs.js';

/** Any member of the organization reads its memory. */
export const canReadOrgMemory = (role: OrgRole | null): boolean => role !== null;

/** Owners and admins change it. */
export const canWriteOrgMemory = (role: OrgRole | null): boolean => role === 'owner' || role === 'admin';

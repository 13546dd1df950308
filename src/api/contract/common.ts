// Shapes shared by every resource: errors, ids, paging parameters.
import { z } from 'zod';

export { ErrorBody, ERROR_CODES, isErrorCode, type ErrorCode } from './errors';

export const Uuid = z.uuid();
/** YYYY-MM-DD from year 1 (PostgreSQL has no year 0). */
export const IsoDate = z.iso.date().refine((value) => !value.startsWith('0000'), 'year 0000 does not exist');

/** A positive page size: defaults when absent, clamped to the route's maximum. */
export const pageLimit = (fallback: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .transform((value) => Math.min(value ?? fallback, max))
    .describe(`Page size, default ${fallback}, at most ${max}`);

export const pageOffset = z.coerce.number().int().min(0).max(10_000_000).default(0).describe('Items to skip');

/** Items of a list response always travel under `items`. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export const IdParams = z.object({ id: Uuid });

// Shapes shared by every resource: errors, ids, paging parameters.
import { z } from 'zod';

/** Every failure leaves the server as `{detail}` with a stable machine-readable code. */
export const ErrorBody = z.object({
  detail: z.string().describe('Stable error code, e.g. validation_failed, not_found'),
  field: z.string().optional().describe('The request field that failed validation'),
  message: z.string().optional().describe('Human-readable explanation'),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ERROR_CODES = [
  'validation_failed',
  'not_found',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'method_not_allowed',
  'internal_error',
  'not_authenticated',
  'forbidden',
  'csrf_failed',
  'rate_limited',
  'precondition_failed',
  'precondition_required',
] as const;

export const Uuid = z.uuid();
export const IsoDate = z.iso.date();

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

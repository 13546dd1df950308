// The one way machines take a failure: an invoked call's error (or a failure event's `error`)
// becomes an ApiError in context, and guards ask for its code (its status only where the status
// is what matters, e.g. 401/403: the user must log in).
import { toApiError, type ApiError, type FailureCode } from '../api/client';

type Args = { event: { type: string } };
const errorOf = (event: { type: string }) => ('error' in event ? event.error : event);

/** The failed actor's error as an ApiError (an `onError` event carries `error: unknown`). */
export const failureOf = ({ event }: Args): ApiError => toApiError(errorOf(event));

/** A guard: the failure carries one of these codes. */
export const failedWith =
  (...codes: FailureCode[]) =>
  ({ event }: Args) =>
    codes.includes(failureOf({ event }).detail);

/** A guard: the failure answered one of these statuses (for a code-independent meaning, e.g. 401/403). */
export const failedWithStatus =
  (...statuses: number[]) =>
  ({ event }: Args) =>
    statuses.includes(failureOf({ event }).status);

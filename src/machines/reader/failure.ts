// The one way reader machines take a failure: an invoked call's error becomes an ApiError in
// context, and guards ask for its status.
import { toApiError, type ApiError } from '../../api/client';

type Args = { event: { type: string } };
const errorOf = (event: { type: string }) => ('error' in event ? event.error : event);

/** The failed actor's error as an ApiError (an `onError` event carries `error: unknown`). */
export const failureOf = ({ event }: Args): ApiError => toApiError(errorOf(event));

/** A guard: the failure answered this status. */
export const failedWith =
  (status: number) =>
  ({ event }: Args) =>
    failureOf({ event }).status === status;

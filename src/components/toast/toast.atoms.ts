// The toast queue: screens push a toast (title, description, variant, duration),
// the one Toaster in the shell shows it and drops it when it closes.
import type { ApiError } from '../../api/client';
import { atom } from '../../atoms/store';
import type { ErrorContext } from '../../i18n/error-message';

/**
 * A catalogue message, a failure (its message in the screen's context) or raw text. Messages and
 * failures are formatted when shown, so they follow the interface language.
 */
export type ToastText =
  | { id: string; values?: Record<string, string | number> }
  | { error: ApiError; context?: ErrorContext }
  | { raw: string };

export type ToastVariant = 'success' | 'error';

export interface ToastInput {
  variant: ToastVariant;
  title: ToastText;
  description?: ToastText;
  /** How long it stays, in ms (Radix pauses the timer while the toast is hovered or focused). */
  duration?: number;
}

export interface Toast extends ToastInput {
  key: number;
  duration: number;
}

export const DEFAULT_TOAST_MS = 5000;
/** More than this at once is noise: the oldest go first. */
export const MAX_TOASTS = 4;

let nextKey = 0;

export const toastsAtom = atom<Toast[]>([]);

export const showToastAtom = atom(null, (get, set, toast: ToastInput) => {
  const shown: Toast = { ...toast, key: ++nextKey, duration: toast.duration ?? DEFAULT_TOAST_MS };
  set(toastsAtom, [...get(toastsAtom), shown].slice(-MAX_TOASTS));
});

export const dismissToastAtom = atom(null, (get, set, key: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.key !== key),
  );
});

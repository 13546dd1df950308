// The toasts the auth forms (login, register, forgot, reset) raise when their call ends, built in
// one place so all four look alike: success in the form's own words, failure as the form's title
// over the error text from authErrorText.
import type { ErrorText } from '../../api/auth-error-messages';
import type { ToastInput } from '../../components/toast/toast.atoms';

/** `title`, `text`: catalogue ids; `duration` in ms, else the toast default. */
export function authSuccessToast(title: string, text: string, duration?: number): ToastInput {
  return {
    variant: 'success',
    title: { id: title },
    description: { id: text },
    ...(duration === undefined ? {} : { duration }),
  };
}

export function authFailureToast(title: string, error: ErrorText | undefined): ToastInput {
  return { variant: 'error', title: { id: title }, description: error };
}

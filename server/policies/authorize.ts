// Turns a policy's answer into the 403 the caller gets; policies themselves only answer yes/no.
import { forbidden } from '../http/errors.js';

export function authorize(allowed: boolean, message: string): void {
  if (!allowed) throw forbidden(message);
}

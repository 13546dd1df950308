// The logged-in user: undefined while /auth/me is asked, null when nobody is logged in.
import { atom } from '../store';
import type { CurrentUser } from '../../api/contract';

export const currentUserAtom = atom<CurrentUser | null | undefined>(undefined);

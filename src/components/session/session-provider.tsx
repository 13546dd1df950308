// Runs the session machine once for the app (mounted in the shell): bootstraps the user from
// /auth/me into currentUserAtom, lets screens and the account menu report a login or ask for a
// logout through `useSession()`, and shows the outcome of a logout as a toast.
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useSetAtom } from '../../atoms/store';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { sessionMachine } from '../../machines/accounts/session.machine';
import { showToastAtom } from '../toast/toast.atoms';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const setUser = useSetAtom(currentUserAtom);
  const showToast = useSetAtom(showToastAtom);
  const [, navigate] = useLocation();
  const session = useActorRef(
    sessionMachine.provide({
      actions: {
        publishUser: (_, { user }) => setUser(user),
        navigate: (_, { to }) => navigate(to),
      },
    }),
  );
  useEffect(() => {
    const subscriptions = [
      session.on('session.loggedOut', () => showToast({ variant: 'success', title: { id: 'account.loggedOut' } })),
      // The server may still hold the session: say so rather than pretend.
      session.on('session.logoutFailed', ({ error }) =>
        showToast({ variant: 'error', title: { id: 'account.logoutFailed' }, description: { error } }),
      ),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [session, showToast]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The app's session actor; only below SessionProvider (the shell). */
export function useSession(): SessionActor {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider above it (the app shell mounts one).');
  return session;
}

// Runs the live-connection machine once for the app: open while something wants it (the panel,
// the WS Demo) and someone is logged in; its status, problem and channel are mirrored into atoms,
// its frames into the traffic log, its commands through the command router.
import { useEffect } from 'react';
import { useActorRef } from '@xstate/react';
import { useAtomValue, useStore } from '../../atoms/store';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import {
  liveBadgeVisibleAtom,
  liveChannelAtom,
  liveDemandAtom,
  liveProblemAtom,
  liveStatusAtom,
  recordTrafficAtom,
} from '../../atoms/copilot/live.atoms';
import {
  liveConnectionMachine,
  selectBadgeVisible,
  selectLiveChannel,
  selectLiveProblem,
  selectLiveStatus,
} from '../../machines/copilot/live-connection.machine';
import { routeCommand } from '../../realtime/command-router';

export function LiveConnectionRunner() {
  const store = useStore();
  const userId = useAtomValue(currentUserAtom)?.id;
  const wanted = useAtomValue(liveDemandAtom).size > 0 && userId !== undefined;
  const actor = useActorRef(
    liveConnectionMachine.provide({
      actions: {
        recordTraffic: (_, entry) => store.set(recordTrafficAtom, entry),
        routeCommand: (_, { message }) => routeCommand(store, message),
      },
    }),
  );

  useEffect(() => {
    const mirror = () => {
      const snapshot = actor.getSnapshot();
      store.set(liveStatusAtom, selectLiveStatus(snapshot));
      store.set(liveBadgeVisibleAtom, selectBadgeVisible(snapshot));
      store.set(liveProblemAtom, selectLiveProblem(snapshot));
      store.set(liveChannelAtom, selectLiveChannel(snapshot));
    };
    mirror();
    const subscription = actor.subscribe(mirror);
    return () => subscription.unsubscribe();
  }, [actor, store]);

  // Another user (a login, a logout) closes the old connection and opens a new one.
  useEffect(() => {
    if (!wanted) return;
    actor.send({ type: 'live.open' });
    return () => actor.send({ type: 'live.close' });
  }, [actor, wanted, userId]);

  return null;
}

// Everything of the Copilot the shell mounts once: the conversation's actor, the live connection
// (open while the panel is), the navigator that follows the Copilot's commands, the floating
// button and the panel. A different user (login, logout) starts a fresh conversation.
import { useEffect, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { copilotPanelOpenAtom } from '../../atoms/copilot.atoms';
import { setLiveDemandAtom } from '../../atoms/live.atoms';
import { currentUserAtom } from '../../atoms/session.atoms';
import { useAtomValue, useSetAtom, useStore } from '../../atoms/store';
import { copilotChatMachine } from '../../machines/copilot-chat.machine';
import { CopilotButton } from './copilot-button';
import { CopilotChatContext } from './copilot-chat-context';
import { CopilotNavigator } from './copilot-navigator';
import { CopilotPanel } from './copilot-panel';
import { LiveConnectionRunner } from './live-connection-runner';
import './copilot.css';

export function CopilotRoot() {
  const store = useStore();
  const chat = useActorRef(copilotChatMachine, { input: { store } });
  const open = useAtomValue(copilotPanelOpenAtom);
  const setDemand = useSetAtom(setLiveDemandAtom);
  const userId = useAtomValue(currentUserAtom)?.id;

  // The live channel is open while the panel is.
  useEffect(() => {
    setDemand({ demand: 'panel', on: open });
  }, [open, setDemand]);

  // A conversation belongs to one user.
  const lastUser = useRef(userId);
  useEffect(() => {
    if (lastUser.current !== undefined && lastUser.current !== userId) chat.send({ type: 'chat.clear' });
    lastUser.current = userId;
  }, [chat, userId]);

  return (
    <CopilotChatContext.Provider value={chat}>
      <LiveConnectionRunner />
      <CopilotNavigator />
      <CopilotButton />
      <CopilotPanel />
    </CopilotChatContext.Provider>
  );
}

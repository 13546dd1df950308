// What the Copilot runs once it is wanted (the panel opened, or the WS Demo asked for the live
// channel): the conversation's actor, the live connection, the navigator that follows the
// Copilot's commands, and the panel. Loaded on demand by CopilotRoot, so a reader's first page
// does not carry it. A different user (login, logout) starts a fresh conversation.
import { useEffect, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { useAtomValue, useStore } from '../../atoms/store';
import { conversationActions, copilotChatMachine } from '../../machines/copilot/copilot-chat.machine';
import { CopilotChatContext } from './copilot-chat-context';
import { CopilotNavigator } from './copilot-navigator';
import { CopilotPanel } from './copilot-panel';
import { LiveConnectionRunner } from './live-connection-runner';

export default function CopilotWorkspace({ withPanel }: { withPanel: boolean }) {
  const store = useStore();
  const chat = useActorRef(copilotChatMachine.provide({ actions: conversationActions(store) }));
  const userId = useAtomValue(currentUserAtom)?.id;

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
      {withPanel && <CopilotPanel />}
    </CopilotChatContext.Provider>
  );
}

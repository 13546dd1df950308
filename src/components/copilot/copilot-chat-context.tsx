// The Copilot conversation's actor, run once by CopilotRoot and read by the panel's parts.
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { copilotChatMachine } from '../../machines/copilot/copilot-chat.machine';

export type CopilotChatActor = ActorRefFrom<typeof copilotChatMachine>;

export const CopilotChatContext = createContext<CopilotChatActor | null>(null);

export function useCopilotChat(): CopilotChatActor {
  const actor = useContext(CopilotChatContext);
  if (!actor) throw new Error('useCopilotChat needs CopilotRoot above it (the app shell mounts it).');
  return actor;
}

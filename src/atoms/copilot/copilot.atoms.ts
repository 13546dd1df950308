// The Copilot panel's state that is not a flow: panel open, the conversation, the automation
// events, and what the realtime router hands to the rest of the app (navigation, translation
// preview, search results). Written by components, machines and the realtime router alike.
import type { ApiError } from '../../api/client';
import { atom } from '../store';
import { sidebarOpenAtom } from '../shell/sidebar.atoms';

/** Up to this width the panel and the side navigation do not both fit: opening one closes the other. */
export const COPILOT_CROWDED_QUERY = '(max-width: 1440px)';
/** Newest automation events kept. */
export const MAX_AUTOMATION_EVENTS = 25;
/** An automation event's summary is cut to this many characters (the ellipsis included). */
export const MAX_EVENT_SUMMARY = 160;

export const copilotPanelOpenAtom = atom(false);

/** Opens or closes the panel; opening on a screen up to 1440 px wide also closes the sidebar. */
export const setCopilotPanelOpenAtom = atom(null, (_get, set, open: boolean) => {
  set(copilotPanelOpenAtom, open);
  if (open && isCrowdedScreen()) set(sidebarOpenAtom, false);
});

function isCrowdedScreen(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(COPILOT_CROWDED_QUERY).matches
  );
}

/** Why a reply failed, so the panel can word it from the catalogues. */
export type CopilotFailure =
  | { kind: 'loginRequired' }
  | { kind: 'session'; error: ApiError }
  | { kind: 'request'; error: ApiError }
  | { kind: 'templates' };

export interface CopilotMessage {
  id: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** True while the reply is still arriving. */
  streaming?: boolean;
  /** Set when the reply failed (`content` is then empty): the panel words the failure. */
  error?: CopilotFailure;
  /** 'channel' for messages that arrived as `chat.*` / `copilot.*` commands. */
  source?: 'chat' | 'channel';
}

export const copilotMessagesAtom = atom<CopilotMessage[]>([]);

export interface AutomationLink {
  label: string;
  href: string;
}

/** One command that arrived on the user's channel, as the events list shows it. */
export interface AutomationEvent {
  id: string;
  cmd: string;
  /** At most MAX_EVENT_SUMMARY characters. */
  summary: string;
  /** When it was published (the command's `ts`). */
  ts: number;
  links?: AutomationLink[];
  /** A navigation to an address outside the app, which was not followed. */
  refused?: true;
  /** The command's payload as it arrived (the panel words the activity from it). */
  payload?: Record<string, unknown>;
}

/** Newest first, at most MAX_AUTOMATION_EVENTS. */
export const automationEventsAtom = atom<AutomationEvent[]>([]);

/** An app path the Copilot asked to go to; CopilotNavigator follows it and clears it. */
export const pendingNavigationAtom = atom<string | null>(null);

/** The last navigation refused because it left the app; CopilotNavigator tells the user and clears it. */
export const refusedNavigationAtom = atom<{ cmd: string; path: string; ts: number } | null>(null);

/** The latest translation proposed for the editor (`editor.translation_preview`). */
export interface TranslationPreview {
  text: string;
  fragmentId?: string;
  language?: string;
  origin?: 'exact' | 'fuzzy' | 'mt';
  score?: number;
  ts: number;
}
export const translationPreviewAtom = atom<TranslationPreview | null>(null);

/** The last `search.results` the Copilot found (the quick search opens with its query). */
export interface CopilotSearchResults {
  q: string;
  items: { document_id: string; title?: string; external_id?: string }[];
  ts: number;
}
export const copilotSearchResultsAtom = atom<CopilotSearchResults | null>(null);

/** Empties the conversation and the events list (the session is dropped by the chat machine). */
export const clearConversationAtom = atom(null, (_get, set) => {
  set(copilotMessagesAtom, []);
  set(automationEventsAtom, []);
});

let sequence = 0;
/** Ids unique within the page, for list keys. */
export const nextCopilotId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(++sequence).toString(36)}`;

// Words an automation event as the reader's activity ("Copilot opened Čl. 54, 1/1993 Sb."): a
// catalogue message id and its values, from the command and its payload. The raw command stays
// in the event for the details toggle. Pure, so every command's wording is tested without React.
import type { AutomationEvent } from '../../atoms/copilot/copilot.atoms';

export interface ActivityDescription {
  /** A key of the catalogues, under copilot.activity. */
  id: string;
  values?: Record<string, string | number>;
}

type EventInput = Pick<AutomationEvent, 'cmd' | 'summary' | 'refused' | 'payload'>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const NOT_FOUND = /^(.*): not found$/;
const SEARCHED = /^“([\s\S]*)”: (\d+) documents?, (\d+) provisions?$/;

export function describeEvent(event: EventInput): ActivityDescription {
  const payload = event.payload ?? {};
  switch (event.cmd) {
    case 'tool.navigate': {
      const path = text(payload.path) ?? event.summary;
      if (event.refused) return { id: 'copilot.activity.navigationRefused', values: { path } };
      return path.startsWith('/documents/')
        ? { id: 'copilot.activity.showedDocument' }
        : { id: 'copilot.activity.navigated', values: { path } };
    }
    case 'editor.open':
      return event.refused
        ? { id: 'copilot.activity.navigationRefused', values: { path: event.summary } }
        : { id: 'copilot.activity.openedDocument' };
    case 'editor.translation_preview': {
      const language = text(payload.language);
      return language
        ? { id: 'copilot.activity.proposedTranslationInto', values: { language: language.toUpperCase() } }
        : { id: 'copilot.activity.proposedTranslation' };
    }
    case 'search.query':
      return { id: 'copilot.activity.quickSearch', values: { query: text(payload.q) ?? event.summary } };
    case 'search.results': {
      const items = Array.isArray(payload.items) ? payload.items.length : 0;
      return { id: 'copilot.activity.foundDocuments', values: { query: text(payload.q) ?? '', count: items } };
    }
    case 'chat.message':
      return { id: 'copilot.activity.wrote' };
    case 'copilot.tool_call':
      return describeToolCall(text(payload.name) ?? '', text(payload.summary) ?? '');
    default: {
      // A command the app does not know by name: its own summary when it gives one.
      const summary = text(payload.summary);
      return summary ? { id: 'copilot.activity.note', values: { text: summary } } : { id: 'copilot.activity.unknown' };
    }
  }
}

/** A tool the Copilot called, by the summaries server/copilot/automation.ts writes for it. */
function describeToolCall(name: string, summary: string): ActivityDescription {
  const missing = NOT_FOUND.exec(summary)?.[1];
  switch (name) {
    case 'open_document':
      if (missing) return { id: 'copilot.activity.openNotFound', values: { target: missing } };
      return summary
        ? { id: 'copilot.activity.opened', values: { target: summary } }
        : { id: 'copilot.activity.openedDocument' };
    case 'read_provision':
      if (missing) return { id: 'copilot.activity.readNotFound', values: { target: missing } };
      return summary
        ? { id: 'copilot.activity.read', values: { target: summary } }
        : { id: 'copilot.activity.readSome' };
    case 'search_documents': {
      const searched = SEARCHED.exec(summary);
      return searched
        ? { id: 'copilot.activity.searched', values: { query: searched[1]!, count: Number(searched[2]) } }
        : { id: 'copilot.activity.searchedSome' };
    }
    case 'lookup_translation_memory':
      return { id: 'copilot.activity.lookedUpMemory' };
    case 'propose_translation':
      return { id: 'copilot.activity.proposedTranslation' };
    default:
      return { id: 'copilot.activity.usedTool', values: { tool: name || '?' } };
  }
}

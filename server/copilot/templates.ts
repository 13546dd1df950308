// The prompt templates of the Copilot, served as GET /copilot_templates.json. The client sends
// the hash with its session and chat requests: a changed hash means a new session.
import { createHash } from 'node:crypto';
import type { CopilotTemplates } from '../../src/api/contract/copilot.js';

export const CHAT_TEMPLATE = 'lexhub.chat.v1';

const CHAT_SYSTEM_PROMPT = `You are Lexhub Copilot, an assistant for reading Czech and EU law in the Lexhub library.
Answer in the language of the user's question (Czech or English), briefly and precisely.
Ground every statement in the library: use search_documents to find provisions and read_provision to read a provision's exact text before you cite it.
Cite each provision you rely on as a markdown link to its address, for example [Čl. 54, 1/1993 Sb.](/documents/{id}-{slug}?node={node_id}); the tools return these links, copy them exactly.
When the user asks to open or show a document or a provision, call open_document. When the user asks for a translation of a provision or fragment, call lookup_translation_memory first, then propose_translation: an exact memory match unchanged, a fuzzy one adapted only where its differences require, your own words only when the memory has no match.
If the library does not contain the answer, say so; never invent provisions, numbers or dates.
Values such as [EMAIL], [PHONE] or [SECRET] are placeholders for redacted data; do not ask for the original values.`;

const TEMPLATES: CopilotTemplates['templates'] = [
  { capability: 'chat', template: CHAT_TEMPLATE, text: CHAT_SYSTEM_PROMPT },
];

/** The templates file: stable content, so a stable hash (sha256 of the templates' JSON). */
export const COPILOT_TEMPLATES: CopilotTemplates = {
  hash: createHash('sha256').update(JSON.stringify(TEMPLATES)).digest('hex'),
  templates: TEMPLATES,
};

export const templateText = (template: string) => TEMPLATES.find((t) => t.template === template)?.text;

// The activity wording of each automation command, and that every id it names is in both catalogues.
import { describe, expect, it } from 'vitest';
import cs from '../../i18n/cs.json';
import en from '../../i18n/en.json';
import { describeEvent } from './describe-event';

const event = (cmd: string, payload: Record<string, unknown>, extra: { summary?: string; refused?: true } = {}) => ({
  cmd,
  payload,
  summary: extra.summary ?? '',
  ...(extra.refused ? { refused: extra.refused } : {}),
});

describe('describeEvent', () => {
  it('words the tools the Copilot calls by what they did', () => {
    expect(describeEvent(event('copilot.tool_call', { name: 'open_document', summary: 'Čl. 54, 1/1993 Sb.' }))).toEqual(
      {
        id: 'copilot.activity.opened',
        values: { target: 'Čl. 54, 1/1993 Sb.' },
      },
    );
    expect(describeEvent(event('copilot.tool_call', { name: 'open_document', summary: '5/1900: not found' }))).toEqual({
      id: 'copilot.activity.openNotFound',
      values: { target: '5/1900' },
    });
    expect(describeEvent(event('copilot.tool_call', { name: 'read_provision', summary: '§ 2, 99/2020 Sb.' }))).toEqual({
      id: 'copilot.activity.read',
      values: { target: '§ 2, 99/2020 Sb.' },
    });
    expect(
      describeEvent(
        event('copilot.tool_call', {
          name: 'search_documents',
          summary: '“volba prezidenta”: 3 documents, 5 provisions',
        }),
      ),
    ).toEqual({ id: 'copilot.activity.searched', values: { query: 'volba prezidenta', count: 3 } });
    expect(describeEvent(event('copilot.tool_call', { name: 'lookup_translation_memory', summary: 'x → en' })).id).toBe(
      'copilot.activity.lookedUpMemory',
    );
    expect(describeEvent(event('copilot.tool_call', { name: 'summarize', summary: '' }))).toEqual({
      id: 'copilot.activity.usedTool',
      values: { tool: 'summarize' },
    });
  });

  it('words navigation, a refused one included, without showing ids', () => {
    expect(describeEvent(event('tool.navigate', { path: '/documents/0a1b-ustava?node=1' })).id).toBe(
      'copilot.activity.showedDocument',
    );
    expect(describeEvent(event('tool.navigate', { path: '/settings' }))).toEqual({
      id: 'copilot.activity.navigated',
      values: { path: '/settings' },
    });
    expect(
      describeEvent(
        event('tool.navigate', { path: '//evil.example/x' }, { summary: '//evil.example/x', refused: true }),
      ),
    ).toEqual({ id: 'copilot.activity.navigationRefused', values: { path: '//evil.example/x' } });
    expect(describeEvent(event('editor.open', { document_id: 'd' })).id).toBe('copilot.activity.openedDocument');
  });

  it('words searches, translations, messages and unknown commands', () => {
    expect(describeEvent(event('search.query', { q: 'svoboda projevu' }))).toEqual({
      id: 'copilot.activity.quickSearch',
      values: { query: 'svoboda projevu' },
    });
    expect(describeEvent(event('search.results', { q: 'ústava', items: [{}, {}] }))).toEqual({
      id: 'copilot.activity.foundDocuments',
      values: { query: 'ústava', count: 2 },
    });
    expect(describeEvent(event('editor.translation_preview', { translation_preview: 'x', language: 'en' }))).toEqual({
      id: 'copilot.activity.proposedTranslationInto',
      values: { language: 'EN' },
    });
    expect(describeEvent(event('chat.message', { role: 'assistant', content: 'Hi' })).id).toBe(
      'copilot.activity.wrote',
    );
    expect(describeEvent(event('tool.highlight', { summary: 'Highlighted Čl. 54' }))).toEqual({
      id: 'copilot.activity.note',
      values: { text: 'Highlighted Čl. 54' },
    });
    expect(describeEvent(event('tool.highlight', { node: 'cl-54' })).id).toBe('copilot.activity.unknown');
  });

  it('names only messages that both catalogues have', () => {
    const samples = [
      event('copilot.tool_call', { name: 'open_document', summary: 'a: not found' }),
      event('copilot.tool_call', { name: 'open_document', summary: 'a' }),
      event('copilot.tool_call', { name: 'open_document' }),
      event('copilot.tool_call', { name: 'read_provision', summary: 'a: not found' }),
      event('copilot.tool_call', { name: 'read_provision' }),
      event('copilot.tool_call', { name: 'search_documents', summary: 'odd' }),
      event('copilot.tool_call', { name: 'propose_translation' }),
      event('editor.translation_preview', {}),
      event('editor.open', {}, { summary: '//x', refused: true }),
    ];
    for (const sample of samples) {
      const { id } = describeEvent(sample);
      expect(en, id).toHaveProperty([id]);
      expect(cs, id).toHaveProperty([id]);
    }
  });
});

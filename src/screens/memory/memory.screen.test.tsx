// /memory against a mocked server: the entities with their counts, the search, an opened entity
// (observations, relations both ways, linked provisions as reader links), adding and deleting,
// an organization's memory and its refusal as a sentence, 'Connect an agent', keyboard and axe.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import type { MemoryEntityDetail, MemoryEntitySummary } from '../../api/contract/memory';
import { setUpComponentTests } from '../../testing/component-tests';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render-screen';
import { JANA } from '../../testing/users';
import { MemoryScreen } from './memory.screen';

const ORG_ID = '33333333-3333-4333-8333-333333333333';
const DOC_ID = '0b0f7c9a-2a39-5d5e-8a4b-6f4f1a1e0001';
const NODE_ID = '0b0f7c9a-2a39-5d5e-8a4b-6f4f1a1e0099';
const COURT: MemoryEntitySummary = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ústavní soud',
  entity_type: 'court',
  created_at: '2026-11-01T10:00:00.000Z',
  observation_count: 1,
  relation_count: 1,
  link_count: 1,
};
const JUDGE: MemoryEntitySummary = {
  ...COURT,
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Soudce',
  entity_type: 'person',
};
const courtDetail = (observations: string[]): MemoryEntityDetail => ({
  ...COURT,
  observation_count: observations.length,
  observations: observations.map((content, i) => ({
    id: `00000000-0000-4000-9000-00000000000${i}`,
    content,
    created_at: '2026-11-01T10:00:00.000Z',
  })),
  relations: [
    {
      id: '00000000-0000-4000-a000-000000000001',
      relation_type: 'works at',
      from: { id: JUDGE.id, name: JUDGE.name, entity_type: 'person' },
      to: { id: COURT.id, name: COURT.name, entity_type: 'court' },
    },
  ],
  links: [
    {
      id: '00000000-0000-4000-b000-000000000001',
      document_id: DOC_ID,
      node_id: NODE_ID,
      citation: 'čl. 83',
      note: 'the court',
      document: { external_id: '1/1993 Sb.', title: 'Ústava České republiky' },
    },
  ],
});

let observations = ['Sídlí v Brně'];
const listed: URLSearchParams[] = [];
const writes: string[] = [];
let orgForbidden = false;

setUpComponentTests();
mockApi(
  http.get('*/v1/memory/entities', ({ request }) => {
    const query = new URL(request.url).searchParams;
    listed.push(query);
    if (query.get('owner_type') === 'organization' && orgForbidden)
      return HttpResponse.json({ detail: 'forbidden' }, { status: 403 });
    const q = query.get('q');
    const items = [COURT, JUDGE].filter((e) => !q || e.name.toLowerCase().includes(q.toLowerCase()));
    return HttpResponse.json({ items });
  }),
  http.get('*/v1/memory/entities/:id', () => HttpResponse.json(courtDetail(observations))),
  http.post('*/v1/memory/entities/:id/observations', async ({ request }) => {
    const { content } = (await request.json()) as { content: string };
    writes.push(`add ${content}`);
    observations = [...observations, content];
    return HttpResponse.json(courtDetail(observations), { status: 201 });
  }),
  http.delete('*/v1/memory/entities/:id/observations/:observationId', () => {
    writes.push('delete observation');
    observations = [];
    return HttpResponse.json(courtDetail(observations));
  }),
  http.post('*/v1/memory/entities', async ({ request }) => {
    const body = (await request.json()) as { name: string; entity_type: string };
    writes.push(`create ${body.name}/${body.entity_type}`);
    return HttpResponse.json(
      {
        ...courtDetail([]),
        id: '00000000-0000-4000-8000-000000000003',
        name: body.name,
        entity_type: body.entity_type,
      },
      { status: 201 },
    );
  }),
  http.post('*/v1/memory/relations', async ({ request }) => {
    writes.push(`relate ${JSON.stringify(await request.json())}`);
    return HttpResponse.json(courtDetail(observations).relations[0], { status: 201 });
  }),
);

afterEach(() => {
  observations = ['Sídlí v Brně'];
  listed.length = 0;
  writes.length = 0;
  orgForbidden = false;
});

const openCourt = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByTestId(`memory-entity-${COURT.name}`));
  return screen.findByTestId('memory-entity-panel');
};

describe('MemoryScreen', () => {
  it('lists entities with their type and counts, and searches', async () => {
    const user = userEvent.setup();
    renderScreen(<MemoryScreen />, { user: JANA });
    const court = await screen.findByTestId(`memory-entity-${COURT.name}`);
    expect(court.textContent).toContain('court · 1 observation · 1 relation · 1 linked provision');
    await user.type(screen.getByRole('searchbox', { name: 'Search the memory' }), 'soudc');
    await waitFor(() => expect(screen.queryByTestId(`memory-entity-${COURT.name}`)).toBeNull());
    expect(screen.getByTestId(`memory-entity-${JUDGE.name}`)).toBeTruthy();
    // Debounced: one call for the five keys.
    expect(listed.filter((q) => q.get('q')).map((q) => q.get('q'))).toEqual(['soudc']);
  });

  it('opens an entity: observations, relations both ways, provisions linked to the reader', async () => {
    const user = userEvent.setup();
    renderScreen(<MemoryScreen />, { user: JANA });
    const panel = await openCourt(user);
    expect(within(panel).getByRole('heading', { level: 2, name: COURT.name })).toBeTruthy();
    expect(within(panel).getByText('Sídlí v Brně')).toBeTruthy();
    expect(within(panel).getByText('works at')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: JUDGE.name })).toBeTruthy();
    const link = within(panel).getByRole('link', { name: '1/1993 Sb., čl. 83' });
    expect(link.getAttribute('href')).toBe(`/documents/${DOC_ID}-ustava-ceske-republiky?node=${NODE_ID}`);
  });

  it('adds and deletes an observation, relates, and creates an entity', async () => {
    const user = userEvent.setup();
    renderScreen(<MemoryScreen />, { user: JANA });
    const panel = await openCourt(user);
    await user.type(within(panel).getByLabelText('New observation'), 'Má 15 soudců');
    await user.click(within(panel).getByRole('button', { name: 'Add observation' }));
    expect(await within(panel).findByText('Má 15 soudců')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Delete observation: Sídlí v Brně' }));
    expect(await within(panel).findByText('No observations.')).toBeTruthy();
    await user.type(within(panel).getByLabelText('Relation type'), 'sits in');
    await user.type(within(panel).getByLabelText('Related entity (its name)'), 'Brno');
    await user.click(within(panel).getByRole('button', { name: 'Add relation' }));
    await waitFor(() => expect(writes).toHaveLength(3));
    expect(writes).toEqual([
      'add Má 15 soudců',
      'delete observation',
      `relate ${JSON.stringify({ from: COURT.name, to: 'Brno', relation_type: 'sits in' })}`,
    ]);

    await user.type(screen.getByLabelText('Name'), 'Nález');
    await user.type(screen.getByLabelText('Type'), 'decision{Enter}');
    await waitFor(() => expect(writes.at(-1)).toBe('create Nález/decision'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nález' })).toBeTruthy();
  });

  it("an organization's memory needs its ID; a refusal is a sentence", async () => {
    orgForbidden = true;
    const user = userEvent.setup();
    renderScreen(<MemoryScreen />, { user: JANA });
    await screen.findByTestId(`memory-entity-${COURT.name}`);
    await user.click(screen.getByRole('radio', { name: "An organization's" }));
    expect(await screen.findByText('Provide an organization ID first')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Organization ID' }), ORG_ID);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(listed.at(-1)?.get('organization_id')).toBe(ORG_ID);
  });

  it('tells how to connect an agent: the MCP URL and a config with the key from the environment', async () => {
    renderScreen(<MemoryScreen />, { user: JANA });
    expect(screen.getByTestId('mcp-url').textContent).toBe(`${window.location.origin}/mcp`);
    const config = JSON.parse(screen.getByTestId('mcp-config').textContent ?? '') as {
      mcpServers: { lexhub: { url: string; headers: Record<string, string> } };
    };
    expect(config.mcpServers.lexhub.url).toBe(`${window.location.origin}/mcp`);
    expect(config.mcpServers.lexhub.headers.Authorization).toBe('Bearer ${LEXHUB_API_KEY}');
    expect(screen.getByRole('link', { name: 'Create an API key' }).getAttribute('href')).toBe('/settings/api-keys');
  });

  it('opens an entity with the keyboard', async () => {
    const user = userEvent.setup();
    renderScreen(<MemoryScreen />, { user: JANA });
    (await screen.findByTestId(`memory-entity-${COURT.name}`)).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('memory-entity-panel')).toBeTruthy();
  });

  it('has no serious axe violations', async () => {
    const user = userEvent.setup();
    renderScreen(<MemoryScreen />, { user: JANA });
    await openCourt(user);
    const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = report.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
  });
});

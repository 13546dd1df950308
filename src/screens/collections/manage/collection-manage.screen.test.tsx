// /collections/{id} against a mocked server that keeps its state: rename, delete after confirming,
// documents (pins, move, edit, remove, add by law number, refusals), maintainers (invited or added
// at once), Private or Team for an organization's collection, publishing, and a reader who gets no
// controls; a collection that is not there.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import type {
  CollectionItem,
  CollectionMaintainer,
  CollectionRole,
  CollectionSummary,
} from '../../../api/contract/collections';
import { toastTexts } from '../../../components/toast/testing';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render-screen';
import { JANA } from '../../../testing/users';
import { CollectionManageScreen } from './collection-manage.screen';

const ID = '11111111-1111-4111-8111-111111111111';
const USTAVA = 'd0000000-0000-4000-8000-000000000001';
const LISTINA = 'd0000000-0000-4000-8000-000000000002';
const DIRECTIVE = 'd0000000-0000-4000-8000-000000000003';
const ORG = '55555555-5555-4555-8555-555555555555';

const item = (document_id: string, external_id: string, title: string, position: number): CollectionItem => ({
  document_id,
  external_id,
  metadata: { title },
  languages_count: 1,
  source_system: null,
  position,
  note: null,
  as_of: null,
  branch_id: null,
  branch_name: 'main',
});

let collection: CollectionSummary;
let items: CollectionItem[];
let maintainers: CollectionMaintainer[];
const writes: string[] = [];

function reset(role: CollectionRole = 'owner') {
  collection = {
    id: ID,
    name: 'Ústavní právo',
    slug: 'ustavni-pravo',
    description: 'Základ',
    owner_type: 'user',
    owner_handle: 'jana',
    visibility: 'private',
    vanity_handle: null,
    role,
    document_count: 2,
    public_path: null,
  };
  items = [
    item(USTAVA, '1/1993 Sb.', 'Ústava České republiky', 1),
    { ...item(LISTINA, '2/1993 Sb.', 'Listina základních práv a svobod', 2), as_of: '2000-01-01', note: 'Čl. 10' },
  ];
  maintainers = [];
  writes.length = 0;
}
const full = () => ({ ...collection, document_count: items.length, documents: items });
const renumber = () => {
  items = items.map((entry, index) => ({ ...entry, position: index + 1 }));
};

setUpComponentTests();
mockApi(
  http.get('*/v1/legal/collections/:id', ({ params }) =>
    params.id === ID ? HttpResponse.json(full()) : HttpResponse.json({ detail: 'not_found' }, { status: 404 }),
  ),
  http.get('*/v1/legal/collections/:id/documents', () => HttpResponse.json({ items, next_cursor: null })),
  http.get('*/v1/legal/collections/:id/maintainers', () => HttpResponse.json({ items: maintainers })),
  http.patch('*/v1/legal/collections/:id', async ({ request }) => {
    const body = (await request.json()) as { name: string; description: string | null; visibility?: 'team' };
    if (body.visibility) {
      writes.push(`visibility ${body.visibility}`);
      if (collection.owner_type === 'user')
        return HttpResponse.json({ detail: 'team_needs_org_owner' }, { status: 400 });
      collection = { ...collection, visibility: body.visibility };
      return HttpResponse.json(full());
    }
    writes.push(`rename ${JSON.stringify(body)}`);
    collection = { ...collection, name: body.name, description: body.description };
    return HttpResponse.json(full());
  }),
  http.delete('*/v1/legal/collections/:id', () => {
    writes.push('delete');
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/v1/legal/documents', ({ request }) => {
    const number = new URL(request.url).searchParams.get('external_id');
    const docs =
      number === '32014L0092'
        ? [{ id: DIRECTIVE, external_id: '32014L0092', title: 'Directive 2014/92/EU' }]
        : number === '1/19'
          ? [{ id: USTAVA, external_id: '1/1993 Sb.', title: 'Ústava' }]
          : [];
    return HttpResponse.json({
      items: docs.map((doc) => ({
        ...doc,
        metadata: { title: doc.title, source_system: 'test' },
        published_date: null,
        effective_date: null,
        expiry_date: null,
        updated_at: '2026-01-01T00:00:00Z',
        counts: { nodes: 1, fragments: 1 },
        languages: ['cs'],
        branch: null,
      })),
    });
  }),
  http.post('*/v1/legal/collections/:id/documents', async ({ request }) => {
    const body = (await request.json()) as { document_id: string; note: string | null; as_of: string | null };
    writes.push(`add ${JSON.stringify(body)}`);
    if (items.some((entry) => entry.document_id === body.document_id))
      return HttpResponse.json({ detail: 'already_in_collection' }, { status: 409 });
    const added = {
      ...item(body.document_id, '32014L0092', 'Directive 2014/92/EU', items.length + 1),
      note: body.note,
      as_of: body.as_of,
    };
    items = [...items, added];
    return HttpResponse.json(added, { status: 201 });
  }),
  http.patch('*/v1/legal/collections/:id/documents/:docId', async ({ request, params }) => {
    const body = (await request.json()) as { position?: number; note?: string | null; as_of?: string | null };
    writes.push(`update ${String(params.docId)} ${JSON.stringify(body)}`);
    if (body.as_of === '1900-01-01') return HttpResponse.json({ detail: 'no_version_on_date' }, { status: 400 });
    const current = items.find((entry) => entry.document_id === params.docId)!;
    let changed = current;
    if (body.position !== undefined) {
      items = items.filter((entry) => entry !== current);
      items.splice(body.position - 1, 0, current);
      renumber();
      changed = items.find((entry) => entry.document_id === params.docId)!;
    } else {
      changed = { ...current, note: body.note ?? null, as_of: body.as_of ?? null };
      items = items.map((entry) => (entry === current ? changed : entry));
    }
    return HttpResponse.json(changed);
  }),
  http.delete('*/v1/legal/collections/:id/documents/:docId', ({ params }) => {
    writes.push(`remove ${String(params.docId)}`);
    const removed = items.find((entry) => entry.document_id === params.docId)!;
    items = items.filter((entry) => entry !== removed);
    renumber();
    return HttpResponse.json(removed);
  }),
  http.post('*/v1/legal/collections/:id/maintainers', async ({ request }) => {
    const body = (await request.json()) as { maintainer_type: 'user' | 'org'; maintainer_id: string };
    writes.push(`maintainer ${JSON.stringify(body)}`);
    if (body.maintainer_id === 'nikdo') return HttpResponse.json({ detail: 'not_found' }, { status: 404 });
    // An organization Jana runs is added at once; anyone else is invited.
    const pending = body.maintainer_id !== 'mojeorg';
    maintainers = [
      ...maintainers,
      { maintainer_type: body.maintainer_type, maintainer_id: pending ? ORG : ID, handle: body.maintainer_id, pending },
    ];
    return HttpResponse.json({ items: maintainers }, { status: 201 });
  }),
  http.delete('*/v1/legal/collections/:id/maintainers/:maintainerId', ({ params, request }) => {
    writes.push(
      `unmaintain ${String(params.maintainerId)} ${new URL(request.url).searchParams.get('maintainer_type')}`,
    );
    maintainers = maintainers.filter((entry) => entry.maintainer_id !== params.maintainerId);
    return HttpResponse.json({ items: maintainers });
  }),
  http.post('*/v1/legal/collections/:id/publish', async ({ request }) => {
    const body = (await request.json()) as { slug: string; owner_handle: string; is_public: boolean };
    writes.push(`publish ${JSON.stringify(body)}`);
    if (body.owner_handle !== 'jana') return HttpResponse.json({ detail: 'owner_handle_mismatch' }, { status: 400 });
    collection = {
      ...collection,
      slug: body.slug,
      visibility: body.is_public ? 'public' : 'private',
      public_path: body.is_public ? `/u/jana/${body.slug}` : null,
    };
    return HttpResponse.json(full());
  }),
  http.delete('*/v1/legal/collections/:id/publish', () => {
    writes.push('unpublish');
    collection = { ...collection, visibility: 'private', public_path: null, vanity_handle: null };
    return HttpResponse.json(full());
  }),
);
beforeEach(() => reset());

function open(id = ID, { toasts = false } = {}) {
  const user = userEvent.setup();
  const rendered = renderScreen(<CollectionManageScreen collectionId={id} />, {
    user: JANA,
    path: `/collections/${id}`,
    toasts,
  });
  return { user, ...rendered };
}
const documentsList = async () => within(await screen.findByTestId('collection-items')).getAllByRole('listitem');
const section = (name: string) => screen.getByRole('region', { name });

describe('CollectionManageScreen', () => {
  it('shows the collection with its documents in order, note and pin', async () => {
    open();
    const rows = await documentsList();
    expect(screen.getByRole('heading', { level: 1, name: 'Ústavní právo' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Ústavní právo · Lexhub'));
    expect(rows.map((row) => within(row).getAllByRole('link')[0]!.textContent)).toEqual([
      'Ústava České republiky',
      'Listina základních práv a svobod',
    ]);
    expect(rows[0]!.textContent).toContain('Latest');
    expect(rows[1]!.textContent).toContain('As in force on 1 January 2000');
    expect(rows[1]!.textContent).not.toContain('Jan 1, 2000');
    expect(rows[1]!.textContent).toContain('Čl. 10');
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(
      `/collections/${ID}/documents/${USTAVA}-ustava-ceske-republiky`,
    );
    expect(screen.getByText('2 documents')).toBeTruthy();
  });

  it('moves, edits the note and pin (with a refusal), and removes documents', async () => {
    const { user } = open();
    await documentsList();
    expect(screen.getByRole('button', { name: 'Move Ústava České republiky up' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move Ústava České republiky down' }));
    await waitFor(async () =>
      expect((await documentsList())[0]!.textContent).toContain('Listina základních práv a svobod'),
    );
    expect(writes).toEqual([`update ${USTAVA} {"position":2}`]);

    await user.click(screen.getByRole('button', { name: 'Edit the note and pin of Listina základních práv a svobod' }));
    const form = screen.getByRole('form', { name: 'Note and pin of Listina základních práv a svobod' });
    const date = within(form).getByLabelText('Version in force on');
    expect((date as HTMLInputElement).value).toBe('2000-01-01');
    await user.clear(date);
    await user.type(date, '1900-01-01');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The document has no version in force on that date.',
    );
    await user.clear(date);
    const note = within(form).getByRole('textbox', { name: 'Note' });
    await user.clear(note);
    await user.type(note, 'Preambule');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: /Note and pin of/ })).toBeNull());
    expect(writes.at(-1)).toBe(`update ${LISTINA} {"note":"Preambule","as_of":null}`);
    const first = (await documentsList())[0]!;
    expect(first.textContent).toContain('Preambule');
    expect(first.textContent).toContain('Latest');

    await user.click(screen.getByRole('button', { name: 'Remove Ústava České republiky' }));
    await waitFor(async () => expect(await documentsList()).toHaveLength(1));
    expect(screen.getByText('1 document')).toBeTruthy();
  });

  it('adds a document by law number with a note and pin, and says why one cannot be added', async () => {
    const { user } = open();
    await documentsList();
    const add = screen.getByRole('form', { name: 'Add a document' });
    const button = within(add).getByRole('button', { name: 'Add' });
    expect(button.hasAttribute('disabled')).toBe(true);
    const reference = within(add).getByRole('textbox', { name: 'Document ID or law number' });

    await user.type(reference, '1/19');
    await user.click(button);
    expect((await within(add).findByRole('alert')).textContent).toBe('No document has the law number or ID “1/19”.');
    expect(writes).toEqual([]);

    await user.clear(reference);
    await user.type(reference, USTAVA);
    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain('This document is already in the collection.');

    await user.clear(reference);
    await user.type(reference, '32014L0092');
    await user.type(within(add).getByRole('textbox', { name: 'Note (optional)' }), 'Směrnice');
    await user.type(within(add).getByLabelText('Version in force on'), '2020-05-01');
    await user.click(button);
    await waitFor(async () => expect(await documentsList()).toHaveLength(3));
    expect(writes.at(-1)).toBe(`add {"document_id":"${DIRECTIVE}","note":"Směrnice","as_of":"2020-05-01"}`);
    expect((reference as HTMLInputElement).value).toBe('');
    expect((await documentsList())[2]!.textContent).toContain('As in force on 1 May 2020');
  });

  it('adds maintainers by type and handle (not while empty), says an unknown one, and removes one', async () => {
    const { user } = open(ID, { toasts: true });
    await documentsList();
    const region = section('Maintainers');
    expect(within(region).getByText('No maintainers besides the owner.')).toBeTruthy();
    const add = within(region).getByRole('form', { name: 'Add a maintainer' });
    const button = within(add).getByRole('button', { name: 'Add' });
    expect(button.hasAttribute('disabled')).toBe(true);
    const field = within(add).getByRole('textbox', { name: 'Handle or ID' });
    await user.type(field, 'nikdo');
    expect(button.hasAttribute('disabled')).toBe(false);
    await user.click(button);
    expect((await within(add).findByRole('alert')).textContent).toBe('No user has the handle or ID “nikdo”.');

    await user.selectOptions(within(add).getByRole('combobox', { name: 'Type' }), 'Organization');
    await user.clear(field);
    await user.type(field, 'akcr');
    await user.click(button);
    const list = await within(region).findByRole('list');
    expect(within(list).getByRole('link', { name: 'akcr' }).getAttribute('href')).toBe('/org/akcr');
    expect(list.textContent).toContain('Invitation not accepted yet');
    expect(writes.at(-1)).toBe('maintainer {"maintainer_type":"org","maintainer_id":"akcr"}');
    await waitFor(() => expect(toastTexts()).toEqual(['Invitation sent: akcr becomes a maintainer once they accept.']));

    // An organization the owner runs needs no invitation.
    await user.type(field, 'mojeorg');
    await user.click(button);
    await waitFor(() => expect(toastTexts()).toContain('Maintainer added.'));
    const added = within(list).getByRole('link', { name: 'mojeorg' }).closest('li')!;
    expect(added.textContent).not.toContain('Invitation not accepted yet');
    await user.click(within(list).getByRole('button', { name: 'Remove mojeorg' }));
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'mojeorg' })).toBeNull());

    await user.click(within(list).getByRole('button', { name: 'Remove akcr' }));
    await waitFor(() => expect(within(region).queryByRole('list')).toBeNull());
    expect(writes.at(-1)).toBe(`unmaintain ${ORG} org`);
  });

  it('publishes under the owner handle, shows the public address, and unpublishes', async () => {
    const { user } = open();
    await documentsList();
    const region = section('Publishing');
    const slug = within(region).getByRole('textbox', { name: 'Slug' });
    const owner = within(region).getByRole('textbox', { name: 'Owner handle' });
    expect((slug as HTMLInputElement).value).toBe('ustavni-pravo');
    expect((owner as HTMLInputElement).value).toBe('jana');
    expect(within(region).getByRole('switch', { name: 'Public' }).getAttribute('aria-checked')).toBe('true');
    expect(within(region).getByRole('button', { name: 'Unpublish' }).hasAttribute('disabled')).toBe(true);

    await user.clear(slug);
    await user.click(within(region).getByRole('button', { name: 'Publish' }));
    expect(within(region).getByRole('alert').textContent).toBe('Provide slug and owner handle before publishing');
    await user.type(slug, 'ustava');
    await user.clear(owner);
    await user.type(owner, 'petr');
    await user.click(within(region).getByRole('button', { name: 'Publish' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'The owner handle must be the handle of the collection’s owner.',
    );
    expect(owner.getAttribute('aria-invalid')).toBe('true');

    await user.clear(owner);
    await user.type(owner, 'jana');
    await user.click(within(region).getByRole('button', { name: 'Publish' }));
    const address = await screen.findByTestId('public-address');
    expect(address.getAttribute('href')).toBe('/u/jana/ustava');
    expect(writes.at(-1)).toBe('publish {"slug":"ustava","owner_handle":"jana","vanity_handle":null,"is_public":true}');
    expect(screen.getAllByText('Public').length).toBeGreaterThan(0);

    await user.click(within(region).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(screen.queryByTestId('public-address')).toBeNull());
    expect(within(region).getByText('The collection is private again.')).toBeTruthy();
  });

  it('renames, and deletes only after confirming, then goes back to the list', async () => {
    const { user, location } = open();
    await documentsList();
    const region = section('Name and description');
    const save = within(region).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    const name = within(region).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Ústava');
    await user.click(save);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ústava' })).toBeTruthy();
    expect(writes).toEqual(['rename {"name":"Ústava","description":"Základ"}']);

    await user.click(within(region).getByRole('button', { name: 'Delete collection' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this collection?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes).toHaveLength(1);
    await user.click(within(region).getByRole('button', { name: 'Delete collection' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/collections'));
    expect(writes.at(-1)).toBe('delete');
  });

  it('lets the owner of an organization’s collection choose Private or Team from the keyboard', async () => {
    collection = { ...collection, owner_type: 'org', owner_handle: 'akcr' };
    const { user } = open(ID, { toasts: true });
    await documentsList();
    const region = section('Who may read it');
    expect(within(region).getByTestId('current-visibility').textContent).toBe('Now: Private');
    const save = within(region).getByRole('button', { name: 'Save visibility' });
    expect(save.hasAttribute('disabled')).toBe(true);
    const group = within(region).getByRole('radiogroup', { name: 'Who may read it' });
    const privateChoice = within(group).getByRole('radio', { name: 'Private' });
    const teamChoice = within(group).getByRole('radio', { name: 'Team' });
    expect(privateChoice.getAttribute('aria-checked')).toBe('true');
    expect(document.getElementById(teamChoice.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Every member of akcr as well.',
    );

    privateChoice.focus();
    // Arrows move between the choices (a browser checks the one reached; jsdom needs the Space).
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(teamChoice);
    await user.keyboard(' ');
    expect(teamChoice.getAttribute('aria-checked')).toBe('true');
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.tab();
    expect(document.activeElement).toBe(save);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(region).getByTestId('current-visibility').textContent).toBe('Now: Team'));
    expect(writes).toEqual(['visibility team']);
    expect(save.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(toastTexts()).toContain('Visibility saved: Team'));
    // The badge under the name follows.
    expect(screen.getAllByText('Team').length).toBeGreaterThan(1);
  });

  it('offers no visibility choice for a person’s collection or a public one', async () => {
    open();
    await documentsList();
    expect(screen.queryByRole('region', { name: 'Who may read it' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('offers no visibility choice once an organization’s collection is public', async () => {
    collection = {
      ...collection,
      owner_type: 'org',
      owner_handle: 'akcr',
      visibility: 'public',
      public_path: '/org/akcr/x',
    };
    open();
    await documentsList();
    expect(screen.queryByRole('region', { name: 'Who may read it' })).toBeNull();
  });

  it('gives a reader no controls', async () => {
    reset('reader');
    maintainers = [{ maintainer_type: 'user', maintainer_id: ORG, handle: 'petr', pending: false }];
    open();
    await documentsList();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Publishing' })).toBeNull();
    expect(screen.getByRole('link', { name: '@petr' })).toBeTruthy();
  });

  it('says a collection was not found', async () => {
    open('99999999-9999-4999-8999-999999999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Collection not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Collection not found · Lexhub'));
    expect(screen.getByRole('link', { name: 'All collections' }).getAttribute('href')).toBe('/collections');
  });

  it('has no serious axe violations', async () => {
    collection = { ...collection, owner_type: 'org', owner_handle: 'akcr' };
    maintainers = [{ maintainer_type: 'user', maintainer_id: ORG, handle: 'petr', pending: true }];
    open();
    await documentsList();
    const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = report.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
  });
});

// The teams flow: slug suggested from the name until typed by hand, the create request built
// from the form, a failure kept for the screen, the new organization appended to the list; pages
// of organizations; invitations accepted (a member now) or declined; an owner's rename (only
// what changed is sent, slug_taken kept on the form) and delete (confirmed first; a refusal keeps
// the dialog open).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import type { MyOrgInvitation, Org } from '../../api/contract';
import {
  renameRequest,
  requestFromForm,
  selectCanRename,
  selectDeleteAsked,
  selectRenameForm,
  suggestSlug,
  teamsMachine,
  type InvitationAnswer,
  type OrgForm,
  type OrgListItem,
} from './teams.machine';

const ME = 'jana';

const created = (form: OrgForm): Org => ({
  id: '55555555-5555-4555-8555-555555555555',
  ...requestFromForm(form),
  website: null,
  role: 'owner',
  members: [{ username: ME, first_name: 'Jana', last_name: 'N', role: 'owner' }],
  invitations: [],
});

const item = (slug: string, role: OrgListItem['role'], id: string): OrgListItem => ({
  id,
  name: `Org ${slug}`,
  slug,
  abbreviation: null,
  website: null,
  locations: [],
  role,
  member_count: 2,
});
const OWNED = item('owned', 'owner', '11111111-1111-4111-8111-111111111111');
const JOINED = item('joined', 'member', '22222222-2222-4222-8222-222222222222');
const INVITED_ID = '33333333-3333-4333-8333-333333333333';

const invitation = (slug: string, id: string): MyOrgInvitation => ({
  org: { id, name: `Org ${slug}`, slug },
  role: 'admin',
  invited_by: { username: 'petr', first_name: 'Petr', last_name: 'S' },
  created_at: '2026-11-25T00:00:00.000Z',
});

const asOrg = (summary: OrgListItem, role = summary.role): Org => {
  const { member_count: _count, ...rest } = summary;
  return { ...rest, role, members: [], invitations: [] };
};

type Loaded = { orgs: OrgListItem[]; nextCursor: string | null; invitations: MyOrgInvitation[] };

type Actors = NonNullable<Parameters<typeof teamsMachine.provide>[0]['actors']>;

function start(loaded: Loaded, actors: Actors = {}) {
  return createActor(
    teamsMachine.provide({
      actors: {
        loadTeams: fromPromise(async () => loaded),
        ...actors,
      },
    }),
    { input: { username: ME } },
  ).start();
}

describe('teamsMachine', () => {
  it('suggests a slug until one is typed, creates and lists the organization', async () => {
    let slugTaken = true;
    const actor = start(
      { orgs: [], nextCursor: null, invitations: [] },
      {
        createOrg: fromPromise(async ({ input }: { input: { form: OrgForm } }) => {
          if (slugTaken) throw new ApiError(409, 'slug_taken');
          return created(input.form);
        }),
      },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().matches({ ready: { create: 'idle' } })).toBe(true);

    actor.send({ type: 'create.field', field: 'name', value: 'Advokátní komora ČR' });
    expect(actor.getSnapshot().context.form.slug).toBe('advokatni-komora-cr');
    actor.send({ type: 'create.addLocation' });
    actor.send({ type: 'create.addLocation' });
    actor.send({ type: 'create.location', index: 0, field: 'city', value: ' Praha ' });
    actor.send({ type: 'create.location', index: 0, field: 'country', value: 'cz' });
    actor.send({ type: 'create.submit' });
    await waitFor(actor, (s) => s.matches({ ready: { create: 'failed' } }));
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 409, detail: 'slug_taken' });

    actor.send({ type: 'create.field', field: 'slug', value: 'cak' });
    actor.send({ type: 'create.field', field: 'name', value: 'Česká advokátní komora' });
    expect(actor.getSnapshot().context.form.slug).toBe('cak');
    expect(requestFromForm(actor.getSnapshot().context.form)).toEqual({
      name: 'Česká advokátní komora',
      slug: 'cak',
      abbreviation: null,
      website: '',
      locations: [{ city: 'Praha', country: 'CZ' }],
    });
    slugTaken = false;
    actor.send({ type: 'create.submit' });
    const done = await waitFor(actor, (s) => s.matches({ ready: { create: 'created' } }));
    expect(done.context.orgs.map((org) => [org.slug, org.member_count])).toEqual([['cak', 1]]);
    expect(done.context.form.name).toBe('');
    expect(done.context.created).toBe('cak');
  });

  it('cuts a suggested slug to 50 characters without a trailing hyphen', () => {
    expect(suggestSlug('A'.repeat(49) + ' b')).toBe('a'.repeat(49));
    expect(suggestSlug('Ústav práva')).toBe('ustav-prava');
  });

  it('loads the next page by its cursor and stops at the last one', async () => {
    const cursors: string[] = [];
    const actor = start(
      { orgs: [OWNED], nextCursor: 'c1', invitations: [] },
      {
        loadMoreOrgs: fromPromise(async ({ input }: { input: { cursor: string } }) => {
          cursors.push(input.cursor);
          // The owned row again (created meanwhile) is not listed twice.
          return { items: [OWNED, JOINED], next_cursor: null as string | null };
        }),
      },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'teams.more' });
    const done = await waitFor(actor, (s) => s.matches({ ready: { pages: 'idle' } }) && s.context.nextCursor === null);
    expect(cursors).toEqual(['c1']);
    expect(done.context.orgs.map((org) => org.slug)).toEqual(['owned', 'joined']);
    actor.send({ type: 'teams.more' });
    expect(actor.getSnapshot().matches({ ready: { pages: 'idle' } })).toBe(true);
    expect(cursors).toHaveLength(1);
  });

  it('accepts an invitation (a member now, listed) and declines another; a failure keeps it', async () => {
    const answers: { slug: string; username: string; answer: InvitationAnswer }[] = [];
    let fail = true;
    const actor = start(
      {
        orgs: [OWNED],
        nextCursor: null,
        invitations: [invitation('invited', INVITED_ID), invitation('spam', '44444444-4444-4444-8444-444444444444')],
      },
      {
        answerInvitation: fromPromise(
          async ({ input }: { input: { slug: string; username: string; answer: InvitationAnswer } }) => {
            answers.push(input);
            if (fail) throw new ApiError(404, 'not_found');
            if (input.answer === 'decline') return { answer: 'decline' as const, slug: input.slug };
            return {
              answer: 'accept' as const,
              org: asOrg(item('invited', 'admin', INVITED_ID)),
            };
          },
        ),
      },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    // Not invited there: nothing happens.
    actor.send({ type: 'invitation.accept', slug: 'owned' });
    expect(actor.getSnapshot().matches({ ready: { action: 'idle' } })).toBe(true);

    actor.send({ type: 'invitation.accept', slug: 'invited' });
    expect(actor.getSnapshot().matches({ ready: { action: 'answering' } })).toBe(true);
    let snapshot = await waitFor(actor, (s) => s.matches({ ready: { action: 'idle' } }));
    expect(snapshot.context.actionError).toMatchObject({ status: 404, detail: 'not_found' });
    expect(snapshot.context.invitations).toHaveLength(2);

    fail = false;
    actor.send({ type: 'invitation.accept', slug: 'invited' });
    snapshot = await waitFor(actor, (s) => s.matches({ ready: { action: 'idle' } }) && s.context.joined !== undefined);
    expect(snapshot.context.actionError).toBeUndefined();
    expect(snapshot.context.joined).toBe('Org invited');
    expect(snapshot.context.orgs.map((org) => [org.slug, org.role])).toEqual([
      ['owned', 'owner'],
      ['invited', 'admin'],
    ]);
    expect(snapshot.context.invitations.map((i) => i.org.slug)).toEqual(['spam']);

    actor.send({ type: 'invitation.decline', slug: 'spam' });
    snapshot = await waitFor(
      actor,
      (s) => s.matches({ ready: { action: 'idle' } }) && s.context.invitations.length === 0,
    );
    expect(snapshot.context.orgs).toHaveLength(2);
    expect(answers).toEqual([
      { slug: 'invited', username: ME, answer: 'accept' },
      { slug: 'invited', username: ME, answer: 'accept' },
      { slug: 'spam', username: ME, answer: 'decline' },
    ]);
  });

  it('renames an owned organization: only changed fields are sent, slug_taken stays on the form', async () => {
    const bodies: unknown[] = [];
    const actor = start(
      { orgs: [OWNED, JOINED], nextCursor: null, invitations: [] },
      {
        renameOrg: fromPromise(
          async ({ input }: { input: { slug: string; body: { name?: string; slug?: string } } }) => {
            bodies.push(input);
            if (input.body.slug === 'taken') throw new ApiError(409, 'slug_taken');
            return asOrg({ ...OWNED, name: input.body.name ?? OWNED.name, slug: input.body.slug ?? OWNED.slug });
          },
        ),
      },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    // A member does not rename.
    actor.send({ type: 'rename.open', slug: 'joined' });
    expect(selectRenameForm(actor.getSnapshot())).toBeUndefined();

    actor.send({ type: 'rename.open', slug: 'owned' });
    expect(selectRenameForm(actor.getSnapshot())).toEqual({ slug: 'owned', name: 'Org owned', nextSlug: 'owned' });
    expect(selectCanRename(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'rename.field', field: 'slug', value: 'taken' });
    expect(selectCanRename(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'rename.submit' });
    let snapshot = await waitFor(actor, (s) => s.matches({ ready: { action: { renaming: 'editing' } } }));
    expect(snapshot.context.actionError).toMatchObject({ status: 409, detail: 'slug_taken' });
    expect(selectRenameForm(snapshot)?.nextSlug).toBe('taken');

    actor.send({ type: 'rename.field', field: 'slug', value: 'owned' });
    actor.send({ type: 'rename.field', field: 'name', value: ' Renamed ' });
    actor.send({ type: 'rename.submit' });
    snapshot = await waitFor(actor, (s) => s.matches({ ready: { action: 'idle' } }));
    expect(bodies).toEqual([
      { slug: 'owned', body: { slug: 'taken' } },
      { slug: 'owned', body: { name: 'Renamed' } },
    ]);
    expect(snapshot.context.orgs.map((org) => org.name)).toEqual(['Renamed', 'Org joined']);
    expect(renameRequest({ slug: 'a', name: 'A', nextSlug: 'B ' }, { name: 'A', slug: 'a' })).toEqual({ slug: 'b' });

    actor.send({ type: 'rename.open', slug: 'owned' });
    actor.send({ type: 'rename.cancel' });
    expect(actor.getSnapshot().matches({ ready: { action: 'idle' } })).toBe(true);
  });

  it('deletes an owned organization only once confirmed; a refusal keeps the dialog with its reason', async () => {
    let ownsCollections = true;
    const deleted: string[] = [];
    const actor = start(
      { orgs: [OWNED, JOINED], nextCursor: null, invitations: [] },
      {
        deleteOrg: fromPromise(async ({ input }: { input: { slug: string } }) => {
          deleted.push(input.slug);
          if (ownsCollections) throw new ApiError(409, 'org_has_collections');
          return { id: OWNED.id, name: OWNED.name, slug: OWNED.slug };
        }),
      },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'delete.ask', slug: 'joined' });
    expect(selectDeleteAsked(actor.getSnapshot())).toBeUndefined();

    actor.send({ type: 'delete.ask', slug: 'owned' });
    expect(selectDeleteAsked(actor.getSnapshot())).toEqual({ slug: 'owned', name: 'Org owned' });
    actor.send({ type: 'delete.cancel' });
    expect(selectDeleteAsked(actor.getSnapshot())).toBeUndefined();
    expect(deleted).toEqual([]);

    actor.send({ type: 'delete.ask', slug: 'owned' });
    actor.send({ type: 'delete.confirm' });
    let snapshot = await waitFor(
      actor,
      (s) => s.matches({ ready: { action: 'confirmingDelete' } }) && !!s.context.actionError,
    );
    expect(snapshot.context.actionError).toMatchObject({ status: 409, detail: 'org_has_collections' });
    expect(snapshot.context.orgs).toHaveLength(2);

    ownsCollections = false;
    actor.send({ type: 'delete.confirm' });
    snapshot = await waitFor(actor, (s) => s.matches({ ready: { action: 'idle' } }));
    expect(deleted).toEqual(['owned', 'owned']);
    expect(snapshot.context.orgs.map((org) => org.slug)).toEqual(['joined']);
    expect(snapshot.context.deleted).toBe('Org owned');
    expect(selectDeleteAsked(snapshot)).toBeUndefined();
  });
});

// The teams flow: slug suggested from the name until typed by hand, the create request built
// from the form, a failure kept for the screen, the new organization appended to the list.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import type { Org } from '../../api/contract';
import { requestFromForm, suggestSlug, teamsMachine, type OrgForm, type OrgListItem } from './teams.machine';

const created = (form: OrgForm): Org => ({
  id: '55555555-5555-4555-8555-555555555555',
  ...requestFromForm(form),
  website: null,
  role: 'owner',
  members: [{ username: 'jana', first_name: 'Jana', last_name: 'N', role: 'owner' }],
});

describe('teamsMachine', () => {
  it('suggests a slug until one is typed, creates and lists the organization', async () => {
    let slugTaken = true;
    const actor = createActor(
      teamsMachine.provide({
        actors: {
          loadOrgs: fromPromise(async (): Promise<OrgListItem[]> => []),
          createOrg: fromPromise(async ({ input }: { input: { form: OrgForm } }) => {
            if (slugTaken) throw new ApiError(409, 'slug_taken');
            return created(input.form);
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);

    actor.send({ type: 'create.field', field: 'name', value: 'Advokátní komora ČR' });
    expect(actor.getSnapshot().context.form.slug).toBe('advokatni-komora-cr');
    actor.send({ type: 'create.addLocation' });
    actor.send({ type: 'create.addLocation' });
    actor.send({ type: 'create.location', index: 0, field: 'city', value: ' Praha ' });
    actor.send({ type: 'create.location', index: 0, field: 'country', value: 'cz' });
    actor.send({ type: 'create.submit' });
    await waitFor(actor, (s) => s.matches({ ready: 'failed' }));
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
    const done = await waitFor(actor, (s) => s.matches({ ready: 'created' }));
    expect(done.context.orgs.map((org) => [org.slug, org.member_count])).toEqual([['cak', 1]]);
    expect(done.context.form.name).toBe('');
    expect(done.context.created).toBe('cak');
  });

  it('cuts a suggested slug to 50 characters without a trailing hyphen', () => {
    expect(suggestSlug('A'.repeat(49) + ' b')).toBe('a'.repeat(49));
    expect(suggestSlug('Ústav práva')).toBe('ustav-prava');
  });
});

// @vitest-environment jsdom
// The user and organization pages against a mocked API: each loads its resource by key through
// the contract, so an answer in the old public shape (first_name, owner_kind, id) is refused.
import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { createActor, waitFor } from 'xstate';
import { mockApi } from '../../testing/mock-api';
import { selectResource } from '../resource-page.machine';
import { orgPageMachine, userPageMachine } from './public-pages.machine';

const COLLECTION = {
  collection_id: '22222222-2222-4222-8222-222222222222',
  role: 'maintainer',
  owner_type: 'org',
  owner_handle: 'akcr',
  slug: 'eu-pravo',
  name: 'Právo EU',
};
const USER = {
  username: 'jana',
  name: { first: 'Jana', last: 'Nováková' },
  photo_url: null,
  bio: null,
  languages: [],
  email: null,
  links: { linkedin: null, website: null },
  collections: [COLLECTION],
  organizations: [{ id: '44444444-4444-4444-8444-444444444444', slug: 'akcr', name: 'AK', role: 'member' }],
};
const ORG = { name: 'AK', slug: 'akcr', abbreviation: null, website: null, locations: [], collections: [COLLECTION] };

let userAnswer: JsonBodyType = USER;
let orgAnswer: JsonBodyType = ORG;
const asked: string[] = [];
mockApi(
  http.get('*/v1/public/users/:username', ({ params }) => {
    asked.push(`user ${String(params.username)}`);
    return HttpResponse.json(userAnswer);
  }),
  http.get('*/v1/public/orgs/:slug', ({ params }) => {
    asked.push(`org ${String(params.slug)}`);
    return HttpResponse.json(orgAnswer);
  }),
);
afterEach(() => {
  userAnswer = USER;
  orgAnswer = ORG;
  asked.length = 0;
});

/** The page's snapshot once it has stopped loading. */
async function settle(machine: typeof userPageMachine | typeof orgPageMachine, key: string) {
  const actor = createActor(machine as typeof userPageMachine, { input: { key } }).start();
  const snapshot = await waitFor(actor, (s) => !s.matches('loading'));
  actor.stop();
  return snapshot;
}

describe('public pages', () => {
  it('loads a user by handle and an organization by slug in the public shapes', async () => {
    const user = await settle(userPageMachine, 'jana');
    expect(user.value).toBe('loaded');
    expect(selectResource(user)).toEqual(USER);
    const org = await settle(orgPageMachine, 'akcr');
    expect(org.value).toBe('loaded');
    expect(selectResource(org)).toEqual(ORG);
    expect(asked).toEqual(['user jana', 'org akcr']);
  });

  it('refuses the old shapes as an invalid response', async () => {
    const { name: _name, ...withoutName } = USER;
    userAnswer = { ...withoutName, first_name: 'Jana', last_name: 'Nováková' };
    const user = await settle(userPageMachine, 'jana');
    expect(user.value).toBe('failed');
    expect(user.context.error?.detail).toBe('invalid_response');

    const { collection_id, owner_type: _type, ...rest } = COLLECTION;
    orgAnswer = { ...ORG, collections: [{ ...rest, id: collection_id, owner_kind: 'org' }] };
    const org = await settle(orgPageMachine, 'akcr');
    expect(org.value).toBe('failed');
    expect(org.context.error?.detail).toBe('invalid_response');
  });
});

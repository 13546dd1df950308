// Every address of the product shows the expected screen, with the document screens' props.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { useSearch } from 'wouter';
import type { DocumentScreenProps } from './screens/screen-props';
import type { PublicCollectionScreenProps } from './screens/collections/public/public-collection.screen';
import { AppRoutes } from './routes';
import { installDomShims } from './testing/dom-shims';
import { renderScreen } from './testing/render-screen';

// The other engineers' screens (and home, which loads data) stand in as labelled markers.
vi.mock('./screens/reader/home/home.screen', () => ({ HomeScreen: () => <p data-testid="screen">home</p> }));
vi.mock('./screens/lazy-screens', () => ({
  DocumentsListScreen: () => <p data-testid="screen">documents</p>,
  SearchScreen: () => <p data-testid="screen">search</p>,
  ToolsScreen: () => <ToolsMarker />,
  DocumentDetailScreen: (props: DocumentScreenProps) => <p data-testid="screen">{`detail ${JSON.stringify(props)}`}</p>,
  CompareScreen: (props: DocumentScreenProps) => <p data-testid="screen">{`compare ${JSON.stringify(props)}`}</p>,
  LoginScreen: () => <p data-testid="screen">login</p>,
  RegisterScreen: () => <p data-testid="screen">register</p>,
  ForgotPasswordScreen: () => <p data-testid="screen">forgot</p>,
  ResetPasswordScreen: () => <p data-testid="screen">reset</p>,
  HandleSettingsScreen: () => <p data-testid="screen">handle settings</p>,
  ProfileSettingsScreen: () => <p data-testid="screen">profile settings</p>,
  TeamsScreen: () => <p data-testid="screen">teams</p>,
  ApiKeysScreen: () => <p data-testid="screen">api keys</p>,
  MemoryScreen: () => <p data-testid="screen">memory</p>,
  UserProfileScreen: ({ username }: { username: string }) => {
    if (username === 'broken') throw new Error('profile failed');
    return <p data-testid="screen">{`user ${username}`}</p>;
  },
  OrgProfileScreen: ({ orgSlug }: { orgSlug: string }) => <p data-testid="screen">{`org ${orgSlug}`}</p>,
  PublicCollectionScreen: (props: PublicCollectionScreenProps) => (
    <p data-testid="screen">{`collection ${JSON.stringify(props)}`}</p>
  ),
  CollectionsListScreen: () => <p data-testid="screen">collections</p>,
  EditorPickerScreen: () => <p data-testid="screen">editor picker</p>,
  TranslationEditorScreen: ({ fragmentId }: { fragmentId: string }) => (
    <p data-testid="screen">{`editor ${fragmentId}`}</p>
  ),
  CollectionManageScreen: ({ collectionId }: { collectionId: string }) => (
    <p data-testid="screen">{`manage collection ${collectionId}`}</p>
  ),
}));

/** The tools screen, which fails for ?tool=broken (a screen the query picks). */
function ToolsMarker() {
  if (new URLSearchParams(useSearch()).get('tool') === 'broken') throw new Error('tool failed');
  return <p data-testid="screen">tools</p>;
}

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ID = '0b0f7c9a-2a39-5d5e-8a4b-6f4f1a1e0001-ustava';
const doc = (
  kind: 'detail' | 'compare',
  basePath: string,
  context: string,
  place: Pick<DocumentScreenProps, 'collection' | 'owner'> = {},
) => `${kind} ${JSON.stringify({ idSlug: ID, basePath, context, ...place })}`;
const owned = (ownerType: 'user' | 'org', handle: string, slug: string) =>
  ({ kind: 'owner', ownerType, handle, slug }) as const;
const collectionPage = (address: ReturnType<typeof owned>, basePath: string) =>
  `collection ${JSON.stringify({ address, basePath })}`;

function shown(path: string): string {
  renderScreen(<AppRoutes />, { path });
  const marker = screen.queryByTestId('screen');
  if (marker) return marker.textContent ?? '';
  const soon = screen.queryByTestId('coming-soon');
  if (soon)
    return `soon ${soon.getAttribute('data-section')}: ${screen.getByRole('heading', { level: 1 }).textContent}`;
  for (const page of ['not-found', 'privacy', 'terms']) if (screen.queryByTestId(page)) return page;
  return 'nothing';
}

describe('route table', () => {
  it.each([
    ['/', 'home'],
    ['/documents', 'documents'],
    ['/search', 'search'],
    [`/documents/${ID}`, doc('detail', '', 'public')],
    [`/documents/${ID}/compare`, doc('compare', '', 'public')],
    ['/tools', 'tools'],
    ['/privacy', 'privacy'],
    ['/terms', 'terms'],
    ['/auth/login', 'login'],
    ['/auth/register', 'register'],
    ['/auth/forgot', 'forgot'],
    ['/auth/reset', 'reset'],
    ['/settings/handle', 'handle settings'],
    ['/settings/profile', 'profile settings'],
    ['/teams', 'teams'],
    ['/settings/api-keys', 'api keys'],
    ['/memory', 'memory'],
    ['/editor', 'editor picker'],
    ['/editor/9d3c', 'editor 9d3c'],
    ['/u/jana', 'user jana'],
    ['/org/pirati', 'org pirati'],
    ['/collections', 'collections'],
    ['/collections/42', 'manage collection 42'],
    ['/u/jana/ustavni-pravo', collectionPage(owned('user', 'jana', 'ustavni-pravo'), '/u/jana/ustavni-pravo')],
    ['/org/pirati/stanovy', collectionPage(owned('org', 'pirati', 'stanovy'), '/org/pirati/stanovy')],
    [
      '/u/jana/collections/ustavni-pravo',
      collectionPage(owned('user', 'jana', 'ustavni-pravo'), '/u/jana/collections/ustavni-pravo'),
    ],
    [
      '/org/pirati/collections/stanovy',
      collectionPage(owned('org', 'pirati', 'stanovy'), '/org/pirati/collections/stanovy'),
    ],
    // Decoded for the API, encoded again in the page's own address.
    ['/u/jana/%C3%BAstava', collectionPage(owned('user', 'jana', 'ústava'), '/u/jana/%C3%BAstava')],
  ])('%s shows %s', (path, expected) => {
    expect(shown(path)).toBe(expected);
  });

  it.each([
    ['/collections/42', 'collection', { collection: { kind: 'id', id: '42' } }],
    ['/u/jana', 'user', { owner: { type: 'user', handle: 'jana' } }],
    ['/org/pirati', 'org', { owner: { type: 'org', handle: 'pirati' } }],
    ['/u/jana/ustavni-pravo', 'collection', { collection: owned('user', 'jana', 'ustavni-pravo') }],
    ['/org/pirati/stanovy', 'collection', { collection: owned('org', 'pirati', 'stanovy') }],
    ['/u/jana/collections/ustavni-pravo', 'collection', { collection: owned('user', 'jana', 'ustavni-pravo') }],
    ['/org/pirati/collections/stanovy', 'collection', { collection: owned('org', 'pirati', 'stanovy') }],
    ['/ustavni-pravo', 'collection', { collection: { kind: 'handle', vanity: 'ustavni-pravo' } }],
  ] as const)('documents below %s open in the %s context', (base, context, place) => {
    expect(shown(`${base}/documents/${ID}`)).toBe(doc('detail', base, context, place));
    cleanup();
    expect(shown(`${base}/documents/${ID}/compare`)).toBe(doc('compare', base, context, place));
  });

  it.each(['/nope', '/documents/x/y/z', '/u', '/settings', '/auth', '/ustavni-pravo', '/u/jana/ustavni-pravo/extra'])(
    '%s is not found',
    (path) => {
      expect(shown(path)).toBe('not-found');
      expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    },
  );
});

describe('a screen that failed', () => {
  // React reports every caught render error on the console; the test checks what the user sees.
  const quietErrors = () => vi.spyOn(console, 'error').mockImplementation(() => {});

  it('gives way to the next screen of the same route at another address', () => {
    quietErrors();
    const { location } = renderScreen(<AppRoutes />, { path: '/u/broken' });
    expect(screen.getByRole('alert').textContent).toContain('This part of the page failed to show.');
    act(() => location.navigate('/u/jana'));
    expect(screen.getByTestId('screen').textContent).toBe('user jana');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives way when only the query changes', () => {
    quietErrors();
    const { location } = renderScreen(<AppRoutes />, { path: '/tools?tool=broken' });
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => location.navigate('/tools?tool=ws-demo'));
    expect(screen.getByTestId('screen').textContent).toBe('tools');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

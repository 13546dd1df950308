// The route table: every address of the product and the screen it shows; anything else is
// "not found" (sections whose screens come later would show the "coming soon" page). Each screen has its
// own error boundary, which another address (query included) clears.
import type { ReactNode } from 'react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { ErrorBoundary } from './components/shell/error-boundary';
import type { DocumentContext, DocumentScreenProps } from './screens/screen-props';
import type { OwnerCollectionAddress } from './machines/collections/public-collection.machine';
import { HomeScreen } from './screens/reader/home/home.screen';
import {
  AdminImportScreen,
  ApiKeysScreen,
  CollectionManageScreen,
  CollectionsListScreen,
  CompareScreen,
  DocumentDetailScreen,
  DocumentsListScreen,
  EditorPickerScreen,
  ForgotPasswordScreen,
  HandleSettingsScreen,
  LoginScreen,
  MemoryScreen,
  OrgProfileScreen,
  ProfileSettingsScreen,
  PublicCollectionScreen,
  SearchScreen,
  RegisterScreen,
  ResetPasswordScreen,
  TeamsScreen,
  ToolsScreen,
  TranslationEditorScreen,
  UserProfileScreen,
} from './screens/lazy-screens';
import { NotFoundScreen } from './screens/site/not-found/not-found.screen';
import { PrivacyScreen } from './screens/site/legal-pages/privacy.screen';
import { TermsScreen } from './screens/site/legal-pages/terms.screen';

type Params = Record<string, string | undefined>;
export interface AppRoute {
  path: string;
  render: (params: Params) => ReactNode;
}

/** Which collection or profile the document screens below a page are in, from the route parameters. */
type DocumentPlace = (params: Params) => Pick<DocumentScreenProps, 'collection' | 'owner'>;

/**
 * A page that lists documents (public, a collection, a profile) and the document and compare
 * screens below it. `base` rebuilds the page's own address from the route parameters.
 */
function documentRoutes(
  prefix: string,
  context: DocumentContext,
  base: (params: Params) => string,
  page?: AppRoute,
  place?: DocumentPlace,
): AppRoute[] {
  const props = (params: Params): DocumentScreenProps => ({
    idSlug: params.idSlug ?? '',
    basePath: base(params),
    context,
    ...place?.(params),
  });
  return [
    ...(page ? [page] : []),
    { path: `${prefix}/documents/:idSlug`, render: (params) => <DocumentDetailScreen {...props(params)} /> },
    { path: `${prefix}/documents/:idSlug/compare`, render: (params) => <CompareScreen {...props(params)} /> },
  ];
}

/** Segments as they appear in the address (wouter hands them over decoded). */
const seg = (value: string | undefined) => encodeURIComponent(value ?? '');

/** A collection under its owner, named by two route parameters. */
const ownerCollection =
  (ownerType: 'user' | 'org', handle: string, slug: string) =>
  (params: Params): OwnerCollectionAddress => ({
    kind: 'owner',
    ownerType,
    handle: params[handle] ?? '',
    slug: params[slug] ?? '',
  });

/** A collection's public page and the documents below it, in the collection's context. */
function ownerCollectionRoutes(
  prefix: string,
  base: (params: Params) => string,
  address: (params: Params) => OwnerCollectionAddress,
): AppRoute[] {
  const page = {
    path: prefix,
    render: (p: Params) => <PublicCollectionScreen address={address(p)} basePath={base(p)} />,
  };
  return documentRoutes(prefix, 'collection', base, page, (p) => ({ collection: address(p) }));
}

// Order matters only where two patterns can match the same address: literal segments
// ('collections', 'documents') come before parameters in the same position.
export const APP_ROUTES: AppRoute[] = [
  { path: '/', render: () => <HomeScreen /> },
  { path: '/documents', render: () => <DocumentsListScreen /> },
  { path: '/search', render: () => <SearchScreen /> },
  ...documentRoutes('', 'public', () => ''),

  ...documentRoutes(
    '/collections/:collectionId',
    'collection',
    (p) => `/collections/${seg(p.collectionId)}`,
    {
      path: '/collections/:collectionId',
      render: (p) => <CollectionManageScreen collectionId={p.collectionId ?? ''} />,
    },
    (p) => ({ collection: { kind: 'id', id: p.collectionId ?? '' } }),
  ),
  { path: '/collections', render: () => <CollectionsListScreen /> },

  ...ownerCollectionRoutes(
    '/u/:owner/collections/:slug',
    (p) => `/u/${seg(p.owner)}/collections/${seg(p.slug)}`,
    ownerCollection('user', 'owner', 'slug'),
  ),
  ...ownerCollectionRoutes(
    '/org/:owner/collections/:slug',
    (p) => `/org/${seg(p.owner)}/collections/${seg(p.slug)}`,
    ownerCollection('org', 'owner', 'slug'),
  ),
  ...documentRoutes(
    '/u/:username',
    'user',
    (p) => `/u/${seg(p.username)}`,
    { path: '/u/:username', render: (p) => <UserProfileScreen username={p.username ?? ''} /> },
    (p) => ({ owner: { type: 'user', handle: p.username ?? '' } }),
  ),
  ...documentRoutes(
    '/org/:orgSlug',
    'org',
    (p) => `/org/${seg(p.orgSlug)}`,
    { path: '/org/:orgSlug', render: (p) => <OrgProfileScreen orgSlug={p.orgSlug ?? ''} /> },
    (p) => ({ owner: { type: 'org', handle: p.orgSlug ?? '' } }),
  ),
  ...ownerCollectionRoutes(
    '/u/:username/:collectionSlug',
    (p) => `/u/${seg(p.username)}/${seg(p.collectionSlug)}`,
    ownerCollection('user', 'username', 'collectionSlug'),
  ),
  ...ownerCollectionRoutes(
    '/org/:orgSlug/:collectionSlug',
    (p) => `/org/${seg(p.orgSlug)}/${seg(p.collectionSlug)}`,
    ownerCollection('org', 'orgSlug', 'collectionSlug'),
  ),

  { path: '/settings/handle', render: () => <HandleSettingsScreen /> },
  { path: '/settings/profile', render: () => <ProfileSettingsScreen /> },
  { path: '/settings/api-keys', render: () => <ApiKeysScreen /> },
  { path: '/editor', render: () => <EditorPickerScreen /> },
  { path: '/editor/:fragmentId', render: (p) => <TranslationEditorScreen fragmentId={p.fragmentId ?? ''} /> },
  { path: '/auth/login', render: () => <LoginScreen /> },
  { path: '/auth/register', render: () => <RegisterScreen /> },
  { path: '/auth/forgot', render: () => <ForgotPasswordScreen /> },
  { path: '/auth/reset', render: () => <ResetPasswordScreen /> },
  { path: '/memory', render: () => <MemoryScreen /> },
  { path: '/admin/import', render: () => <AdminImportScreen /> },
  { path: '/teams', render: () => <TeamsScreen /> },
  { path: '/tools', render: () => <ToolsScreen /> },
  { path: '/privacy', render: () => <PrivacyScreen /> },
  { path: '/terms', render: () => <TermsScreen /> },

  // A collection's short handle: /ustavni-pravo/documents/{id}-{slug}.
  ...documentRoutes(
    '/:collectionHandle',
    'collection',
    (p) => `/${seg(p.collectionHandle)}`,
    undefined,
    (p) => ({ collection: { kind: 'handle', vanity: p.collectionHandle ?? '' } }),
  ),
];

export function AppRoutes() {
  // The query picks what some screens show (?tool=, ?base=&head=), so it is part of the address.
  const [location] = useLocation();
  const search = useSearch();
  const address = search ? `${location}?${search}` : location;
  return (
    <Switch>
      {APP_ROUTES.map(({ path, render }) => (
        <Route key={path} path={path}>
          {(params: Params) => <ErrorBoundary resetKey={address}>{render(params)}</ErrorBoundary>}
        </Route>
      ))}
      <Route>
        <NotFoundScreen />
      </Route>
    </Switch>
  );
}

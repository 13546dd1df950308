// The heavier screens, loaded on demand so the first screen ships only what it needs.
import { lazy, Suspense, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { Flex, Spinner, Text } from '@radix-ui/themes';
import { documentIdFromSegment } from '../shared/document-path';
import { prefetchFirstScreen, seedFirstScreen } from '../machines/reader/fragment-texts-cache';
import { readFirstScreenData } from '../shared/first-screen-data';
import type { DocumentScreenProps } from './screen-props';
import type { PublicCollectionScreenProps } from './collections/public/public-collection.screen';

function ScreenLoading() {
  const intl = useIntl();
  return (
    <Flex className="page" align="center" gap="2" role="status">
      <Spinner />
      <Text color="gray">{intl.formatMessage({ id: 'shell.screenLoading' })}</Text>
    </Flex>
  );
}

function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function DeferredScreen(props: P) {
    return (
      <Suspense fallback={<ScreenLoading />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

export const DocumentsListScreen = deferred(() =>
  import('./reader/documents/documents-list.screen').then((m) => m.DocumentsListScreen),
);
export const SearchScreen = deferred(() => import('./reader/search/search.screen').then((m) => m.SearchScreen));
const loadDocumentDetail = () =>
  import('./reader/document-detail/document-detail.screen').then((m) => m.DocumentDetailScreen);
// Opened directly on a document (`…/documents/{id}…`, not its comparison): fetch the chunk now,
// while the entry bundle still runs, instead of after the first render asks for it; and ask for
// the first page of the text and its first texts, which the text machine then takes.
const openedDocument = typeof location === 'undefined' ? null : /\/documents\/([^/]+)\/?$/u.exec(location.pathname);
if (openedDocument) {
  void loadDocumentDetail().catch(() => undefined);
  const documentId = documentIdFromSegment(openedDocument[1]!);
  const branch = new URLSearchParams(location.search).get('branch') ?? undefined;
  // The server-rendered page carries the first page and texts: the text machine takes those.
  const carried = readFirstScreenData(document);
  if (carried && carried.documentId === documentId && carried.branch === branch) seedFirstScreen(carried);
  else if (documentId) prefetchFirstScreen(documentId, branch);
}

export const DocumentDetailScreen = deferred<DocumentScreenProps>(loadDocumentDetail);
export const CompareScreen = deferred<DocumentScreenProps>(() =>
  import('./reader/compare/compare.screen').then((m) => m.CompareScreen),
);
export const ToolsScreen = deferred(() => import('./site/tools/tools.screen').then((m) => m.ToolsScreen));
export const PublicCollectionScreen = deferred<PublicCollectionScreenProps>(() =>
  import('./collections/public/public-collection.screen').then((m) => m.PublicCollectionScreen),
);
export const CollectionsListScreen = deferred(() =>
  import('./collections/list/collections-list.screen').then((m) => m.CollectionsListScreen),
);
export const CollectionManageScreen = deferred<{ collectionId: string }>(() =>
  import('./collections/manage/collection-manage.screen').then((m) => m.CollectionManageScreen),
);
export const EditorPickerScreen = deferred(() =>
  import('./translation/picker/editor-picker.screen').then((m) => m.EditorPickerScreen),
);
export const TranslationEditorScreen = deferred<{ fragmentId: string }>(() =>
  import('./translation/editor/editor.screen').then((m) => m.TranslationEditorScreen),
);

// Accounts: the auth forms, settings, profiles and teams.
export const LoginScreen = deferred(() => import('./accounts/auth/login.screen').then((m) => m.LoginScreen));
export const RegisterScreen = deferred(() => import('./accounts/auth/register.screen').then((m) => m.RegisterScreen));
export const ForgotPasswordScreen = deferred(() =>
  import('./accounts/auth/forgot-password.screen').then((m) => m.ForgotPasswordScreen),
);
export const ResetPasswordScreen = deferred(() =>
  import('./accounts/auth/reset-password.screen').then((m) => m.ResetPasswordScreen),
);
export const HandleSettingsScreen = deferred(() =>
  import('./accounts/settings/handle-settings.screen').then((m) => m.HandleSettingsScreen),
);
export const ProfileSettingsScreen = deferred(() =>
  import('./accounts/settings/profile-settings.screen').then((m) => m.ProfileSettingsScreen),
);
export const TeamsScreen = deferred(() => import('./accounts/teams/teams.screen').then((m) => m.TeamsScreen));
export const ApiKeysScreen = deferred(() => import('./api-keys/api-keys.screen').then((m) => m.ApiKeysScreen));
export const AdminImportScreen = deferred(() =>
  import('./admin/import/admin-import.screen').then((m) => m.AdminImportScreen),
);
export const MemoryScreen = deferred(() => import('./memory/memory.screen').then((m) => m.MemoryScreen));
export const UserProfileScreen = deferred<{ username: string }>(() =>
  import('./accounts/user-profile/user-profile.screen').then((m) => m.UserProfileScreen),
);
export const OrgProfileScreen = deferred<{ orgSlug: string }>(() =>
  import('./accounts/org-profile/org-profile.screen').then((m) => m.OrgProfileScreen),
);

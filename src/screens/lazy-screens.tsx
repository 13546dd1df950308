// The heavier screens, loaded on demand so the first screen ships only what it needs.
import { lazy, Suspense, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { Flex, Spinner, Text } from '@radix-ui/themes';
import { documentIdFromSegment } from '../lib/slug';
import { prefetchFirstScreen } from '../machines/fragment-texts-cache';
import type { DocumentScreenProps } from './screen-props';

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
  import('./documents/documents-list.screen').then((m) => m.DocumentsListScreen),
);
const loadDocumentDetail = () => import('./document-detail/document-detail.screen').then((m) => m.DocumentDetailScreen);
// Opened directly on a document (`…/documents/{id}…`, not its comparison): fetch the chunk now,
// while the entry bundle still runs, instead of after the first render asks for it; and ask for
// the first page of the text and its first texts, which the text machine then takes.
const openedDocument = typeof location === 'undefined' ? null : /\/documents\/([^/]+)\/?$/u.exec(location.pathname);
if (openedDocument) {
  void loadDocumentDetail().catch(() => undefined);
  const documentId = documentIdFromSegment(openedDocument[1]!);
  const branch = new URLSearchParams(location.search).get('branch') ?? undefined;
  if (documentId) prefetchFirstScreen(documentId, branch);
}

export const DocumentDetailScreen = deferred<DocumentScreenProps>(loadDocumentDetail);
export const CompareScreen = deferred<DocumentScreenProps>(() =>
  import('./compare/compare.screen').then((m) => m.CompareScreen),
);
export const ToolsScreen = deferred(() => import('./tools/tools.screen').then((m) => m.ToolsScreen));

// Accounts: the auth forms, settings, profiles and teams.
export const LoginScreen = deferred(() => import('./auth/login.screen').then((m) => m.LoginScreen));
export const RegisterScreen = deferred(() => import('./auth/register.screen').then((m) => m.RegisterScreen));
export const ForgotPasswordScreen = deferred(() =>
  import('./auth/forgot-password.screen').then((m) => m.ForgotPasswordScreen),
);
export const ResetPasswordScreen = deferred(() =>
  import('./auth/reset-password.screen').then((m) => m.ResetPasswordScreen),
);
export const HandleSettingsScreen = deferred(() =>
  import('./settings/handle-settings.screen').then((m) => m.HandleSettingsScreen),
);
export const ProfileSettingsScreen = deferred(() =>
  import('./settings/profile-settings.screen').then((m) => m.ProfileSettingsScreen),
);
export const TeamsScreen = deferred(() => import('./teams/teams.screen').then((m) => m.TeamsScreen));
export const UserProfileScreen = deferred<{ username: string }>(() =>
  import('./user-profile/user-profile.screen').then((m) => m.UserProfileScreen),
);
export const OrgProfileScreen = deferred<{ orgSlug: string }>(() =>
  import('./org-profile/org-profile.screen').then((m) => m.OrgProfileScreen),
);

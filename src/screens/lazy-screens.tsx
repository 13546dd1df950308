// The heavier screens, loaded on demand so the first screen ships only what it needs.
import { lazy, Suspense, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { Flex, Spinner, Text } from '@radix-ui/themes';
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

export const DocumentsListScreen = deferred(() => import('./documents/documents-list.screen').then((m) => m.DocumentsListScreen));
export const DocumentDetailScreen = deferred<DocumentScreenProps>(() =>
  import('./document-detail/document-detail.screen').then((m) => m.DocumentDetailScreen),
);
export const CompareScreen = deferred<DocumentScreenProps>(() => import('./compare/compare.screen').then((m) => m.CompareScreen));
export const ToolsScreen = deferred(() => import('./tools/tools.screen').then((m) => m.ToolsScreen));

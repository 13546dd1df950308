// The version (branch) picker of a document, each version with its date of effect and status
// ('Snapshot: 1993-01-01 · in force from 1 January 1993 · historical version'), and the link to
// compare its first two versions.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Button, Callout, Flex, Select, Skeleton, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon, MixIcon } from '@radix-ui/react-icons';
import type { ApiError } from '../../api/client';
import type { Branch } from '../../api/contract';
import { errorMessage } from '../../i18n/error-message';
import { datedBranchLabel } from './branch-label';
import { focusAfterKeys, watchHeldKeys } from './focus-after-keys';
import { todayIso } from '../../shared/versions-in-force';
import { detailPath } from '../../shared/document-path';

export interface VersionSelectorProps {
  status: 'loading' | 'loaded' | 'empty' | 'error';
  branches: readonly Branch[];
  /** undefined: nothing chosen, the API serves main (shown as the main branch). */
  selectedBranchId?: string;
  error?: ApiError;
  onSelect: (branchId: string) => void;
  onRetry?: () => void;
  basePath: string;
  idSlug: string;
  /** Whether the link to compare versions stands beside the picker (default); else see CompareVersionsLink. */
  withCompare?: boolean;
  /**
   * Asked when the picker's button appears: whether it takes the focus. The reader's text (and its
   * toolbar, with this picker) is rebuilt for the version chosen; a keyboard user who chose it
   * stays on the picker instead of being dropped at the top of the page. The list stays closed.
   */
  takeFocus?: () => boolean;
}

/**
 * `{basePath}/documents/{idSlug}/compare?from=…&to=…` for the first two versions listed, when
 * there are two: the older one is `from`, so the comparison reads as what changed since then.
 */
export function compareHref(basePath: string, idSlug: string, branches: readonly Branch[]): string | undefined {
  const [first, second] = branches;
  if (!first || !second) return undefined;
  const [older, newer] = (first.valid_from ?? '') <= (second.valid_from ?? '') ? [first, second] : [second, first];
  return `${detailPath(basePath, idSlug)}/compare?${new URLSearchParams({ from: older.id, to: newer.id })}`;
}

export function VersionSelector({
  status,
  branches,
  selectedBranchId,
  error,
  onSelect,
  onRetry,
  basePath,
  idSlug,
  withCompare = true,
  takeFocus,
}: VersionSelectorProps) {
  const intl = useIntl();
  watchHeldKeys();
  // Focus only, never a press: the Enter that chose the version must not open the list again.
  const focusTrigger = useCallback(
    (trigger: HTMLButtonElement | null) => {
      if (trigger && takeFocus?.()) focusAfterKeys(trigger);
    },
    [takeFocus],
  );
  const today = todayIso();
  const label = intl.formatMessage({ id: 'reader.versions.label' });

  if (status === 'loading') {
    return (
      <Flex align="center" gap="2" aria-busy>
        <Text size="2" weight="medium">
          {label}
        </Text>
        <Skeleton
          width="200px"
          height="32px"
          role="status"
          aria-label={intl.formatMessage({ id: 'reader.versions.loading' })}
        />
      </Flex>
    );
  }
  if (status === 'error') {
    return (
      <Callout.Root color="red" size="1" role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>
          {intl.formatMessage({ id: 'reader.versions.error' }, { message: errorMessage(intl, error, 'document') })}{' '}
          {onRetry && (
            <Button size="1" variant="soft" color="red" onClick={onRetry}>
              {intl.formatMessage({ id: 'reader.retry' })}
            </Button>
          )}
        </Callout.Text>
      </Callout.Root>
    );
  }
  if (status === 'empty' || branches.length === 0) {
    return (
      <Text size="2" color="gray">
        {intl.formatMessage({ id: 'reader.versions.empty' })}
      </Text>
    );
  }

  const value = selectedBranchId ?? branches.find((branch) => branch.kind === 'main')?.id ?? branches[0]!.id;
  const compare = withCompare ? compareHref(basePath, idSlug, branches) : undefined;
  return (
    <Flex align="center" gap="3" wrap="wrap" className="version-selector">
      <Flex align="center" gap="2">
        <Text size="2" weight="medium" id="reader-version-label">
          {label}
        </Text>
        <Select.Root value={value} onValueChange={onSelect}>
          <Select.Trigger ref={focusTrigger} aria-labelledby="reader-version-label" />
          <Select.Content position="popper">
            {branches.map((branch) => (
              <Select.Item key={branch.id} value={branch.id}>
                {datedBranchLabel(intl, branch, branches, today)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      {compare && <CompareLink href={compare} />}
    </Flex>
  );
}

/** 'Compare Versions' for the first two versions listed, when there are two. */
export function CompareVersionsLink({
  branches,
  basePath,
  idSlug,
}: Pick<VersionSelectorProps, 'branches' | 'basePath' | 'idSlug'>) {
  const href = compareHref(basePath, idSlug, branches);
  return href ? <CompareLink href={href} /> : null;
}

function CompareLink({ href }: { href: string }) {
  const intl = useIntl();
  return (
    <Button asChild variant="soft" size="2">
      <RouterLink href={`~${href}`}>
        <MixIcon aria-hidden />
        {intl.formatMessage({ id: 'reader.versions.compare' })}
      </RouterLink>
    </Button>
  );
}

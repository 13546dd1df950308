// The document page's versions as the version banner and the timeline read them: every version,
// the one read, and the address of a version at the provision the reader is at.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Branch } from '../../api/contract';
import {
  addressWith,
  selectProvisionPath,
  selectSearch,
  selectSegment,
  selectVersions,
  type documentPageMachine,
} from '../../machines/reader/document-page.machine';
import { selectBranches, selectReadBranch } from '../../machines/reader/branch-selection.machine';
import { PROVISION_PATH_KEY } from '../../shared/provision-path';

/** The props of a piece the document page places: `<VersionTimeline page={page} basePath={basePath} />`. */
export interface PageVersionsProps {
  page: ActorRefFrom<typeof documentPageMachine>;
  basePath: string;
}

export function usePageVersions({ page, basePath }: PageVersionsProps) {
  const versions = useSelector(page, selectVersions);
  const segment = useSelector(page, selectSegment);
  const search = useSelector(page, selectSearch);
  const path = useSelector(page, selectProvisionPath);
  const branches = useSelector(versions, selectBranches);
  const read = useSelector(versions, selectReadBranch);
  /** The same place in `branch` (none: the page's default version); a day (`at`) or node the address named gives way to it. */
  const hrefOf = (branch: Branch | undefined) =>
    addressWith(
      { basePath, segment, search },
      { branch: branch?.name, at: undefined, node: undefined, [PROVISION_PATH_KEY]: path },
    );
  return { branches, read, atProvision: path !== undefined, hrefOf };
}

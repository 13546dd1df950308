// Typed calls for comparing two versions: the set counts and the provision-by-provision changes.
import { CompareChanges } from './contract/compare-changes';
import { query, apiGet, type RequestOptions } from './legacy-client';
import { compareBranches } from './library';

export { compareBranches };

export const COMPARE_CHANGES_PAGE = 200;

export const getCompareChanges = (
  params: { branchA: string; branchB: string; lang?: string; offset?: number; limit?: number },
  options?: RequestOptions,
) =>
  apiGet(
    `/legal/compare/changes${query({
      branch_id_a: params.branchA,
      branch_id_b: params.branchB,
      lang: params.lang,
      limit: params.limit ?? COMPARE_CHANGES_PAGE,
      offset: params.offset,
    })}`,
    CompareChanges,
    options,
  );

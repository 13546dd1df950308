// Splits the flat, group-ordered result list into the sections the dialog shows, keeping each
// result's flat index (the index the arrow keys and aria-activedescendant use).
import {
  QUICK_SEARCH_GROUPS,
  type QuickSearchGroup,
  type QuickSearchResult,
} from '../../machines/reader/quick-search.machine';

export interface ResultSection {
  group: QuickSearchGroup;
  entries: { result: QuickSearchResult; index: number }[];
}

export function resultSections(results: readonly QuickSearchResult[]): ResultSection[] {
  return QUICK_SEARCH_GROUPS.map((group) => ({
    group,
    entries: results.map((result, index) => ({ result, index })).filter(({ result }) => result.group === group),
  })).filter((section) => section.entries.length > 0);
}

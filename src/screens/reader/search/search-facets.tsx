// The search's facets with their counts (documents under the other filters): jurisdiction,
// document type, language of the text, version (current, older versions, all) and in force.
import { useIntl } from 'react-intl';
import { Button, Flex } from '@radix-ui/themes';
import type { SearchFacets as Facets, SearchVersion } from '../../../api/contract/search';
import type { DocumentType, Jurisdiction } from '../../../shared/document-class';
import type { SearchFilters } from '../../../machines/reader/search.machine';
import { FacetSelect, type FacetOption } from '../documents/facet-select';

type Rows = Facets['type'];

export function SearchFacets({
  filters,
  facets,
  onFilter,
  onClear,
}: {
  filters: SearchFilters;
  facets: Facets | undefined;
  onFilter: (filters: SearchFilters) => void;
  /** Present when some filter is set. */
  onClear?: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const languageNames = new Intl.DisplayNames([intl.locale], { type: 'language' });
  const languageLabel = (code: string) => {
    const name = languageNames.of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(intl.locale) + name.slice(1);
  };
  // A value chosen in the address but absent from the counts still shows as chosen.
  const options = (rows: Rows | undefined, chosen: string | undefined, label: (value: string) => string) => {
    const list: FacetOption[] = (rows ?? []).map((row) => ({
      value: row.value,
      label: label(row.value),
      count: row.count,
    }));
    return chosen === undefined || list.some((option) => option.value === chosen)
      ? list
      : [...list, { value: chosen, label: label(chosen), count: 0 }];
  };
  const versionCounts = new Map((facets?.version ?? []).map((row) => [row.value, row.count]));
  const versionOption = (value: SearchVersion): FacetOption => ({
    value,
    label: t(`search.facet.version.${value}`),
    count: value === 'all' ? undefined : versionCounts.get(value),
  });

  return (
    <Flex gap="3" wrap="wrap" align="end" mb="4" role="group" aria-label={t('reader.list.filters')}>
      <FacetSelect
        label={t('reader.list.facet.jurisdiction')}
        value={filters.jurisdiction}
        options={options(facets?.jurisdiction, filters.jurisdiction, (value) => t(`jurisdiction.${value}`))}
        onChange={(value) => onFilter({ jurisdiction: value as Jurisdiction | undefined })}
      />
      <FacetSelect
        label={t('reader.list.facet.type')}
        value={filters.type}
        options={options(facets?.type, filters.type, (value) => t(`documentType.${value}`))}
        onChange={(value) => onFilter({ type: value as DocumentType | undefined })}
      />
      <FacetSelect
        label={t('search.facet.language')}
        value={filters.lang}
        options={options(facets?.language, filters.lang, languageLabel)}
        onChange={(value) => onFilter({ lang: value })}
      />
      <FacetSelect
        label={t('search.facet.version')}
        value={filters.version ?? 'current'}
        allowAny={false}
        options={(['current', 'snapshots', 'all'] as const).map(versionOption)}
        onChange={(value) => onFilter({ version: value === 'current' ? undefined : (value as SearchVersion) })}
      />
      <FacetSelect
        label={t('reader.list.facet.inForce')}
        value={filters.inForce?.toString()}
        options={options(facets?.in_force, filters.inForce?.toString(), (value) => t(`reader.list.inForce.${value}`))}
        onChange={(value) => onFilter({ inForce: value === undefined ? undefined : value === 'true' })}
      />
      {onClear && (
        <Button variant="ghost" onClick={onClear}>
          {t('reader.list.clearFilters')}
        </Button>
      )}
    </Flex>
  );
}

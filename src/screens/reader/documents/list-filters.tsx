// The list's facets (jurisdiction, type, year, in force) with their counts, and the sort.
import { useIntl } from 'react-intl';
import { Button, Flex } from '@radix-ui/themes';
import type { DocumentFacets } from '../../../api/contract';
import type { DocumentType, Jurisdiction } from '../../../shared/document-class';
import { SORTS, type DocumentSort, type ListFilters } from '../../../machines/reader/documents-list.machine';
import { FacetSelect, type FacetOption } from './facet-select';

/** The jurisdiction select's value for an exclusion: 'not:cz,eu'. */
const NOT = 'not:';

export function ListFilters({
  filters,
  facets,
  sort,
  onFilter,
  onSort,
}: {
  filters: ListFilters;
  facets: DocumentFacets | undefined;
  sort: DocumentSort | undefined;
  onFilter: (filters: ListFilters) => void;
  onSort: (sort: DocumentSort | undefined) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const options = (rows: DocumentFacets['year'] | undefined, label: (value: string) => string): FacetOption[] =>
    (rows ?? []).map((row) => ({ value: row.value, label: label(row.value), count: row.count }));
  // A value chosen in the address but absent from the counts still shows as chosen.
  const withChosen = (list: FacetOption[], chosen: string | undefined, label: (value: string) => string) =>
    chosen === undefined || list.some((option) => option.value === chosen)
      ? list
      : [...list, { value: chosen, label: label(chosen), count: 0 }];
  const jurisdictionLabel = (value: string) => t(`jurisdiction.${value}`);
  const typeLabel = (value: string) => t(`documentType.${value}`);
  const inForceLabel = (value: string) => t(`reader.list.inForce.${value}`);
  const filtered = Object.values(filters).some((value) => value !== undefined);
  // Leaving jurisdictions out (the home page's other jurisdictions) is one more choice of the same facet.
  const exclusion = filters.jurisdictionNot?.length ? `${NOT}${filters.jurisdictionNot.join(',')}` : undefined;
  const jurisdictionOptions = withChosen(
    options(facets?.jurisdiction, jurisdictionLabel),
    filters.jurisdiction,
    jurisdictionLabel,
  );
  if (exclusion) {
    const left = new Set<string>(filters.jurisdictionNot);
    const count = (facets?.jurisdiction ?? [])
      .filter((row) => !left.has(row.value))
      .reduce((sum, row) => sum + row.count, 0);
    jurisdictionOptions.push({
      value: exclusion,
      label: intl.formatMessage(
        { id: 'reader.list.jurisdictionNot' },
        { list: intl.formatList(filters.jurisdictionNot!.map(jurisdictionLabel), { type: 'conjunction' }) },
      ),
      count: facets ? count : undefined,
    });
  }

  return (
    <Flex gap="3" wrap="wrap" align="end" mb="4" role="group" aria-label={t('reader.list.filters')}>
      <FacetSelect
        label={t('reader.list.facet.jurisdiction')}
        value={filters.jurisdiction ?? exclusion}
        options={jurisdictionOptions}
        onChange={(value) =>
          onFilter(
            value?.startsWith(NOT)
              ? { jurisdiction: undefined, jurisdictionNot: value.slice(NOT.length).split(',') as Jurisdiction[] }
              : { jurisdiction: value as Jurisdiction | undefined, jurisdictionNot: undefined },
          )
        }
      />
      <FacetSelect
        label={t('reader.list.facet.type')}
        value={filters.type}
        options={withChosen(options(facets?.type, typeLabel), filters.type, typeLabel)}
        onChange={(value) => onFilter({ type: value as DocumentType | undefined })}
      />
      <FacetSelect
        label={t('reader.list.facet.year')}
        value={filters.year?.toString()}
        options={withChosen(options(facets?.year, String), filters.year?.toString(), String)}
        onChange={(value) => onFilter({ year: value === undefined ? undefined : Number(value) })}
      />
      <FacetSelect
        label={t('reader.list.facet.inForce')}
        value={filters.inForce?.toString()}
        options={withChosen(options(facets?.in_force, inForceLabel), filters.inForce?.toString(), inForceLabel)}
        onChange={(value) => onFilter({ inForce: value === undefined ? undefined : value === 'true' })}
      />
      <FacetSelect
        label={t('reader.list.sort')}
        value={sort ?? 'title'}
        allowAny={false}
        options={SORTS.map((value) => ({ value, label: t(`reader.list.sort.${value}`) }))}
        onChange={(value) => onSort(value === 'title' ? undefined : (value as DocumentSort))}
      />
      {filtered && (
        <Button
          variant="ghost"
          onClick={() =>
            onFilter({
              jurisdiction: undefined,
              jurisdictionNot: undefined,
              type: undefined,
              year: undefined,
              inForce: undefined,
            })
          }
        >
          {t('reader.list.clearFilters')}
        </Button>
      )}
    </Flex>
  );
}

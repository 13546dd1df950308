// The home page's entry points into the library, each with what it holds.
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Card, Grid, Heading, Skeleton, Text } from '@radix-ui/themes';
import type { LibraryCounts } from '../../../machines/reader/library-summary.machine';

interface Entry {
  label: string;
  href: string;
  count: number | undefined;
  unit: 'home.entry.documents' | 'home.entry.collectionCount';
}

export function LibraryEntries({ counts }: { counts: LibraryCounts | undefined }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const entries: Entry[] = [
    { label: t('home.entry.cz'), href: '/documents?jurisdiction=cz', count: counts?.cz, unit: 'home.entry.documents' },
    { label: t('home.entry.eu'), href: '/documents?jurisdiction=eu', count: counts?.eu, unit: 'home.entry.documents' },
    // Every other legal order: the list leaves Czech and EU law out, its jurisdiction facet tells the rest apart.
    {
      label: t('home.entry.other'),
      href: '/documents?jurisdiction_not=cz,eu',
      count: counts?.other,
      unit: 'home.entry.documents',
    },
    {
      label: t('home.entry.recent'),
      href: '/documents?sort=updated',
      count: counts?.recentlyUpdated,
      unit: 'home.entry.documents',
    },
    {
      label: t('home.entry.collections'),
      href: '/collections',
      count: counts?.publicCollections,
      unit: 'home.entry.collectionCount',
    },
  ];
  return (
    <section aria-labelledby="home-entries-heading">
      <Heading as="h2" size="4" mb="3" id="home-entries-heading">
        {t('home.entries.heading')}
      </Heading>
      <Grid asChild columns={{ initial: '1', xs: '2', md: '3' }} gap="3">
        <ul className="home-entries">
          {entries.map((entry) => (
            <li key={entry.href}>
              <Card asChild size="2" className="home-entry">
                <Link href={entry.href}>
                  <Text as="div" size="3" weight="bold">
                    {entry.label}
                  </Text>
                  <Text as="div" size="2" color="gray">
                    {entry.count === undefined ? (
                      <Skeleton>{intl.formatMessage({ id: entry.unit }, { count: 10 })}</Skeleton>
                    ) : (
                      intl.formatMessage({ id: entry.unit }, { count: entry.count })
                    )}
                  </Text>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </Grid>
    </section>
  );
}

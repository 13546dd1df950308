// 'In N public collections' on a document's public page, with links to those collections; nothing
// while loading, when none holds it, or when the lookup failed (the page never breaks for it).
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Flex, Heading, Link } from '@radix-ui/themes';
import { documentCollectionsMachine } from '../../../machines/reader/document-collections.machine';
import { selectResource } from '../../../machines/resource-page.machine';

export function PublicCollections({ documentId }: { documentId: string }) {
  const intl = useIntl();
  const lookup = useActorRef(documentCollectionsMachine, { input: { key: documentId } });
  const result = useSelector(lookup, selectResource);
  if (!result || result.public_count === 0) return null;
  const listed = result.items.filter((collection) => collection.visibility === 'public' && collection.public_path);
  return (
    <Flex asChild direction="column" gap="1">
      <section aria-labelledby="document-public-collections" data-testid="public-collections">
        <Heading as="h2" size="2" weight="medium" id="document-public-collections">
          {intl.formatMessage({ id: 'reader.context.publicCollections' }, { count: result.public_count })}
        </Heading>
        {listed.length > 0 && (
          <ul className="document-collections">
            {listed.map((collection) => (
              <li key={collection.id}>
                <Link asChild size="2">
                  <RouterLink href={`~${collection.public_path}`}>{collection.name}</RouterLink>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Flex>
  );
}

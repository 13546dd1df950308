// The editor's heading: which provision ('Čl. 54 odst. 2'), of which law ('Ústava České republiky ·
// 1/1993 Sb.', a link to it in the reader) and in which version, so a translator knows what they
// translate. Until the place is read (or when it cannot be), the bare 'Translation editor'.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Flex, Heading, Link, Text } from '@radix-ui/themes';
import type { FragmentPlace } from '../../../machines/translation/editor-fragment.machine';
import { readerHref, versionLabel } from './fragment-place';

export function PlaceHeading({ place }: { place: FragmentPlace | undefined }) {
  const intl = useIntl();
  const editor = intl.formatMessage({ id: 'translation.editor.title' });
  if (!place) {
    return (
      <Heading as="h1" size="7">
        {editor}
      </Heading>
    );
  }
  const { document, branch, cite } = place;
  return (
    <Flex direction="column" gap="1" data-testid="editor-place">
      <Text as="p" size="2" color="gray" weight="medium">
        {editor}
      </Text>
      <Heading as="h1" size="7" className="translation-editor-cite">
        {cite ?? document.title}
      </Heading>
      <Text as="p" size="3" className="translation-editor-document">
        <Link asChild weight="medium">
          <RouterLink href={readerHref(document.id, place)} data-testid="editor-document-link">
            {/* Without a cite the heading already names the law. */}
            {cite && `${document.title} · `}
            <span className="translation-editor-nowrap">{document.external_id}</span>
          </RouterLink>
        </Link>
        {branch && (
          <Text color="gray" className="translation-editor-nowrap" data-testid="editor-version">
            {` · ${versionLabel(intl, branch.name)}`}
          </Text>
        )}
      </Text>
    </Flex>
  );
}

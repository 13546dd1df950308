// Labels of the normalized node types (part, title, article...) in the interface language;
// an unknown type shows as it came.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

export const NODE_TYPES = [
  'part',
  'title',
  'chapter',
  'section',
  'article',
  'paragraph',
  'clause',
  'schedule',
  'appendix',
  'content',
] as const;

const isKnown = (type: string): type is (typeof NODE_TYPES)[number] => (NODE_TYPES as readonly string[]).includes(type);

export function useNodeTypeLabel(): (type: string) => string {
  const intl = useIntl();
  return useCallback(
    (type: string) => (isKnown(type) ? intl.formatMessage({ id: `reader.nodeType.${type}` }) : type),
    [intl],
  );
}

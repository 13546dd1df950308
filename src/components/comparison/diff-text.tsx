// One side of a changed provision with its word-level changes marked: <del> on the old side,
// <ins> on the new, each announced by a visually hidden 'deleted:' / 'inserted:'.
import { Text, VisuallyHidden } from '@radix-ui/themes';
import { useIntl } from 'react-intl';
import { isWhitespaceOnly, type DiffPart } from '../../lib/word-diff';
import './comparison.css';

export function DiffText({ parts }: { parts: DiffPart[] }) {
  const intl = useIntl();
  if (parts.length === 0) {
    return (
      <Text as="p" size="2" color="gray">
        {intl.formatMessage({ id: 'compare.changes.noText' })}
      </Text>
    );
  }
  return (
    <Text as="p" size="2" className="lexhub-diff-text">
      {parts.map((part, index) => {
        if (part.kind === 'same') return <span key={index}>{part.text}</span>;
        const Mark = part.kind === 'removed' ? 'del' : 'ins';
        const marker = intl.formatMessage({
          id: part.kind === 'removed' ? 'compare.changes.deletedMark' : 'compare.changes.insertedMark',
        });
        return (
          <Mark key={index} className={isWhitespaceOnly(part) ? 'lexhub-diff-space' : undefined}>
            <VisuallyHidden>{`${marker} `}</VisuallyHidden>
            {part.text}
          </Mark>
        );
      })}
    </Text>
  );
}

// A stale translation: its source changed in a newer version. The word diff from the source it
// was made from to the current source, and (logged in) mark it reviewed or clear the flag.
import { useIntl } from 'react-intl';
import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { wordDiff } from '../../../lib/word-diff';
import { DiffText } from '../../../components/comparison/diff-text';
import { ErrorCallout } from '../../../components/status/error-callout';
import { errorMessage } from '../../../i18n/error-message';
import type { ApiError } from '../../../api/client';

interface StalePanelProps {
  oldSource?: string | null;
  currentSource?: string;
  canReview: boolean;
  busy: boolean;
  error?: ApiError;
  onMarkReviewed: () => void;
  onClear: () => void;
}

export function StalePanel(props: StalePanelProps) {
  const { oldSource, currentSource, canReview, busy, error, onMarkReviewed, onClear } = props;
  const intl = useIntl();
  const known = typeof oldSource === 'string' && currentSource !== undefined;
  return (
    <Card size="2" data-testid="editor-stale" className="translation-editor-stale">
      <Flex direction="column" gap="2">
        <Heading as="h3" size="3">
          {intl.formatMessage({ id: 'translation.editor.stale.heading' })}
        </Heading>
        {known ? (
          <>
            <Text as="p" size="2">
              {intl.formatMessage({ id: 'translation.editor.stale.text' })}
            </Text>
            <div data-testid="editor-stale-diff">
              <DiffText parts={wordDiff(oldSource, currentSource)} />
            </div>
          </>
        ) : (
          <Text as="p" size="2" color="gray">
            {intl.formatMessage({ id: 'translation.editor.stale.noDiff' })}
          </Text>
        )}
        {canReview && (
          <Flex gap="2" wrap="wrap">
            <Button size="2" onClick={onMarkReviewed} disabled={busy} data-testid="editor-mark-reviewed">
              {intl.formatMessage({ id: 'translation.editor.stale.markReviewed' })}
            </Button>
            <Button size="2" variant="soft" onClick={onClear} disabled={busy} data-testid="editor-clear-stale">
              {intl.formatMessage({ id: 'translation.editor.stale.clear' })}
            </Button>
          </Flex>
        )}
        {error && (
          <ErrorCallout>
            <Callout.Text>
              {intl.formatMessage({ id: 'translation.editor.stale.failed' }, { message: errorMessage(intl, error) })}
            </Callout.Text>
          </ErrorCallout>
        )}
      </Flex>
    </Card>
  );
}

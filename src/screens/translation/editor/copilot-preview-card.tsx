// A translation the Copilot proposed for the open fragment (translationPreviewAtom): shown as an
// incoming card, never put into the form by itself. Accept hands the text to the form to edit and
// save; Dismiss hides it. Each proposal (its `ts`) is answered once.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { translationPreviewAtom, type TranslationPreview } from '../../../atoms/copilot/copilot.atoms';
import { useAtomValue } from '../../../atoms/store';

interface CopilotPreviewCardProps {
  fragmentId: string;
  onAccept: (preview: TranslationPreview) => void;
}

export function CopilotPreviewCard({ fragmentId, onAccept }: CopilotPreviewCardProps) {
  const intl = useIntl();
  const preview = useAtomValue(translationPreviewAtom);
  const [answered, setAnswered] = useState<number>();
  if (!preview || preview.fragmentId?.toLowerCase() !== fragmentId.toLowerCase() || preview.ts === answered)
    return null;
  const kind = preview.origin && intl.formatMessage({ id: `translation.editor.kind.${preview.origin}` });
  const percent =
    preview.score !== undefined ? intl.formatNumber(preview.score / 100, { style: 'percent' }) : undefined;
  return (
    <Card size="2" asChild className="translation-editor-copilot">
      <section aria-labelledby="copilot-preview-heading" data-testid="copilot-preview">
        <Flex direction="column" gap="2">
          <Heading as="h3" size="3" id="copilot-preview-heading">
            {intl.formatMessage({ id: 'translation.editor.copilot.heading' })}
          </Heading>
          {(kind || percent) && (
            <Text size="2" color="gray" data-testid="copilot-preview-meta">
              {kind && percent
                ? intl.formatMessage({ id: 'translation.editor.copilot.meta' }, { name: kind, value: percent })
                : (kind ?? percent)}
            </Text>
          )}
          <Text
            as="p"
            size="2"
            className="translation-editor-prewrap"
            lang={preview.language}
            data-testid="copilot-preview-text"
          >
            {preview.text}
          </Text>
          <Flex gap="2">
            <Button
              size="2"
              data-testid="copilot-preview-accept"
              onClick={() => {
                setAnswered(preview.ts);
                onAccept(preview);
              }}
            >
              {intl.formatMessage({ id: 'translation.editor.copilot.accept' })}
            </Button>
            <Button
              size="2"
              variant="soft"
              color="gray"
              data-testid="copilot-preview-dismiss"
              onClick={() => setAnswered(preview.ts)}
            >
              {intl.formatMessage({ id: 'translation.editor.copilot.dismiss' })}
            </Button>
          </Flex>
        </Flex>
      </section>
    </Card>
  );
}

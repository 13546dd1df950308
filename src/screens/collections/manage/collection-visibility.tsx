// The owner's choice of who reads an organization's collection before it is published: Private
// (its managers and maintainers) or Team (every member of the organization as well). A person's
// collection has no team, and a public one changes by unpublishing: neither shows this.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Button, Callout, Flex, Heading, RadioGroup, Text } from '@radix-ui/themes';
import { ErrorCallout } from '../../../components/status/error-callout';
import {
  selectCanSaveVisibility,
  selectChosenVisibility,
  selectCollection,
  selectSavingVisibility,
  selectSectionError,
  type ChosenVisibility,
  type collectionManageMachine,
} from '../../../machines/collections/collection-manage.machine';
import { collectionFailure, visibilityText } from './collection-texts';

const selectAccessError = selectSectionError('access');
const CHOICES: readonly ChosenVisibility[] = ['private', 'team'];

export function CollectionVisibility({ manage }: { manage: ActorRefFrom<typeof collectionManageMachine> }) {
  const intl = useIntl();
  const id = useId();
  const collection = useSelector(manage, selectCollection);
  const chosen = useSelector(manage, selectChosenVisibility);
  const canSave = useSelector(manage, selectCanSaveVisibility);
  const saving = useSelector(manage, selectSavingVisibility);
  const error = useSelector(manage, selectAccessError);
  if (!collection) return null;
  const text = (key: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `collections.manage.access.${key}` }, values);

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Heading as="h2" size="5" mb="1" id={`${id}-heading`}>
        {text('title')}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {text('intro')}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          manage.send({ type: 'visibility.save' });
        }}
      >
        <Flex direction="column" gap="3">
          <Text as="p" size="2" role="status" data-testid="current-visibility">
            {text('current', { value: visibilityText(intl, collection.visibility) })}
          </Text>
          <RadioGroup.Root
            value={chosen}
            aria-labelledby={`${id}-heading`}
            onValueChange={(value) => manage.send({ type: 'visibility.choose', value: value as ChosenVisibility })}
          >
            {CHOICES.map((choice) => (
              <Flex key={choice} direction="column" gap="1">
                <RadioGroup.Item value={choice} aria-describedby={`${id}-${choice}-hint`}>
                  {visibilityText(intl, choice)}
                </RadioGroup.Item>
                <Text size="1" color="gray" id={`${id}-${choice}-hint`} className="collection-visibility-hint">
                  {choice === 'team' ? text('teamHint', { value: collection.owner_handle }) : text('privateHint')}
                </Text>
              </Flex>
            ))}
          </RadioGroup.Root>
          {error && (
            <ErrorCallout>
              <Callout.Text>{collectionFailure(intl, error)}</Callout.Text>
            </ErrorCallout>
          )}
          <Flex>
            <Button type="submit" disabled={!canSave} loading={saving}>
              {text('save')}
            </Button>
          </Flex>
        </Flex>
      </form>
    </section>
  );
}

// Whose keys or memory a screen shows: mine, or an organization's by its ID (a text field shown
// once 'organization' is chosen). Native radio buttons: one Tab stop, arrows move between them.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Box, Flex, Text, TextField } from '@radix-ui/themes';
import type { OwnerChoice } from '../../machines/api-keys/api-key-owner';

export function OwnerSwitch({
  legend,
  owner,
  organizationId,
  onOwner,
  onOrganizationId,
}: {
  legend: string;
  owner: OwnerChoice;
  organizationId: string;
  onOwner: (owner: OwnerChoice) => void;
  onOrganizationId: (value: string) => void;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <Flex asChild gap="4" align="end" wrap="wrap">
      <fieldset className="owner-switch">
        <Text as="div" size="2" weight="medium" asChild>
          <legend>{legend}</legend>
        </Text>
        <Flex gap="3" align="center">
          {(['mine', 'organization'] as const).map((choice) => (
            <Text as="label" size="2" key={choice}>
              <Flex gap="1" align="center">
                <input
                  type="radio"
                  name={`${id}-owner`}
                  value={choice}
                  checked={owner === choice}
                  onChange={() => onOwner(choice)}
                />
                {intl.formatMessage({ id: `apiKeys.owner.${choice}` })}
              </Flex>
            </Text>
          ))}
        </Flex>
        {owner === 'organization' && (
          <Box>
            <Text as="label" htmlFor={`${id}-org`} size="2" weight="medium">
              {intl.formatMessage({ id: 'apiKeys.organizationId' })}
            </Text>
            <TextField.Root
              id={`${id}-org`}
              mt="1"
              value={organizationId}
              placeholder="00000000-0000-0000-0000-000000000000"
              spellCheck={false}
              autoComplete="off"
              style={{ minWidth: '22rem' }}
              onChange={(event) => onOrganizationId(event.target.value)}
            />
          </Box>
        )}
      </fieldset>
    </Flex>
  );
}

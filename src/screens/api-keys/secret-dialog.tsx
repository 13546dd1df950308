// The new secret, shown once: Copy (then 'Copied!' for a while) and Close, which drops it.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Button, Code, Dialog, Flex, Text } from '@radix-ui/themes';
import {
  selectCopied,
  selectCopyFailed,
  selectSecretKey,
  type keySecretMachine,
} from '../../machines/api-keys/key-secret.machine';

export function SecretDialog({ secret }: { secret: ActorRefFrom<typeof keySecretMachine> }) {
  const intl = useIntl();
  const id = useId();
  const key = useSelector(secret, selectSecretKey);
  const copied = useSelector(secret, selectCopied);
  const copyFailed = useSelector(secret, selectCopyFailed);
  const t = (name: string) => intl.formatMessage({ id: `apiKeys.secret.${name}` });

  return (
    <Dialog.Root
      open={key !== undefined}
      onOpenChange={(open) => (open ? undefined : secret.send({ type: 'secret.close' }))}
    >
      <Dialog.Content maxWidth="560px" data-testid="api-key-secret-dialog">
        <Dialog.Title>{t('title')}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {t('text')}
        </Dialog.Description>
        <Text as="div" size="2" weight="medium" id={`${id}-label`}>
          {t('label')}
        </Text>
        <Code size="3" className="api-key-secret" aria-labelledby={`${id}-label`} data-testid="api-key-secret">
          {key?.secret}
        </Code>
        <Flex gap="3" mt="4" align="center" justify="end">
          <Text size="2" color={copyFailed ? 'red' : 'green'} role="status">
            {copied ? t('copied') : copyFailed ? t('copyFailed') : ''}
          </Text>
          <Button variant="soft" onClick={() => secret.send({ type: 'secret.copy' })}>
            {t('copy')}
          </Button>
          <Dialog.Close>
            <Button>{t('close')}</Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

// /settings/api-keys: whose keys (mine or an organization's), the table with Rotate, Revoke
// (confirmed) and Events, the create form, and the secret dialog that shows a new secret once.
// Each flow is a machine in src/machines/api-keys; the secret lives only in the dialog's machine.
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Flex, Link } from '@radix-ui/themes';
import { SignedInPage } from '../../components/accounts/login-required';
import { apiKeyCreateMachine } from '../../machines/api-keys/api-key-create.machine';
import { apiKeyEventsMachine } from '../../machines/api-keys/api-key-events.machine';
import { apiKeysListMachine, selectOrganizationId, selectOwner } from '../../machines/api-keys/api-keys-list.machine';
import { keySecretMachine } from '../../machines/api-keys/key-secret.machine';
import { CreateKeyForm } from './create-key-form';
import { EventsDialog } from './events-dialog';
import { KeysTable } from './keys-table';
import { OwnerSwitch } from './owner-switch';
import { RevokeDialog } from './revoke-dialog';
import { SecretDialog } from './secret-dialog';
import '../../components/accounts/accounts.css';
import './api-keys.css';
import { PageHeading } from '../../components/page-heading/page-heading';

export function ApiKeysScreen() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'apiKeys.title' });
  return <SignedInPage title={title}>{() => <ApiKeysPage title={title} />}</SignedInPage>;
}

function ApiKeysPage({ title }: { title: string }) {
  const intl = useIntl();
  const list = useActorRef(apiKeysListMachine);
  const create = useActorRef(apiKeyCreateMachine);
  const secret = useActorRef(keySecretMachine);
  const events = useActorRef(apiKeyEventsMachine);
  const owner = useSelector(list, selectOwner);
  const organizationId = useSelector(list, selectOrganizationId);

  // A new secret (created or rotated) goes straight to the dialog; the table reloads.
  useEffect(() => {
    const created = create.on('key.created', ({ key }) => {
      secret.send({ type: 'secret.show', key });
      list.send({ type: 'list.refresh' });
    });
    const rotated = list.on('key.rotated', ({ key }) => secret.send({ type: 'secret.show', key }));
    return () => {
      created.unsubscribe();
      rotated.unsubscribe();
    };
  }, [create, list, secret]);

  return (
    <Flex direction="column" gap="5" className="page">
      <PageHeading title={title} intro={intl.formatMessage({ id: 'apiKeys.intro' })} />

      <OwnerSwitch
        legend={intl.formatMessage({ id: 'apiKeys.owner.label' })}
        owner={owner}
        organizationId={organizationId}
        onOwner={(next) => list.send({ type: 'owner.select', owner: next })}
        onOrganizationId={(value) => list.send({ type: 'organization.input', value })}
      />
      <KeysTable list={list} onEvents={(key) => events.send({ type: 'events.open', key })} />
      <CreateKeyForm create={create} />

      <Flex gap="4" wrap="wrap">
        <Link asChild size="2">
          <RouterLink href="/memory">{intl.formatMessage({ id: 'apiKeys.memoryLink' })}</RouterLink>
        </Link>
        <Link asChild size="2">
          <RouterLink href="/settings/profile">{intl.formatMessage({ id: 'settings.profileLink' })}</RouterLink>
        </Link>
      </Flex>

      <SecretDialog secret={secret} />
      <RevokeDialog list={list} />
      <EventsDialog events={events} />
    </Flex>
  );
}

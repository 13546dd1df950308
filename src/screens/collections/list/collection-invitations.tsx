// 'Invitations to maintain' on /collections: each open invitation names the collection, its owner
// and for whom it is (the caller or one of their organizations), with Accept and Decline. Hidden
// while there are none; a failure to load is one small line with a retry, never in the list's way.
import { useEffect, useId, useRef, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Box, Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { CheckIcon } from '@radix-ui/react-icons';
import type { CollectionInvitation } from '../../../api/contract/collections';
import { ErrorCallout } from '../../../components/status/error-callout';
import { errorMessage } from '../../../i18n/error-message';
import {
  invitationKey,
  selectAnswerError,
  selectAnswering,
  selectInvitations,
  selectInvitationsLoadError,
  selectInvitationsLoading,
  type collectionInvitationsMachine,
} from '../../../machines/collections/collection-invitations.machine';
import { ownerText } from '../manage/collection-texts';

type InvitationsActor = ActorRefFrom<typeof collectionInvitationsMachine>;

/**
 * The section; `fallbackFocus` takes the focus when the last invitation is answered (the section
 * goes), so a keyboard user is not dropped to the top of the document.
 */
export function CollectionInvitations({
  invitations: actor,
  fallbackFocus,
}: {
  invitations: InvitationsActor;
  fallbackFocus: RefObject<HTMLElement | null>;
}) {
  const intl = useIntl();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const invitations = useSelector(actor, selectInvitations);
  const answering = useSelector(actor, selectAnswering);
  const failure = useSelector(actor, selectAnswerError);
  const loadError = useSelector(actor, selectInvitationsLoadError);
  // Asking again (Refresh) keeps the rows shown; their buttons wait for the answer.
  const loading = useSelector(actor, selectInvitationsLoading);
  const focusNext = useRef(false);

  useEffect(() => {
    const answered = () => {
      focusNext.current = true;
    };
    const accepted = actor.on('invitation.accepted', answered);
    const declined = actor.on('invitation.declined', answered);
    return () => {
      accepted.unsubscribe();
      declined.unsubscribe();
    };
  }, [actor]);

  // The answered row is gone: the focus goes to the section's heading, or past the section.
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    (invitations.length > 0 ? headingRef.current : fallbackFocus.current)?.focus();
  }, [invitations, fallbackFocus]);

  // A refused answer: the pressed button was disabled meanwhile; the focus goes to the section,
  // whose alert says why.
  useEffect(() => {
    if (failure) headingRef.current?.focus();
  }, [failure]);

  if (loadError) {
    return (
      <Flex role="status" align="center" gap="3" wrap="wrap" mb="4" data-testid="invitations-failed">
        <Text size="2" color="gray">
          {intl.formatMessage({ id: 'collections.invitations.loadFailed' })}
        </Text>
        <Button size="1" variant="soft" color="gray" onClick={() => actor.send({ type: 'invitations.reload' })}>
          {intl.formatMessage({ id: 'collections.invitations.retry' })}
        </Button>
      </Flex>
    );
  }
  if (invitations.length === 0 && !failure) return null;

  return (
    <Box asChild mb="5">
      <section aria-labelledby={`${id}-heading`} className="collections-invitations">
        <Heading as="h2" size="5" mb="1" id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
          {intl.formatMessage({ id: 'collections.invitations.title' })}
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {intl.formatMessage({ id: 'collections.invitations.intro' })}
        </Text>
        {failure && (
          <ErrorCallout mb="3">
            <Callout.Text>
              {intl.formatMessage(
                { id: 'collections.invitations.failed' },
                {
                  name: failure.invitation.collection_name,
                  message: errorMessage(intl, failure.error, 'collections'),
                },
              )}
            </Callout.Text>
          </ErrorCallout>
        )}
        {invitations.length > 0 && (
          <ul className="account-plain-list" data-testid="collection-invitations">
            {invitations.map((invitation) => (
              <li key={invitationKey(invitation)}>
                <InvitationRow
                  actor={actor}
                  invitation={invitation}
                  busy={answering !== undefined || loading}
                  answering={
                    answering && invitationKey(answering.invitation) === invitationKey(invitation)
                      ? answering.answer
                      : undefined
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Box>
  );
}

function InvitationRow({
  actor,
  invitation,
  busy,
  answering,
}: {
  actor: InvitationsActor;
  invitation: CollectionInvitation;
  busy: boolean;
  answering?: 'accept' | 'decline';
}) {
  const intl = useIntl();
  const id = useId();
  const key = invitationKey(invitation);
  const name = invitation.collection_name;
  const owner = ownerText(intl, { owner_type: invitation.owner_type, owner_handle: invitation.owner_handle });
  return (
    <Card size="1">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Flex direction="column" gap="1" minWidth="0">
          <Text weight="medium" className="collections-name">
            {name}
          </Text>
          <Flex gap="2" wrap="wrap">
            <Text size="2">{intl.formatMessage({ id: 'collections.invitations.owner' }, { value: owner })}</Text>
            <Text size="2" color="gray" id={`${id}-for`}>
              {invitation.maintainer_type === 'org'
                ? intl.formatMessage({ id: 'collections.invitations.forOrg' }, { value: invitation.handle })
                : intl.formatMessage({ id: 'collections.invitations.forYou' })}
            </Text>
          </Flex>
        </Flex>
        <Flex gap="2" wrap="wrap">
          <Button
            size="2"
            disabled={busy}
            loading={answering === 'accept'}
            aria-label={intl.formatMessage({ id: 'collections.invitations.acceptOf' }, { name })}
            aria-describedby={`${id}-for`}
            onClick={() => actor.send({ type: 'invitation.accept', key })}
          >
            <CheckIcon aria-hidden />
            {intl.formatMessage({ id: 'collections.invitations.accept' })}
          </Button>
          <Button
            size="2"
            variant="soft"
            color="gray"
            disabled={busy}
            loading={answering === 'decline'}
            aria-label={intl.formatMessage({ id: 'collections.invitations.declineOf' }, { name })}
            aria-describedby={`${id}-for`}
            onClick={() => actor.send({ type: 'invitation.decline', key })}
          >
            {intl.formatMessage({ id: 'collections.invitations.decline' })}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

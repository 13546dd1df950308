// Notices of new versions (issue 16): for a logged-in user with unread notices, a banner above
// the screen lists them ("A new version of …, in force from 1 January 2026", each a link to that
// version: `?branch=` takes a branch id as the version picker's names do) with a button that
// marks each read. The flow (load on sign-in, reload when the live channel brings a `tool.notice`,
// optimistic mark read) is src/machines/notices/notices.machine.ts; this file only shows it.
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { BellIcon } from '@radix-ui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import type { Notice } from '../../api/contract/notices';
import { documentPath } from '../../shared/document-path';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { noticeArrivalsAtom } from '../../atoms/notices/notices.atoms';
import { useAtomValue } from '../../atoms/store';
import { noticesMachine, selectUnread } from '../../machines/notices/notices.machine';
import { effectiveDate } from '../version-selector/branch-label';

export function NoticesBanner() {
  const intl = useIntl();
  const userId = useAtomValue(currentUserAtom)?.id;
  const arrivals = useAtomValue(noticeArrivalsAtom);
  const actor = useActorRef(noticesMachine);
  const unread = useSelector(actor, selectUnread);

  useEffect(() => {
    actor.send(userId ? { type: 'notices.signedIn', userId } : { type: 'notices.signedOut' });
  }, [actor, userId]);
  useEffect(() => {
    if (arrivals > 0) actor.send({ type: 'notices.arrived' });
  }, [actor, arrivals]);

  if (unread.length === 0) return null;
  const markRead = (id: string) => actor.send({ type: 'notices.markRead', id });

  return (
    <Callout.Root mb="4" color="blue" role="region" aria-label={intl.formatMessage({ id: 'notices.label' })}>
      <Callout.Icon>
        <BellIcon aria-hidden />
      </Callout.Icon>
      <Flex direction="column" gap="2" asChild>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {unread.map((notice) => (
            <Flex as="div" key={notice.id} align="center" gap="3" wrap="wrap" asChild>
              <li>
                <Text size="2">
                  <Link href={newVersionHref(notice)}>
                    {notice.valid_from
                      ? intl.formatMessage(
                          { id: 'notices.newVersion' },
                          {
                            title: notice.title,
                            date: effectiveDate(intl, notice.valid_from),
                          },
                        )
                      : intl.formatMessage({ id: 'notices.newVersionUndated' }, { title: notice.title })}
                  </Link>
                </Text>
                <Button size="1" variant="soft" onClick={() => markRead(notice.id)}>
                  {intl.formatMessage({ id: 'notices.markRead' })}
                </Button>
              </li>
            </Flex>
          ))}
        </ul>
      </Flex>
    </Callout.Root>
  );
}

/** The reader at the new version itself, not at the current one (it may be a future wording). */
export const newVersionHref = (notice: Pick<Notice, 'document_id' | 'branch_id' | 'title'>) =>
  `${documentPath(notice.document_id, notice.title)}?${new URLSearchParams({ branch: notice.branch_id }).toString()}`;

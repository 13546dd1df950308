// Notices of new versions (issue 16): for a logged-in user with unread notices, a banner above
// the screen lists them ("A new version of … is in force from …") with a button that marks each
// read. Asked once per login; the live channel lists a notice arriving meanwhile in its events.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { BellIcon } from '@radix-ui/react-icons';
import { call } from '../../api/client';
import type { Notice } from '../../api/contract/notices';
import { routes } from '../../api/contract/routes';
import { documentPath } from '../../shared/document-path';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { useAtomValue } from '../../atoms/store';

export function NoticesBanner() {
  const intl = useIntl();
  const user = useAtomValue(currentUserAtom);
  const [unread, setUnread] = useState<Notice[]>([]);
  const userId = user?.id;

  useEffect(() => {
    setUnread([]);
    if (!userId) return;
    const controller = new AbortController();
    call(routes.listNotices, { signal: controller.signal })
      .then((list) => setUnread(list.items.filter((notice) => notice.read_at === null)))
      // Notices are a courtesy: a failed read leaves the page as it is.
      .catch(() => {});
    return () => controller.abort();
  }, [userId]);

  if (unread.length === 0) return null;
  const markRead = (id: string) => {
    setUnread((notices) => notices.filter((notice) => notice.id !== id));
    call(routes.readNotice, { params: { id } }).catch(() => {});
  };

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
                  <Link href={documentPath(notice.document_id, notice.title)}>
                    {notice.valid_from
                      ? intl.formatMessage(
                          { id: 'notices.newVersion' },
                          {
                            title: notice.title,
                            date: intl.formatDate(notice.valid_from, { dateStyle: 'long', timeZone: 'UTC' }),
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

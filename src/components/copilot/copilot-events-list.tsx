// The Copilot's activity: the newest 25 commands that arrived on the user's channel, each worded
// as what the Copilot did (describe-event.ts), with its time and any addresses it named; the raw
// command and summary sit behind a details toggle. A navigation outside the app is marked
// refused; a link is rendered only to an app path of this origin.
import { useId } from 'react';
import { Badge, Code, Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { automationEventsAtom, type AutomationEvent, type AutomationLink } from '../../atoms/copilot/copilot.atoms';
import { useAtomValue } from '../../atoms/store';
import { sameOriginAppPath } from '../../realtime/app-path';
import { describeEvent } from './describe-event';

/** The router names only app paths; this keeps any other address from ever becoming a link. */
const isAppLink = (link: AutomationLink) => sameOriginAppPath(link.href) === link.href;

export function CopilotEventsList() {
  const intl = useIntl();
  const events = useAtomValue(automationEventsAtom);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="copilot-events">
      <Heading as="h3" size="2" id={headingId} mb="2">
        <FormattedMessage id="copilot.events.title" />
      </Heading>
      {events.length === 0 ? (
        <Text as="p" size="1" color="gray">
          <FormattedMessage id="copilot.events.empty" />
        </Text>
      ) : (
        <ol className="copilot-events-list">
          {events.map((event) => (
            <li key={event.id} className="copilot-event">
              <Flex justify="between" gap="2" align="baseline">
                <Flex gap="2" align="baseline">
                  <Text size="1" className="copilot-event-activity">
                    <Activity event={event} />
                  </Text>
                  {event.refused && (
                    <Badge size="1" color="red" variant="soft" data-testid="copilot-event-refused">
                      <FormattedMessage id="copilot.events.refused" />
                    </Badge>
                  )}
                </Flex>
                <Text size="1" color="gray" asChild>
                  <time dateTime={new Date(event.ts).toISOString()}>
                    {intl.formatTime(event.ts, { hour: '2-digit', minute: '2-digit', second: '2-digit' })}
                  </time>
                </Text>
              </Flex>
              {event.links?.some(isAppLink) && (
                <Flex gap="2" wrap="wrap">
                  {event.links.filter(isAppLink).map((link) => (
                    <ThemeLink key={link.href} asChild size="1">
                      <Link href={link.href}>
                        {/* A bare address (ids and all) reads as "Go there"; a named document by its name. */}
                        {link.label.startsWith('/') ? <FormattedMessage id="copilot.events.goThere" /> : link.label}
                      </Link>
                    </ThemeLink>
                  ))}
                </Flex>
              )}
              <details className="copilot-event-details">
                <Text as="span" size="1" color="gray" asChild>
                  <summary>
                    <FormattedMessage id="copilot.events.details" />
                  </summary>
                </Text>
                <Code size="1" variant="ghost">
                  {event.cmd}
                </Code>
                <Text as="p" size="1" color="gray" className="copilot-event-summary">
                  {event.summary}
                </Text>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Activity({ event }: { event: AutomationEvent }) {
  const { id, values } = describeEvent(event);
  return <FormattedMessage id={id} values={values} />;
}

// The footer: what Lexhub is, with links to the privacy notice and the terms.
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Flex, Link as ThemeLink, Text } from '@radix-ui/themes';

export function AppFooter() {
  const intl = useIntl();
  return (
    <footer className="shell-footer">
      <Flex gap="4" align="center" justify="between" wrap="wrap" px="5" py="4">
        <Text size="2" color="gray">
          {intl.formatMessage({ id: 'shell.footer.about' })}
        </Text>
        <Flex gap="4" asChild>
          <ul className="shell-footer-links">
            <li>
              <ThemeLink asChild size="2" color="gray">
                <Link href="/privacy">{intl.formatMessage({ id: 'shell.footer.privacy' })}</Link>
              </ThemeLink>
            </li>
            <li>
              <ThemeLink asChild size="2" color="gray">
                <Link href="/terms">{intl.formatMessage({ id: 'shell.footer.terms' })}</Link>
              </ThemeLink>
            </li>
          </ul>
        </Flex>
      </Flex>
    </footer>
  );
}

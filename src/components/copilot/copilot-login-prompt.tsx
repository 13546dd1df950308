// "The Copilot needs you logged in" and the link to the login page: the same words wherever the
// live channel or the Copilot turns a visitor away (panel warning, failed reply, /tools/ws).
import { Link as ThemeLink } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';

export function CopilotLoginPrompt({ linkWeight }: { linkWeight?: 'medium' }) {
  return (
    <>
      <FormattedMessage id="copilot.error.copilot_login_required" />{' '}
      <ThemeLink asChild weight={linkWeight}>
        <Link href="/auth/login">
          <FormattedMessage id="copilot.login" />
        </Link>
      </ThemeLink>
    </>
  );
}

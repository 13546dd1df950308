// /privacy: what Lexhub keeps about its readers: browser settings, two cookies, the account's data, server logs.
import { LegalPage } from './legal-page';

export function PrivacyScreen() {
  return <LegalPage page="privacy" sections={['browser', 'cookies', 'accounts', 'server']} />;
}

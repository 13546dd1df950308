// /privacy: what Lexhub keeps about its readers (at this stage: nothing but server logs).
import { LegalPage } from './legal-page';

export function PrivacyScreen() {
  return <LegalPage page="privacy" sections={['browser', 'server', 'accounts']} />;
}

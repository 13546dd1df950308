// /terms: the software's licence and the terms under which the legal texts may be reused.
import { LegalPage } from './legal-page';

export function TermsScreen() {
  return <LegalPage page="terms" sections={['czech', 'eu', 'other', 'official']} />;
}

// Placeholder until the screen lands.
import type { DocumentScreenProps } from '../screen-props';
export function DocumentDetailScreen(_props: DocumentScreenProps) {
  return null;
}

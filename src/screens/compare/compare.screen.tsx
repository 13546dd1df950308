// Placeholder until the screen lands.
import type { DocumentScreenProps } from '../screen-props';
export function CompareScreen(_props: DocumentScreenProps) {
  return null;
}

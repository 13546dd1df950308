// Placeholder until the dialog lands.
export function QuickSearchDialog() {
  return null;
}

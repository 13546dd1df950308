// Placeholder until the screen lands.

export function DocumentsListScreen() {
  return null;
}

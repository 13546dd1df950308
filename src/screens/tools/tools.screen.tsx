// Placeholder until the screen lands.

export function ToolsScreen() {
  return null;
}

// The browser tab's title for a screen, as React 19 renders it into the head: "<page> · Lexhub",
// or "Lexhub" alone.
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · Lexhub` : 'Lexhub'}</title>;
}

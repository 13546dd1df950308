// A Copilot message's text, rendered as the markdown models and the retrieval assistant write
// (links, bold, italics, quotes, lists, code). A single line break stays a line break, as in a
// chat (quoted paragraphs of a provision keep their lines). Raw HTML in a reply is dropped,
// never interpreted.
// Addresses inside the app become router links; web links open in a new tab; other schemes
// (javascript:, data:...) stay plain text.
import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import { Link } from 'wouter';
import { Link as ThemeLink } from '@radix-ui/themes';

function MessageLink({ href, children }: ComponentProps<'a'>) {
  if (href && href.startsWith('/') && !href.startsWith('//')) {
    return (
      <ThemeLink asChild underline="always">
        <Link href={href}>{children}</Link>
      </ThemeLink>
    );
  }
  if (href && /^https?:\/\//i.test(href)) {
    return (
      <ThemeLink href={href} target="_blank" rel="noreferrer noopener" underline="always">
        {children}
      </ThemeLink>
    );
  }
  return <>{children}</>;
}

const COMPONENTS: Components = {
  a: ({ href, children }) => <MessageLink href={href}>{children}</MessageLink>,
  // Headings in a chat bubble read as emphasis, not as sections of the page.
  h1: ({ children }) => (
    <p>
      <strong>{children}</strong>
    </p>
  ),
  h2: ({ children }) => (
    <p>
      <strong>{children}</strong>
    </p>
  ),
  h3: ({ children }) => (
    <p>
      <strong>{children}</strong>
    </p>
  ),
  h4: ({ children }) => (
    <p>
      <strong>{children}</strong>
    </p>
  ),
  img: ({ alt }) => <>{alt}</>,
};

const REMARK_PLUGINS = [remarkBreaks];

export function CopilotMessageText({ text }: { text: string }) {
  return (
    <div className="copilot-markdown">
      <Markdown components={COMPONENTS} remarkPlugins={REMARK_PLUGINS} skipHtml>
        {text}
      </Markdown>
    </div>
  );
}

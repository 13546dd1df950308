// A Copilot message's text, rendered as the markdown models and the retrieval assistant write
// (links, bold, italics, lists, code). A single line break stays a line break, as in a chat. Raw
// HTML in a reply is dropped, never interpreted. Quotes (`> ...`: the quoted text of a provision)
// are the law's own words: shown as written, never as markdown (an underscore, asterisk or
// bracket in a law is text, not emphasis or a link), each line kept.
// Addresses inside the app become router links; web links open in a new tab; other schemes
// (javascript:, data:...) stay plain text.
import { Fragment, useMemo, type ComponentProps } from 'react';
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

/** A quote's paragraphs as written in the reply: one `>` marker off each line, blank lines between paragraphs. */
export function quoteParagraphs(source: string): string[][] {
  const paragraphs: string[][] = [[]];
  for (const line of source.split('\n').map((text) => text.replace(/^ {0,3}> ?/, ''))) {
    if (line.trim() === '') {
      if (paragraphs.at(-1)!.length > 0) paragraphs.push([]);
    } else paragraphs.at(-1)!.push(line);
  }
  return paragraphs.filter((lines) => lines.length > 0);
}

function PlainQuote({ source }: { source: string }) {
  return (
    <blockquote>
      {quoteParagraphs(source).map((lines, index) => (
        <p key={index}>
          {lines.map((line, at) => (
            <Fragment key={at}>
              {at > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </blockquote>
  );
}

export function CopilotMessageText({ text }: { text: string }) {
  // A quote is rendered from the reply's own characters (its place in the source), not from what
  // markdown made of them.
  const components = useMemo<Components>(
    () => ({
      ...COMPONENTS,
      blockquote: ({ node, children }) => {
        const start = node?.position?.start.offset;
        const end = node?.position?.end.offset;
        if (start === undefined || end === undefined) return <blockquote>{children}</blockquote>;
        return <PlainQuote source={text.slice(start, end)} />;
      },
    }),
    [text],
  );
  return (
    <div className="copilot-markdown">
      <Markdown components={components} remarkPlugins={REMARK_PLUGINS} skipHtml>
        {text}
      </Markdown>
    </div>
  );
}

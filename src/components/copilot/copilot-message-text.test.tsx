// Replies as markdown: what renders, and what never becomes a link or markup.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CopilotMessageText, quoteParagraphs } from './copilot-message-text';

describe('CopilotMessageText', () => {
  it('renders quotes, emphasis and in-app links of a reply as markdown', () => {
    const { container } = render(
      <CopilotMessageText
        text={
          '[Čl. 54](/documents/1-ustava?node=9) says:\n\n> (1) Prezident republiky je hlavou státu.\n> (2) Prezident republiky je volen v přímých volbách.\n\n_A retrieval answer._'
        }
      />,
    );
    expect(screen.getByRole('link', { name: 'Čl. 54' }).getAttribute('href')).toBe('/documents/1-ustava?node=9');
    expect(container.querySelector('blockquote')?.textContent).toContain('Prezident republiky je hlavou státu.');
    // Each quoted paragraph of the provision keeps its own line.
    expect(container.querySelectorAll('blockquote br')).toHaveLength(1);
    expect(container.querySelector('em')?.textContent).toBe('A retrieval answer.');
    expect(container.textContent).not.toContain('>');
  });

  it('opens web links in a new tab and never makes links of other schemes or raw HTML', () => {
    const { container } = render(
      <CopilotMessageText
        text={'[EUR-Lex](https://eur-lex.europa.eu) [bad](javascript:alert(1)) <img src=x onerror=alert(1)><b>raw</b>'}
      />,
    );
    const web = screen.getByRole('link', { name: 'EUR-Lex' });
    expect(web.getAttribute('target')).toBe('_blank');
    expect(web.getAttribute('rel')).toBe('noreferrer noopener');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(container.textContent).toContain('bad');
    expect(container.querySelector('img, b')).toBeNull();
  });

  it('shows a quote of law as written: no emphasis, bold or link from its characters', () => {
    const quote =
      '> (1) Lhůta_x_ běží **y** ode dne [a](https://evil) doručení\n> (2) <https://evil.example/auto> a __z__';
    const { container } = render(
      <CopilotMessageText text={`[§ 1](/documents/1-zakon?node=2) says:\n${quote}\n\n_after_`} />,
    );
    const blockquote = container.querySelector('blockquote')!;
    expect(blockquote.textContent).toBe(
      '(1) Lhůta_x_ běží **y** ode dne [a](https://evil) doručení(2) <https://evil.example/auto> a __z__',
    );
    expect(blockquote.querySelectorAll('em, strong, a, code')).toHaveLength(0);
    expect(blockquote.querySelectorAll('br')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'a' })).toBeNull();
    expect(screen.queryByRole('link', { name: /evil/ })).toBeNull();
    // Outside the quote the reply is still markdown.
    expect(screen.getByRole('link', { name: '§ 1' }).getAttribute('href')).toBe('/documents/1-zakon?node=2');
    expect(container.querySelector('em')?.textContent).toBe('after');
  });

  it('keeps the paragraphs of a quote and its lazy lines, one marker off each', () => {
    expect(quoteParagraphs('> _a_\n>\n> b\nlazy *c*\n>  > nested')).toEqual([['_a_'], ['b', 'lazy *c*', ' > nested']]);
  });
});

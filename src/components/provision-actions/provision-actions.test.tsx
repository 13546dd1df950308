// 'Copy link' and 'Copy citation' of a provision: the absolute address and the Czech citation go to
// the clipboard, each confirmed by a toast; without a citation source only the link is offered.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSTITUTION_ACT, citedNode, nodesById } from '../../testing/citation-fixtures';
import { installDomShims } from '../../testing/dom-shims';
import { renderScreen } from '../../testing/render-screen';
import { toastsAtom } from '../toast/toast.atoms';
import { CitationProvider } from './citation-context';
import { ProvisionActions } from './provision-actions';

beforeAll(installDomShims);
afterEach(cleanup);

const nodes = nodesById([
  citedNode('cl-54', 'article', 'Čl. 54'),
  citedNode('cl-54/odst-2', 'paragraph', 'odst. 2', 'cl-54'),
]);

describe('ProvisionActions', () => {
  it('copies the absolute link and the citation, with a toast each', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const { store } = renderScreen(
      <CitationProvider document={CONSTITUTION_ACT} validFrom="2026-01-01" lang="cs">
        <ProvisionActions node={nodes.get('cl-54/odst-2')!} nodesById={nodes} linkHref="/documents/x?p=cl-54/odst-2" />
      </CitationProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/documents/x?p=cl-54/odst-2`);
    await user.click(screen.getByRole('button', { name: 'Copy citation' }));
    expect(writeText).toHaveBeenLastCalledWith(
      'čl. 54 odst. 2 ústavního zákona č. 1/1993 Sb., Ústava České republiky, ve znění účinném od 1. 1. 2026',
    );
    expect(store.get(toastsAtom).map((toast) => toast.title)).toEqual([
      { id: 'reader.actions.linkCopied' },
      { id: 'reader.actions.citationCopied' },
    ]);
  });

  it('offers only the link outside a citation source', () => {
    renderScreen(<ProvisionActions node={nodes.get('cl-54')!} nodesById={nodes} linkHref="/documents/x" />);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy citation' })).toBeNull();
  });
});

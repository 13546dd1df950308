// How the editor names where a fragment sits: its version as a lawyer says it, the reader's
// address at that version, and the page title.
import type { IntlShape } from 'react-intl';
import type { FragmentPlace } from '../../../machines/translation/editor-fragment.machine';
import { documentPath, provisionPath } from '../../../shared/document-path';

const SNAPSHOT = /^snapshot-(\d{4}-\d{2}-\d{2})$/;

/** A version as a lawyer names it: the main one, or the wording as of a date. */
export function versionLabel(intl: IntlShape, name: string): string {
  if (name === 'main') return intl.formatMessage({ id: 'translation.editor.place.versionMain' });
  const dated = SNAPSHOT.exec(name)?.[1];
  if (dated) {
    const date = intl.formatDate(`${dated}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
    return intl.formatMessage({ id: 'translation.editor.place.versionOf' }, { date });
  }
  return intl.formatMessage({ id: 'translation.editor.place.versionNamed' }, { name });
}

/** The reader at the fragment's own version (the reader opens main without ?branch=), at a node when given. */
export function readerHref(documentId: string, place: FragmentPlace | undefined, nodeId?: string): string {
  if (!place?.branch) return provisionPath(documentId, place?.document.title ?? '', nodeId);
  const query = new URLSearchParams({ branch: place.branch.name });
  if (nodeId) query.set('node', nodeId);
  return `${documentPath(documentId, place.document.title)}?${query.toString()}`;
}

/** '{cite} · {document} · Translation editor', as much of it as is known. */
export function editorPageTitle(intl: IntlShape, place: FragmentPlace | undefined): string {
  const editor = intl.formatMessage({ id: 'translation.editor.title' });
  return [place?.cite, place?.document.title, editor].filter(Boolean).join(' · ');
}

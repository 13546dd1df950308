// A document or comparison inside a collection waits for the collection and the document's item
// (breadcrumbs, pin) and is shown only inside it: a 404 shows 'Collection not found', never the
// document alone. Search engines are kept out of every in-collection copy (noindex).
import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { PublicCollectionDocument } from '../../../api/contract/collections';
import {
  collectionDocumentMachine,
  selectDocumentError,
  selectDocumentStatus,
  selectView,
} from '../../../machines/collections/public-collection-document.machine';
import type { CollectionAddress } from '../../../machines/collections/public-collection.machine';
import { CollectionStatus } from '../../collections/public/collection-status';

export function InCollection({
  address,
  documentId,
  children,
}: {
  address: CollectionAddress;
  documentId: string;
  children: (view: PublicCollectionDocument) => ReactNode;
}) {
  const actor = useActorRef(collectionDocumentMachine, { input: { address, documentId } });
  const status = useSelector(actor, selectDocumentStatus);
  const view = useSelector(actor, selectView);
  const error = useSelector(actor, selectDocumentError);
  if (status === 'loaded' && view) return children(view);
  return (
    <>
      <meta name="robots" content="noindex" />
      <CollectionStatus
        status={status === 'loaded' ? 'loading' : status}
        error={error}
        onRetry={() => actor.send({ type: 'page.retry' })}
      />
    </>
  );
}

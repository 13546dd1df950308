// The collections holding a document ('In N public collections' on its public page): the shared
// resource page keyed by the document id. A failure only hides the block, never the document.
import { call } from '../../api/client';
import { routes } from '../../api/contract/routes';
import { resourcePage } from '../resource-page.machine';

export const documentCollectionsMachine = resourcePage((id, signal) =>
  call(routes.getDocumentCollections, { params: { id }, signal }),
);

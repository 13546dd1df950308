// Mounted by the document page: counts the page view in the reading history after 2 s when
// someone is logged in (documentVisitMachine), once per page view.
import { useEffect, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { useAtomValue } from '../../atoms/store';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { documentVisitMachine, takeVisitSessionId } from '../../machines/accounts/document-visit.machine';

export function useDocumentVisit(documentId: string) {
  const user = useAtomValue(currentUserAtom);
  const loggedIn = user === undefined ? undefined : user !== null;
  const [sessionId] = useState(() => takeVisitSessionId(documentId));
  const visit = useActorRef(documentVisitMachine, { input: { documentId, sessionId, loggedIn } });
  useEffect(() => visit.send({ type: 'visit.session', loggedIn }), [visit, loggedIn]);
}

// A screen whose machine owns the address's query (`?q=…`, filters, page): the machine is told how
// to write the address (`writeAddress`) and, through `moreActions`, how to go elsewhere; it starts
// from the address and hears Back and Forward as `address.change` (it ignores the address it wrote
// itself). The screen only renders the actor's state and sends it events.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom, AnyStateMachine, EventFromLogic, InputFrom } from 'xstate';

type Navigate = (to: string) => void;

export function useAddressMachine<Machine extends AnyStateMachine>(
  machine: Machine,
  fromQuery: (search: string) => InputFrom<Machine>,
  moreActions: (navigate: Navigate) => Record<string, unknown> = () => ({}),
): ActorRefFrom<Machine> {
  const search = useSearch();
  const [location, navigate] = useLocation();
  // The machine is provided once; the path it writes the query onto is the one current then.
  const path = useRef(location);
  path.current = location;
  const [provided] = useState(
    () =>
      machine.provide({
        actions: {
          writeAddress: (_: unknown, { query }: { query: string }) =>
            navigate(`${path.current}${query ? `?${query}` : ''}`),
          ...moreActions(navigate),
        },
      } as Parameters<Machine['provide']>[0]) as Machine,
  );
  const actor = useActorRef(provided, { input: fromQuery(search) });
  useEffect(() => {
    actor.send({ type: 'address.change', search: fromQuery(search) } as EventFromLogic<Machine>);
    // fromQuery is a module function: the address alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, search]);
  return actor as ActorRefFrom<Machine>;
}

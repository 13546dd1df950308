// The Copilot as the shell mounts it: the floating button always, and the workspace (the
// conversation, the live connection, the panel) from the first time it is wanted, loaded then.
// The live channel is open while the panel is.
import { lazy, Suspense, useEffect } from 'react';
import { copilotPanelOpenAtom } from '../../atoms/copilot/copilot.atoms';
import { liveDemandAtom, setLiveDemandAtom } from '../../atoms/copilot/live.atoms';
import { useAtomValue, useSetAtom } from '../../atoms/store';
import { useOnceTrue } from '../../lib/use-once-true';
import { CopilotButton } from './copilot-button';
import './copilot.css';

const CopilotWorkspace = lazy(() => import('./copilot-workspace'));

export function CopilotRoot() {
  const open = useAtomValue(copilotPanelOpenAtom);
  const setDemand = useSetAtom(setLiveDemandAtom);
  const liveDemanded = useAtomValue(liveDemandAtom).size > 0;
  const panelWanted = useOnceTrue(open);
  const workspaceWanted = useOnceTrue(panelWanted || liveDemanded);

  useEffect(() => {
    setDemand({ demand: 'panel', on: open });
  }, [open, setDemand]);

  return (
    <>
      {workspaceWanted && (
        <Suspense fallback={null}>
          <CopilotWorkspace withPanel={panelWanted} />
        </Suspense>
      )}
      <CopilotButton />
    </>
  );
}

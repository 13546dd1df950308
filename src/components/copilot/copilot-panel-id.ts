// The panel's element id, for the button's aria-controls: its own module, so the button does not
// pull the (lazily loaded) panel into the first page's code.
export const COPILOT_PANEL_ID = 'copilot-panel';

// How the browser tests and the reader bench start Debian's Chromium: one executable and one
// set of flags, so that a bench figure and an e2e run describe the same browser.

/** The Chromium binary; CHROMIUM_PATH overrides Debian's. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox or GPU, and none of the background traffic that would disturb timings. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

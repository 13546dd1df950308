// Runs axe-core in the page and fails on serious or critical accessibility violations, and on any
// Content-Security-Policy violation the page reported on its way there.
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { expectNoPolicyViolations } from './csp';

const require = createRequire(import.meta.url);
const axeSource = require.resolve('axe-core/axe.min.js');
/** axe loads as a file of the page's own origin (served by the test): the CSP refuses inline scripts. */
const AXE_URL = '/__e2e__/axe.min.js';
const axeServed = new WeakSet<Page>();

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  // A toast still fading in has, for a moment, too little contrast: judge the settled page.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await expectNoPolicyViolations(page, label);
  if (!axeServed.has(page)) {
    axeServed.add(page);
    await page.route(`**${AXE_URL}`, (route) =>
      route.fulfill({ path: axeSource, contentType: 'text/javascript; charset=utf-8' }),
    );
  }
  await page.addScriptTag({ url: AXE_URL });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).slice(0, 5),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

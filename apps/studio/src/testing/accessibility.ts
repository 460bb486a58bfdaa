// axe-core in the page, for the Studio's browser tests: the serious and critical violations only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Serious and critical accessibility violations on the page as it is now (axe-core). */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // A dialog still fading in blends its colours with the page's: axe would measure the contrast
  // of a frame halfway through. Spinners run forever and are not waited for.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
  // Evaluated by the browser's debugging protocol rather than added as an inline <script>: the
  // Studio's Content-Security-Policy refuses inline scripts, and the page is tested under it.
  await page.evaluate(`${axeSource}\n;undefined`);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations as {
      id: string;
      impact: string | null;
      nodes: { target: string[]; failureSummary?: string }[];
    }[];
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${page.url()}: ${violation.id} (${violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join(', ')})`,
    );
}

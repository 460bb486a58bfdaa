// What the storefront tests stand on: the storefront served by its own script (as `npm start`
// serves it), a fake-microphone file holding a whole spoken conversation, and a recorder of the
// panels the page showed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { wavFile } from '@svc/agents-plugin-embedded';
import { freePort } from '@svc/agent/testing';
import { spokenWav } from '../support/browser.js';

const serveScript = fileURLToPath(
  new URL('../../../examples/storefront/serve.mjs', import.meta.url),
);

/** A running storefront: its address (ending in `/`) and how to stop it. */
export interface Storefront {
  url: string;
  close(): void;
}

/**
 * Serves the storefront for an API and a publication. Resolves once it is served (its script
 * bundles the shop first, a few seconds).
 */
export async function startStorefront(apiUrl: string, publication: string): Promise<Storefront> {
  const port = await freePort();
  const child = spawn(process.execPath, [serveScript], {
    env: { ...process.env, PORT: String(port), SVC_API_URL: apiUrl, SVC_PUBLICATION: publication },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on(
      'data',
      (chunk: Buffer) => chunk.toString().includes('storefront') && resolve(),
    );
    child.once('exit', (code) => reject(new Error(`the storefront server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, close: () => void child.kill() };
}

const RATE = 16_000;

/**
 * One 16 kHz WAV in which flite's slt voice says each utterance in turn: `leadSeconds` of silence
 * first, then each utterance followed by `gapSeconds` of silence, time for the agent to hear it,
 * act and answer before the next one (Chromium plays the file from its start when the page opens
 * the microphone).
 */
export function conversationWav(
  utterances: string[],
  { leadSeconds = 1, gapSeconds = 10 }: { leadSeconds?: number; gapSeconds?: number } = {},
): Buffer {
  const parts: Int16Array[] = [new Int16Array(RATE * leadSeconds)];
  for (const utterance of utterances) {
    const pcm = spokenWav(utterance, { leadSeconds: 0 }).subarray(44);
    parts.push(new Int16Array(new Uint8Array(pcm).buffer, 0, Math.floor(pcm.length / 2)));
    parts.push(new Int16Array(RATE * gapSeconds));
  }
  const samples = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    samples.set(part, offset);
    offset += part.length;
  }
  return wavFile(samples, RATE);
}

/** One panel the page showed: its feature, and the items in it in order (ids and titles). */
export interface ShownPanel {
  feature: string;
  tool: string;
  /** The `data-item-id` of the item cards (search results, the item, cart lines). */
  items: string[];
  /** The titles of the cards, or of a comparison's columns. */
  titles: string[];
}

/**
 * A script for `page.addInitScript`: records every panel `FeaturePanels` shows (its
 * `[data-feature]` element, with the items and titles in it) into `window.shownPanels`, so a test
 * sees a panel that the next turn has already replaced.
 */
export function panelRecorder(): void {
  const shown: ShownPanel[] = [];
  (window as unknown as { shownPanels: ShownPanel[] }).shownPanels = shown;
  const seen = new WeakMap<Element, string>();
  const texts = (elements: Iterable<Element>) =>
    [...elements].map((element) => element.textContent?.trim() ?? '');
  const look = () => {
    for (const panel of document.querySelectorAll('.svc-feature-panel[data-feature]')) {
      const items = [...panel.querySelectorAll('[data-item-id]')].map(
        (element) => element.getAttribute('data-item-id') ?? '',
      );
      // A comparison's first column names the fields.
      const columns = texts(panel.querySelectorAll('thead th[scope="col"]')).slice(1);
      const titles =
        columns.length > 0 ? columns : texts(panel.querySelectorAll('.svc-card__title'));
      const key = `${panel.getAttribute('data-tool')}|${items.join(',')}|${titles.join(',')}`;
      if (seen.get(panel) === key || (items.length === 0 && titles.length === 0)) continue;
      seen.set(panel, key);
      shown.push({
        feature: panel.getAttribute('data-feature') ?? '',
        tool: panel.getAttribute('data-tool') ?? '',
        items,
        titles,
      });
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
}

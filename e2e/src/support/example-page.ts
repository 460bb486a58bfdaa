// The minimal example page (`examples/minimal`) served by its own script, as a visitor's browser
// meets it, for tests that start a visitor session from a real page.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@svc/agent/testing';

const serveScript = fileURLToPath(new URL('../../../examples/minimal/serve.mjs', import.meta.url));

/** A running example page: its address (ending in `/`) and how to stop it. */
export interface ExamplePage {
  url: string;
  close(): void;
}

/**
 * Serves the example page with its form filled in: the API's address and a publication uuid.
 * Resolves once the page is served (its script bundles the SDK first, a few seconds).
 */
export async function startExamplePage(apiUrl: string, publication = ''): Promise<ExamplePage> {
  const port = await freePort();
  const child = spawn(process.execPath, [serveScript], {
    env: { ...process.env, PORT: String(port), SVC_API_URL: apiUrl, SVC_PUBLICATION: publication },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on(
      'data',
      (chunk: Buffer) => chunk.toString().includes('example page') && resolve(),
    );
    child.once('exit', (code) => reject(new Error(`the example server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, close: () => void child.kill() };
}

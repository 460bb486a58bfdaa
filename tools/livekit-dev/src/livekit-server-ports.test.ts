// A port found free and taken before the server binds it: the server starts again on others. The
// first port handed out is one this test holds; the server binary is the real one.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as childProcess from './child-process.js';
import { startLivekitServer, type LivekitServer } from './livekit-server.js';
import { ensureLivekitServer } from './server-binary.js';

vi.mock('./child-process.js', async (original) => {
  const actual = await original<typeof childProcess>();
  return { ...actual, freePort: vi.fn(actual.freePort) };
});

let held: Server;
let started: LivekitServer | undefined;
beforeAll(async () => {
  await ensureLivekitServer();
  held = createServer();
  await new Promise<void>((resolve) => held.listen(0, '0.0.0.0', resolve));
}, 15 * 60_000);
afterAll(async () => {
  await started?.stop();
  held.close();
});

describe('startLivekitServer on a port taken meanwhile', () => {
  it('starts again on other ports', async () => {
    const address = held.address();
    const taken = typeof address === 'object' && address ? address.port : 0;
    vi.mocked(childProcess.freePort).mockResolvedValueOnce(taken);
    started = await startLivekitServer();
    expect(started.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(started.url).not.toContain(`:${taken}`);
    expect(await (await fetch(started.httpUrl)).text()).toBe('OK');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentWorkerLogPattern,
  startLivekitServer,
  type LivekitServer,
  type LivekitServerOptions,
} from './livekit-server.js';
import { ensureLivekitServer } from './server-binary.js';

// The real server binary, started and stopped: nothing here is faked.
const servers: LivekitServer[] = [];
async function server(options: LivekitServerOptions = {}): Promise<LivekitServer> {
  const started = await startLivekitServer(options);
  servers.push(started);
  return started;
}

// The first run on a machine builds the server, which takes minutes.
beforeAll(() => ensureLivekitServer(), 15 * 60_000);
afterAll(() => Promise.all(servers.map((started) => started.stop())));

describe('startLivekitServer', () => {
  it('starts ready with generated keys, side by side with a second one, and stops', async () => {
    const [first, second] = await Promise.all([server(), server()]);
    expect(first.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(first.httpUrl).toBe(first.url.replace('ws:', 'http:'));
    expect(first.url).not.toBe(second.url);
    expect(first.apiKey).not.toBe(second.apiKey);
    expect(first.apiSecret.length).toBeGreaterThanOrEqual(32);
    for (const started of [first, second]) {
      expect(await (await fetch(started.httpUrl)).text()).toBe('OK');
    }

    const stopping = Date.now();
    await second.stop();
    expect(Date.now() - stopping).toBeLessThan(2000);
    await expect(second.exited).resolves.toBe(0);
    await expect(fetch(second.httpUrl)).rejects.toThrow();
    await second.stop(); // a second stop settles too
    expect(await (await fetch(first.httpUrl)).text()).toBe('OK');
  });

  it('fails with the tail of the server log when the server exits before it is ready', async () => {
    // Nothing listens on port 1: the server cannot reach its Redis and ends.
    await expect(startLivekitServer({ redis: { address: '127.0.0.1:1' } })).rejects.toThrow(
      /livekit-server exited .*\n[\s\S]*unable to connect to redis/,
    );
  });

  it('waits for log lines, also ones logged already, and times out on others', async () => {
    const started = await server();
    await expect(started.waitForLog(/starting LiveKit server/)).resolves.toMatch(
      /"version": "1\.13\.5"/,
    );
    await expect(started.waitForLog(/never logged/, 200)).rejects.toThrow(/within 200 ms/);
    await expect(started.waitForAgentWorker('svc-agent', 200)).rejects.toThrow();
  });
});

describe('agentWorkerLogPattern', () => {
  // A line livekit-server v1.13.5 logged when a worker registered at its `/agent` endpoint.
  const line =
    '2026-11-22T18:13:50.035Z\tINFO\tlivekit.agents\tservice/agentservice.go:303\tworker registered\t' +
    '{"namespace": "", "jobType": "JT_ROOM", "agentName": "svc-agent", "workerID": "AW_Gb8mrCrFhWF3"}';

  it('matches the registration of the named worker only', () => {
    expect(agentWorkerLogPattern('svc-agent').test(line)).toBe(true);
    expect(agentWorkerLogPattern('svc').test(line)).toBe(false);
    expect(agentWorkerLogPattern('').test(line)).toBe(false);
    expect(agentWorkerLogPattern('svc.agent').test(line)).toBe(false);
  });
});

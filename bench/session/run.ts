// Session benchmark against a local livekit-server and the agent stand-in, with the real SDK in
// Chromium: start() to connected (split into identify, session start, Transport connect, agent
// join, config) through the real Platform API, the RPC round trip agent -> page -> agent, and data-channel messages per second.
// Run: npx tsx --conditions=@svc/source bench/session/run.ts
import { startLivekitServer } from '@svc/livekit-dev';
import { fakeConfig } from '@svc/sdk/testing';
import {
  bundlePage,
  joinAsAgent,
  launchChromium,
  startPlatformApi,
  type AgentStandIn,
} from '@svc/e2e/support';

const STARTS = Number(process.env.STARTS ?? 20);
const RPCS = Number(process.env.RPCS ?? 200);
const MESSAGES = Number(process.env.MESSAGES ?? 2000);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

const server = await startLivekitServer({ logLevel: 'warn' });
const config = fakeConfig({
  features: [
    {
      name: 'Echo',
      type: 'collection:items:display',
      settings: {},
      tools: [{ name: 'echo', type: 'frontend' }],
    },
  ],
});
let agent = null as Promise<AgentStandIn> | null;
const script = await bundlePage(new URL('./page.ts', import.meta.url));
// The agent joins as soon as a session is created, as a dispatched agent would.
const api = await startPlatformApi(server, {
  page: { html: '<!doctype html><script type="module" src="/app.js"></script>', script },
  onSession: (room) => {
    agent = joinAsAgent(server, room, config);
  },
});
const browser = await launchChromium();
const page = await browser.newPage();
await page.goto(`${api.url}/?publication=${api.publication}`);
await page.waitForFunction(() => 'bench' in window);

type Marks = Record<'start' | 'identified' | 'session' | 'connected' | 'agent' | 'config', number>;
type Step = 'identify' | 'session' | 'connect' | 'agent join' | 'config' | 'total';
const steps: Record<Step, number[]> = {
  identify: [],
  session: [],
  connect: [],
  'agent join': [],
  config: [],
  total: [],
};
for (let run = 0; run < STARTS; run += 1) {
  const marks = (await page.evaluate(() =>
    (window as never as { bench: { startOnce(): Promise<unknown> } }).bench.startOnce(),
  )) as Marks;
  steps.identify.push(marks.identified - marks.start);
  steps.session.push(marks.session - marks.identified);
  steps.connect.push(marks.connected - marks.session);
  const agentAt = Math.max(marks.agent ?? marks.connected, marks.connected);
  steps['agent join'].push(agentAt - marks.connected);
  steps.config.push(marks.config - agentAt);
  steps.total.push(marks.config - marks.start);
  if (run < STARTS - 1) {
    await page.evaluate(() => (window as never as { bench: { end(): Promise<void> } }).bench.end());
    await (await agent)?.leave();
  }
}
console.log(
  `start() to connected over ${STARTS} starts (the first identifies; later ones reuse the stored identity)`,
);
console.table(
  Object.entries(steps).map(([step, values]) => ({
    step,
    p50: ms(percentile(values, 50)),
    p95: ms(percentile(values, 95)),
  })),
);

const standIn = await agent;
if (!standIn) throw new Error('no agent joined');
const rounds: number[] = [];
for (let call = 0; call < RPCS; call += 1) {
  const started = performance.now();
  await standIn.callRpc('echo', { requestId: `r${call}`, args: { call } });
  rounds.push(performance.now() - started);
}
console.log(
  `RPC round trip agent -> page -> agent over ${RPCS} calls: p50 ${ms(percentile(rounds, 50))}, p95 ${ms(percentile(rounds, 95))}`,
);

await page.evaluate(() =>
  (window as never as { bench: { resetReceived(): void } }).bench.resetReceived(),
);
const sent = performance.now();
for (let index = 0; index < MESSAGES; index += 1) {
  await standIn.publish('message:new', {
    id: `m${index}`,
    role: 'assistant',
    content: `message ${index}`,
    timestamp: new Date().toISOString(),
  });
}
await page.waitForFunction(
  (count) => (window as never as { bench: { received(): number } }).bench.received() >= count,
  MESSAGES,
  {
    timeout: 60_000,
  },
);
const seconds = (performance.now() - sent) / 1000;
const received = await page.evaluate(() =>
  (window as never as { bench: { received(): number } }).bench.received(),
);
console.log(
  `message:new through the data channel: ${(MESSAGES / seconds).toFixed(0)} messages/s, ${received} of ${MESSAGES} received (${MESSAGES - received} lost)`,
);

await browser.close();
await standIn.leave();
await api.close();
await server.stop();

import { afterEach, expect, it } from 'vitest';
import { processCpuMs, watchLoad, type LoadWatch } from './machine-load.js';

let watch: LoadWatch | undefined;
afterEach(() => watch?.stop());

it("reads a process's CPU time from its stat line, whatever its command name holds", () => {
  // utime 250 and stime 50 ticks: 3 s; the name holds a space and a closing parenthesis.
  const line = '4242 (node (host) x) S 1 4242 4242 0 -1 4194560 1 0 0 0 250 50 0 0 20 0 11 0';
  expect(processCpuMs(4242, (() => line) as never)).toBe(3000);
  expect(
    processCpuMs(4242, (() => {
      throw new Error('ENOENT');
    }) as never),
  ).toBeUndefined();
});

it('counts what the machine used beyond our own processes, as cores', async () => {
  // Over each 1 s sample the machine spends 1,500 ms of CPU, 1,200 of them ours: 0.3 cores.
  let at = 0;
  const sources = {
    machineMs: () => at * 1.5,
    ownMs: () => at * 1.2,
    now: () => at,
  };
  watch = watchLoad(() => [], 20, sources);
  expect(watch.othersCores()).toBe(0);
  at = 1000;
  await expect.poll(() => watch?.othersCores()).toBeCloseTo(0.3);
});

it('reports no load where our own time cannot be read, rather than yield to itself', async () => {
  let at = 0;
  watch = watchLoad(() => [], 20, {
    machineMs: () => at * 2,
    ownMs: () => undefined,
    now: () => at,
  });
  at = 1000;
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(watch.othersCores()).toBe(0);
});

it.runIf(process.platform === 'linux')(
  "reads this process's own CPU time as Node counts it",
  () => {
    const usage = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const before = { proc: processCpuMs(process.pid) ?? NaN, node: usage() };
    // Spun until Node counts 300 ms of CPU, however busy the machine is.
    while (usage() - before.node < 300);
    const proc = (processCpuMs(process.pid) ?? NaN) - before.proc;
    const node = usage() - before.node;
    // The kernel counts in ticks of 10 ms, and the test runner's other threads run meanwhile.
    expect(Math.abs(proc - node)).toBeLessThan(60);
  },
);

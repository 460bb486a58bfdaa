import { describe, expect, it } from 'vitest';
import { cpuMeter, reportedLoad, TRANSPORT_TARGET_LOAD } from './capacity.js';

describe('the load a worker reports', () => {
  it('stays under the Transport target until every slot is taken', () => {
    // 19 of 20 conversations: the server must still dispatch the 20th.
    expect(reportedLoad(19 / 20)).toBeLessThan(TRANSPORT_TARGET_LOAD);
    expect(reportedLoad(14 / 20)).toBeLessThan(TRANSPORT_TARGET_LOAD);
    // Full: the worker and the server both stop.
    expect(reportedLoad(20 / 20)).toBeGreaterThanOrEqual(TRANSPORT_TARGET_LOAD);
  });

  it('is bounded, and a share it cannot read counts as full', () => {
    expect(reportedLoad(-1)).toBe(0);
    expect(reportedLoad(3)).toBe(TRANSPORT_TARGET_LOAD);
    expect(reportedLoad(Number.NaN)).toBe(TRANSPORT_TARGET_LOAD);
  });
});

describe('cpuMeter', () => {
  it('answers a share between 0 and 1 that rises when the process works', () => {
    const meter = cpuMeter();
    const until = Date.now() + 300;
    let spin = 0;
    while (Date.now() < until) spin += Math.sqrt(spin + 1);
    const busy = meter();
    expect(spin).toBeGreaterThan(0);
    expect(busy).toBeGreaterThan(0);
    expect(busy).toBeLessThanOrEqual(1);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { acceptedJobs } from './accepted-jobs.js';

/** A job request as the framework hands it to `requestFunc`. */
function request(id: string) {
  return {
    id,
    accept: vi.fn(() => Promise.resolve()),
    reject: vi.fn(() => Promise.resolve()),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the jobs a stopping worker waits for', () => {
  it('accepts jobs until the stop, then refuses them', async () => {
    const jobs = acceptedJobs(() => []);
    const before = request('job-1');
    await jobs.request(before);
    jobs.stop();
    const after = request('job-2');
    await jobs.request(after);
    expect(before.accept).toHaveBeenCalledOnce();
    expect(before.reject).not.toHaveBeenCalled();
    expect(after.reject).toHaveBeenCalledOnce();
    expect(after.accept).not.toHaveBeenCalled();
  });

  it('waits until every accepted job runs', async () => {
    const running: string[] = [];
    const jobs = acceptedJobs(() => running);
    await jobs.request(request('job-1'));
    await jobs.request(request('job-2'));
    running.push('job-1');
    let settled = false;
    const started = jobs.started(10_000).then((left) => {
      settled = true;
      return left;
    });
    await pause(250);
    expect(settled).toBe(false);
    running.push('job-2');
    expect(await started).toEqual([]);
  });

  it('does not wait for a job that ran and ended before the stop', async () => {
    const running: string[] = [];
    const jobs = acceptedJobs(() => running);
    await jobs.request(request('job-1'));
    running.push('job-1');
    await pause(250);
    running.length = 0;
    expect(await jobs.started(10_000)).toEqual([]);
  });

  it('stops waiting at its bound and names the jobs that never ran', async () => {
    const jobs = acceptedJobs(() => []);
    await jobs.request(request('job-1'));
    expect(await jobs.started(300)).toEqual(['job-1']);
  });

  it('does not wait for a job accepted long ago that never ran (assigned elsewhere)', async () => {
    let clock = 0;
    const jobs = acceptedJobs(
      () => [],
      () => clock,
    );
    await jobs.request(request('job-1'));
    clock = 61_000;
    expect(await jobs.started(10_000)).toEqual([]);
  });

  it('settles at once when nothing was accepted', async () => {
    const jobs = acceptedJobs(() => []);
    jobs.stop();
    expect(await jobs.started(10_000)).toEqual([]);
  });
});

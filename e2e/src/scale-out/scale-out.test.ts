import { ensureLivekitServer } from '@svc/livekit-dev';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatFigures, runScaleOut } from './scale-out.js';

// The scale-out smoke in CI: two livekit-server nodes on one Redis, two API replicas on one
// PostgreSQL, two agent workers, all real processes; typed conversations through the public API
// while one node, one replica and one worker are stopped. Small enough for CI; the 40-conversation
// run with its figures is `npm run scale-out -w @svc/bench`.
const CONVERSATIONS = 12;

beforeAll(() => ensureLivekitServer(), 15 * 60_000);

describe('scale-out: two nodes, two replicas, two workers, one of each stopped', () => {
  it('completes every conversation (after a restart where a stop ended it), loses no message, answers no 5xx', async () => {
    const figures = await runScaleOut({
      conversations: CONVERSATIONS,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    console.log(formatFigures(figures));
    // What the replicas warned about, to explain a 5xx.
    if (figures.serverErrors.apiLogs > 0) console.log(figures.apiWarnings.join('\n'));
    const unfinished = figures.records.filter(
      (record) =>
        !figures.records.some((r) => r.visitor === record.visitor && r.outcome === 'completed'),
    );
    expect(unfinished).toEqual([]);
    expect(figures.completed).toBe(CONVERSATIONS);
    expect(figures.lostMessages).toBe(0);
    expect(figures.checkedMessages).toBeGreaterThan(CONVERSATIONS * 5);
    expect(figures.serverErrors).toEqual({ visitors: 0, apiLogs: 0 });
    // The stopped worker left by itself after its drain and the conversations' ends, within the
    // service manager's grace: not killed at the end of it.
    expect(figures.workerStop).toBe('exited');
    // Every conversation was running while the three stops happened: none had ended before.
    const endedBeforeStops = figures.records.filter(
      (record) => record.outcome === 'completed' && record.endedAtS < figures.stops.worker,
    );
    expect(endedBeforeStops).toEqual([]);
  }, 600_000);
});

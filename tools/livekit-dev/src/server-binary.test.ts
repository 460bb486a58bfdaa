import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ensureLivekitServer, livekitServerPath } from './server-binary.js';

describe('ensureLivekitServer', () => {
  it(
    'builds the pinned server once, then finds it in the cache',
    async () => {
      const binary = await ensureLivekitServer(); // builds on a fresh machine (minutes)
      expect(binary).toBe(livekitServerPath());
      expect(binary).toMatch(/livekit-server-v1\.13\.5[/\\]livekit-server$/);
      expect(spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout).toContain('1.13.5');

      const lines: string[] = [];
      const started = Date.now();
      expect(await ensureLivekitServer({ log: (line) => lines.push(line) })).toBe(binary);
      expect(lines).toEqual([]);
      expect(Date.now() - started).toBeLessThan(2000);
    },
    15 * 60_000,
  );
});

// The turn benchmarks: end of turn on requests with mid-turn pauses (eot-bench's figures), and
// barge-in on what a visitor says over the agent; each run writes a dated report under
// bench/results/.
// Run: npm run turn -w @svc/bench [-- heldout] [reuse] [real] (default: the dev part; `reuse`
// reports the last run's transcripts and predictions again; `real` hears turn-pauses-2, real
// people's readings, instead of synthetic voices); `-- barge-in [heldout]` for barge-in.
import { mkdirSync, writeFileSync } from 'node:fs';
import { initializeLogger } from '@livekit/agents';
import { runBargeInBench } from './barge-in.js';
import { runEndOfTurnBench } from './end-of-turn.js';

initializeLogger({ pretty: false, level: 'warn' });
const part = process.argv.includes('heldout') ? 'heldout' : 'dev';
const bargeIn = process.argv.includes('barge-in');
const log = (line: string) => process.stderr.write(`${line}\n`);
const report = bargeIn
  ? await runBargeInBench({ part, log })
  : await runEndOfTurnBench({
      part,
      log,
      reuse: process.argv.includes('reuse'),
      ...(process.argv.includes('real') ? { set: 'turn-pauses-2' as const } : {}),
    });
console.log(report);
const stamp = new Date().toISOString().slice(0, 16).replace('T', '-').replace(':', '-');
const results = new URL('../../results/', import.meta.url);
mkdirSync(results, { recursive: true });
const real = !bargeIn && process.argv.includes('real');
const [name, title] = bargeIn
  ? ['barge-in', 'Barge-in']
  : real
    ? ['turn-real', 'End of turn, real people']
    : ['turn', 'End of turn'];
const flags = [
  bargeIn ? 'barge-in' : '',
  part === 'heldout' ? 'heldout' : '',
  !bargeIn && process.argv.includes('real') ? 'real' : '',
  !bargeIn && process.argv.includes('reuse') ? 'reuse' : '',
].filter(Boolean);
const command = `npm run turn -w @svc/bench${flags.length ? ` -- ${flags.join(' ')}` : ''}`;
writeFileSync(
  new URL(`${name}-${stamp}-${part}.md`, results),
  `# ${title} (${part}), ${new Date().toISOString().slice(0, 10)}\n\nCommand: \`${command}\`. Machine: 2 cores, no GPU, shared with other work.\n\n${report}\n`,
);
// The native model bindings keep the event loop alive after use.
process.exit(0);

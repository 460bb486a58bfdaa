// The turn benchmarks: end of turn on requests with mid-turn pauses (eot-bench's figures), each
// run writing a dated report under bench/results/.
// Run: npm run turn -w @svc/bench [-- heldout] [reuse] (default: the dev part; `reuse` reports
// the last run's transcripts and predictions again)
import { mkdirSync, writeFileSync } from 'node:fs';
import { initializeLogger } from '@livekit/agents';
import { runEndOfTurnBench } from './end-of-turn.js';

initializeLogger({ pretty: false, level: 'warn' });
const part = process.argv.includes('heldout') ? 'heldout' : 'dev';
const log = (line: string) => process.stderr.write(`${line}\n`);
const report = await runEndOfTurnBench({ part, log, reuse: process.argv.includes('reuse') });
console.log(report);
const stamp = new Date().toISOString().slice(0, 16).replace('T', '-').replace(':', '-');
const results = new URL('../../results/', import.meta.url);
mkdirSync(results, { recursive: true });
writeFileSync(
  new URL(`turn-${stamp}-${part}.md`, results),
  `# End of turn (${part}), ${new Date().toISOString().slice(0, 10)}\n\nCommand: \`npm run turn -w @svc/bench${part === 'heldout' ? ' -- heldout' : ''}\`. Machine: 2 cores, no GPU, shared with other work.\n\n${report}\n`,
);
// The native model bindings keep the event loop alive after use.
process.exit(0);

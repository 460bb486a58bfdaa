// The agent's benchmarks, one after the other (they share two cores; run in parallel, each would
// measure the others): the embedded LLM's tool choice on the demo's evaluation set, the embedded
// speech stack's word errors and latency on demo utterances, and the live worker (overhead per
// turn, concurrent conversations, voice-to-voice latency), and the spoken evaluation (what the
// agent hears and does on held-out voices, on a direct track and through Chromium's microphone).
// Run: npm run bench:agent [-- tools speech prompt recordings overhead concurrency typed voice eval]
// (default: all)

import { initializeLogger } from '@livekit/agents';
import { DEFAULT_MODEL_ID } from '@svc/agents-plugin-embedded';
import { runEvalBench } from './eval/run.js';
import { runLiveBench } from './live.js';
import { formatSummaries, runToolChoiceBench } from './llm/tool-choice.js';
import { runPromptBench } from './speech/prompt.js';
import { runRecordingsBench } from './speech/recordings.js';
import { formatSpeechBench, runSpeechBench } from './speech/wer.js';

const ALL = [
  'tools',
  'speech',
  'prompt',
  'recordings',
  'overhead',
  'concurrency',
  'typed',
  'voice',
  'eval',
];
const chosen = new Set(process.argv.slice(2).filter((arg) => ALL.includes(arg)));
const which = chosen.size > 0 ? chosen : new Set(ALL);

initializeLogger({ pretty: false, level: 'warn' });
const reports: string[] = [];
const log = (line: string) => process.stderr.write(`${line}\n`);

if (which.has('tools')) {
  const summaries = await runToolChoiceBench({
    models: [process.env.SVC_LLM_MODEL || DEFAULT_MODEL_ID],
    log,
  });
  reports.push(formatSummaries(summaries));
  console.log(reports.at(-1));
}
if (which.has('speech')) {
  reports.push(formatSpeechBench(await runSpeechBench({ realTime: true, log })));
  console.log(reports.at(-1));
}
if (which.has('prompt')) {
  reports.push(await runPromptBench(log));
  console.log(reports.at(-1));
}
if (which.has('recordings')) {
  reports.push(await runRecordingsBench(log));
  console.log(reports.at(-1));
}
if (['overhead', 'concurrency', 'typed', 'voice'].some((name) => which.has(name))) {
  reports.push(...(await runLiveBench(which)));
}
if (which.has('eval')) {
  reports.push(await runEvalBench({ log }));
  console.log(reports.at(-1));
}
console.log(`\n== bench/agent summary\n\n${reports.join('\n\n')}`);
// The native audio and model bindings keep the event loop alive after use.
process.exit(0);

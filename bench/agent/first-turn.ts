// The first model turn of a new publication's first conversation, against the same turn in a
// later conversation, with the worker preparing publications' prompts and without
// (SVC_AGENT_PREPARE_PUBLICATIONS=off), in one run on the embedded stack.
//
// Each mode starts its own stack, signs a business up, publishes the two scenarios that are not
// shops (the salon receptionist and the support desk of the understanding sets, each prompt made
// new with a line of its own so that no earlier run's prompt is on disk), waits while the business
// would embed its widget (`--settle-ms`, default 60 s), then types one question the model answers
// in a first conversation and again in a second one. Writes `bench/results/first-turn-<date>.md`.
//
//   npm run first-turn -w @svc/bench [-- --settle-ms 60000]
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RECEPTIONIST_SCENARIO } from './eval/sets/receptionist.js';
import { SUPPORT_SCENARIO } from './eval/sets/support-desk.js';
import type { ScenarioBody } from './eval/sets/format.js';
import {
  checkoutState,
  decidedBy,
  greetedVisitor,
  hangUp,
  sendTypedTurn,
  signUp,
  startTypedStack,
  type DecidedBy,
} from './typed-stack.js';

/** The scenarios and a question of this bench's own that each one's model answers. */
const CASES: ReadonlyArray<{ name: string; scenario: ScenarioBody; question: string }> = [
  {
    name: 'salon receptionist',
    scenario: RECEPTIONIST_SCENARIO,
    question: 'could you tell me when you are open during the week',
  },
  {
    name: 'support desk',
    scenario: SUPPORT_SCENARIO,
    question: 'what should I try first when the internet stops working at home',
  },
];

/** How long the visitor reads the greeting before typing, ms (as the understanding runs). */
const VISITOR_PAUSE_MS = 4000;

interface Measured {
  mode: 'off' | 'on';
  name: string;
  conversation: 1 | 2;
  responseMs: number | undefined;
  by: DecidedBy;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'settle-ms': { type: 'string' } } });
  const settleMs = Number(values['settle-ms'] ?? 60_000);
  if (!Number.isFinite(settleMs) || settleMs < 0) throw new Error('--settle-ms takes milliseconds');
  const started = new Date();
  const results: Measured[] = [];
  for (const mode of ['off', 'on'] as const) {
    const stack = await startTypedStack({
      standIn: false,
      env: { SVC_AGENT_PREPARE_PUBLICATIONS: mode },
    });
    try {
      const admin = await signUp(stack.api.url, `First turn ${mode}`);
      const published: string[] = [];
      for (const { scenario } of CASES) {
        // A prompt no earlier run evaluated: a new business's own.
        const created = await admin.request('POST', '/scenarios', {
          ...scenario,
          prompt: `${scenario.prompt}\nReference ${randomUUID()}.`,
          application_id: admin.applicationId,
        });
        const publication = await admin.request(
          'POST',
          `/scenarios/${String(created.id)}/publish`,
          { label: 'production' },
        );
        published.push(String(publication.uuid));
      }
      process.stderr.write(`prepare ${mode}: published, waiting ${settleMs} ms\n`);
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      for (const [index, { name, question }] of CASES.entries()) {
        for (const conversation of [1, 2] as const) {
          const visitor = await greetedVisitor(stack, published[index] as string);
          try {
            await new Promise((resolve) => setTimeout(resolve, VISITOR_PAUSE_MS));
            const marks = await sendTypedTurn(visitor, question, stack.workerLog);
            const measured: Measured = {
              mode,
              name,
              conversation,
              responseMs: marks.responseMs,
              by: decidedBy(stack.workerLog().slice(marks.logAt)),
            };
            results.push(measured);
            process.stderr.write(`  ${JSON.stringify(measured)}\n`);
          } finally {
            await hangUp(visitor);
          }
          await new Promise((resolve) => setTimeout(resolve, 1500));
        }
      }
    } finally {
      await stack.stop();
    }
  }

  const ms = (value: number | undefined) => (value === undefined ? '-' : `${value} ms`);
  const rows = CASES.flatMap(({ name }) =>
    (['off', 'on'] as const).map((mode) => {
      const of = (conversation: 1 | 2) =>
        results.find((r) => r.mode === mode && r.name === name && r.conversation === conversation);
      const first = of(1);
      const second = of(2);
      const ratio =
        first?.responseMs && second?.responseMs
          ? (first.responseMs / second.responseMs).toFixed(2)
          : '-';
      return `| ${name} | ${mode} | ${ms(first?.responseMs)} (${first?.by ?? '-'}) | ${ms(second?.responseMs)} (${second?.by ?? '-'}) | ${ratio} |`;
    }),
  );
  const report = [
    `# A new publication's first model turn, ${started.toISOString().slice(0, 10)}`,
    '',
    `Run ${started.toISOString()}, agent at ${checkoutState()}; \`npm run first-turn -w @svc/bench -- --settle-ms ${settleMs}\`; typed (rt.chat sent to the first assistant words), embedded stack (model host), ${VISITOR_PAUSE_MS} ms after the greeting; the business waits ${settleMs} ms between publishing and the first conversation.`,
    '',
    '| scenario | preparing publications | first conversation (who answered) | second conversation | first / second |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  const folder = fileURLToPath(new URL('../results', import.meta.url));
  mkdirSync(folder, { recursive: true });
  const out = `${folder}/first-turn-${started.toISOString().slice(0, 16).replace(/[:T]/g, '-')}.md`;
  writeFileSync(out, report);
  process.stdout.write(`${report}\nreport: ${out}\n`);
}

await main();
// The Transport's native client keeps handles open after the room is left.
process.exit(0);

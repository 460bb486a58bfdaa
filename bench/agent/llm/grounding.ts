// The embedded LLM alone on the understanding sets' conversations: every turn goes to the model
// (no router, no API, no room), tools answer canned results, and two things are measured:
//
// - what the model says to the out-of-scope questions (d): a reply without a "does not know"
//   marker of sets/unknown-markers.ts, or with a word the turn must not say, counts as invented;
//   and what it says to the questions of the scenarios that are not shops (c) whose answer is in
//   their prompt (hours, prices, staff): a reply there with such a marker counts as a refusal;
// - the model's time per turn and its prompt cache: the first turn of a conversation (after the
//   warm-up the agent runs while its greeting plays) against later ones, and how many prompt
//   tokens each turn found evaluated.
//
// The model host of the worker serves every conversation from one process, as this does.
// Run (dev part only while working; heldout only to report):
//   npx tsx --conditions=@svc/source bench/agent/llm/grounding.ts [--part dev] [--sets id,id] [--limit n]
//   (LLM_THREADS=n sets the model's threads, default one per core.)
//   --prediction none,protocol   runs each conversation once per way of guessing tokens ahead
//   (none, protocol or input-lookup; the first of them first on even conversations, last on odd
//   ones) and reports each one's times, their ratio to the first's, its time to a tool call and
//   the tokens taken from guesses, and the replies that differ (a batch's arithmetic differs from a
//   step's, so some do); default: the model's default alone.
// Writes bench/results/llm-grounding-<date>-<part>.md.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { initializeLogger, llm } from '@livekit/agents';
import { LlamaLLM, type LlamaTurnStats, type TokenPrediction } from '@svc/agents-plugin-embedded';
import { buildTools, demoRuntime, instructionsFor } from '@svc/agent/testing';
import type { RuntimeConfig, ScenarioSnapshot } from '@svc/protocol/agent';
import { folded } from '../eval/sets/judge.js';
import { EVAL_SETS } from '../eval/sets/index.js';
import type { EvalSet, SetPart } from '../eval/sets/format.js';
import { UNKNOWN_MARKERS } from '../eval/sets/unknown-markers.js';

const here = dirname(fileURLToPath(import.meta.url));

/** One model turn of the run. */
interface TurnRecord {
  set: string;
  conversation: string;
  turn: number;
  say: string;
  reply: string;
  call: string;
  /** `unknown` turns of (d); `held` turns of (c) answered in words. */
  kind: 'unknown' | 'held' | 'other';
  invented: boolean;
  refused: boolean;
  first: boolean;
  /** How tokens were guessed ahead in this run of the conversation. */
  prediction: TokenPrediction;
  stats: LlamaTurnStats | undefined;
}

/** The set's scenario as the agent gets it (the demo's, in the set's language, or its own). */
function runtimeOf(set: EvalSet): RuntimeConfig {
  const demo = demoRuntime('text');
  if ('demo' in set.scenario) {
    return { ...demo, conversation: { ...demo.conversation, language: set.language } };
  }
  const definition = set.scenario.definition;
  return {
    ...demo,
    conversation: { ...demo.conversation, language: definition.language },
    scenario: { ...definition, features: definition.features } as unknown as ScenarioSnapshot,
    collections: [],
  };
}

/** The agent's tools for the scenario, with schemas only: calls get canned answers below. */
function toolsOf(runtime: RuntimeConfig): llm.FunctionTool[] {
  const refused = () => Promise.reject(new Error('tools do not run in this benchmark'));
  return buildTools(runtime.scenario.features ?? [], {
    api: new Proxy({}, { get: () => refused }) as never,
    channel: new Proxy({}, { get: () => refused }) as never,
    collections: runtime.collections,
    limit: 5,
    onEnd: () => undefined,
    lastUiActivity: () => 0,
  });
}

/** What a called tool answers here: the page took it; a search found nothing. */
function cannedResult(name: string): string {
  return JSON.stringify(
    /search/.test(name)
      ? { ok: true, result: { count: 0, items: [] } }
      : { ok: true, shown_on_page: true },
  );
}

async function runTurn(
  model: LlamaLLM,
  chatCtx: llm.ChatContext,
  toolCtx: llm.ToolContext,
): Promise<{ reply: string; calls: llm.FunctionCall[]; stats: LlamaTurnStats | undefined }> {
  const stream = model.chat({ chatCtx, toolCtx });
  let reply = '';
  const calls: llm.FunctionCall[] = [];
  for await (const chunk of stream) {
    reply += chunk.delta?.content ?? '';
    calls.push(...(chunk.delta?.toolCalls ?? []));
  }
  return { reply, calls, stats: stream.stats };
}

function percentile(values: number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

/** One conversation of a set, every turn given to `model`: what it said and did, turn by turn. */
async function runConversation(
  model: LlamaLLM,
  set: EvalSet,
  runtime: RuntimeConfig,
  toolCtx: llm.ToolContext,
  conversation: EvalSet['conversations'][number],
): Promise<TurnRecord[]> {
  const records: TurnRecord[] = [];
  const markers = UNKNOWN_MARKERS[set.language].map(folded);
  const chatCtx = llm.ChatContext.empty();
  chatCtx.addMessage({ role: 'system', content: instructionsFor(runtime, false) });
  // As the agent does: the prefix is warmed while the greeting plays.
  await model.warm({ chatCtx: chatCtx.copy(), toolCtx });
  const greeting = runtime.scenario.first_message;
  if (greeting) chatCtx.addMessage({ role: 'assistant', content: greeting });
  for (const [index, turn] of conversation.turns.entries()) {
    chatCtx.addMessage({ role: 'user', content: turn.say });
    const { calls, stats, ...answer } = await runTurn(model, chatCtx, toolCtx);
    let reply = answer.reply;
    const first = index === 0;
    const call = calls.map((c) => `${c.name}(${c.args})`).join(' ');
    for (const made of calls) {
      chatCtx.insert(made);
      chatCtx.insert(
        llm.FunctionCallOutput.create({
          callId: made.callId,
          name: made.name,
          output: cannedResult(made.name),
          isError: false,
        }),
      );
    }
    if (calls.length > 0) reply = (await runTurn(model, chatCtx, toolCtx)).reply;
    if (reply) chatCtx.addMessage({ role: 'assistant', content: reply });
    const unknown = turn.accept.find((outcome) => outcome.kind === 'unknown');
    const held =
      set.kind === 'non-shop' &&
      calls.length === 0 &&
      turn.accept.every((outcome) => outcome.kind === 'none');
    const saysUnknown = markers.some((marker) => folded(reply).includes(marker));
    const forbidden = (unknown?.kind === 'unknown' ? (unknown.mustNotSay ?? []) : []).some(
      (words) => folded(reply).includes(folded(words)),
    );
    records.push({
      set: set.id,
      conversation: conversation.id,
      turn: index + 1,
      say: turn.say,
      reply,
      call,
      kind: unknown ? 'unknown' : held ? 'held' : 'other',
      invented: Boolean(unknown) && (calls.length > 0 || !saysUnknown || forbidden),
      refused: held && saysUnknown,
      first,
      prediction: model.options.tokenPrediction,
      stats,
    });
    process.stderr.write(
      `${model.options.tokenPrediction} ${set.id} ${conversation.id}#${index + 1} ${Math.round(stats?.totalMs ?? 0)} ms ` +
        `(${stats?.cachedPromptTokens}/${stats?.promptTokens} cached): ${call || reply}\n`,
    );
  }
  return records;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      part: { type: 'string' },
      sets: { type: 'string' },
      limit: { type: 'string' },
      prediction: { type: 'string' },
    },
  });
  const predictions = (values.prediction?.split(',') ?? [undefined]).map((name) => {
    if (name === undefined || name === 'none' || name === 'protocol' || name === 'input-lookup')
      return name;
    throw new Error(`--prediction takes none, protocol and input-lookup, not "${name}"`);
  });
  const part = (values.part ?? 'dev') as SetPart;
  const chosen = values.sets?.split(',');
  const limit = values.limit ? Number(values.limit) : Number.POSITIVE_INFINITY;
  // In the order given: a long run reports the sets named first soonest.
  const sets = chosen
    ? chosen.flatMap((id) => EVAL_SETS.filter((set) => set.id === id))
    : EVAL_SETS.filter((set) => set.kind === 'out-of-scope' || set.kind === 'non-shop');
  initializeLogger({ pretty: false, level: 'warn' });
  // LLM_THREADS=1 on a machine others load: two spinning threads stall each other there.
  const models = predictions.map(
    (prediction) =>
      new LlamaLLM({
        sequences: Number(process.env.SVC_LLM_SEQUENCES ?? 2),
        ...(process.env.LLM_THREADS ? { threads: Number(process.env.LLM_THREADS) } : {}),
        ...(prediction ? { tokenPrediction: prediction } : {}),
      }),
  );
  for (const model of models) await model.load();
  const modes = models.map((model) => model.options.tokenPrediction);
  const records: TurnRecord[] = [];
  const started = new Date();

  let file = '';
  // Written after every conversation: a run cut short still reports what it did.
  const writeReport = () => {
    const ms = (pick: (stats: LlamaTurnStats) => number, rows: TurnRecord[]) =>
      rows.flatMap((row) => (row.stats ? [pick(row.stats)] : []));
    const line = (label: string, rows: TurnRecord[]) => {
      const first = ms((s) => s.ttftMs, rows);
      const total = ms((s) => s.totalMs, rows);
      const evaluated = ms((s) => s.promptTokens - s.cachedPromptTokens, rows);
      return `| ${label} | ${rows.length} | ${Math.round(percentile(first, 0.5))} / ${Math.round(percentile(first, 0.95))} ms | ${Math.round(percentile(total, 0.5))} / ${Math.round(percentile(total, 0.95))} ms | ${Math.round(percentile(evaluated, 0.5))} / ${Math.round(percentile(evaluated, 0.95))} |`;
    };
    // What the model said is judged on the first way's run; the others only add times.
    const judged = records.filter((row) => row.prediction === modes[0]);
    const unknownTurns = judged.filter((row) => row.kind === 'unknown');
    const heldTurns = judged.filter((row) => row.kind === 'held');
    const median = (rows: TurnRecord[]) =>
      percentile(
        ms((stats) => stats.totalMs, rows),
        0.5,
      );
    const differing = judged.filter((row) =>
      records.some(
        (other) =>
          other.prediction !== row.prediction &&
          other.set === row.set &&
          other.conversation === row.conversation &&
          other.turn === row.turn &&
          (other.reply !== row.reply || other.call !== row.call),
      ),
    );
    const timeRows = modes.flatMap((mode) => {
      const mine = records.filter((row) => row.prediction === mode);
      const label = (what: string) => (modes.length > 1 ? `${mode}: ${what}` : what);
      return [
        line(
          label('first of a conversation'),
          mine.filter((row) => row.first),
        ),
        line(
          label('later'),
          mine.filter((row) => !row.first),
        ),
        line(label('all'), mine),
      ];
    });
    const comparison =
      modes.length > 1
        ? [
            '',
            `Each conversation ran once per way of guessing tokens (${modes.join(', ')}), the first way first on even conversations and last on odd ones.`,
            '',
            ...modes
              .slice(1)
              .map(
                (mode) =>
                  `- ${mode} against ${modes[0]}: whole turn p50 x${(median(records.filter((row) => row.prediction === mode)) / median(judged)).toFixed(2)}`,
              ),
            ...modes.map((mode) => {
              const mine = records.filter((row) => row.prediction === mode);
              // A turn that calls a tool: the time to the call is the decision's alone.
              const calls = mine.filter((row) => row.call && row.stats);
              const toCall = ms((stats) => stats.ttftMs, calls);
              const generated = ms((stats) => stats.completionTokens, mine).reduce(
                (a, b) => a + b,
                0,
              );
              const guessed = ms((stats) => stats.predictedTokens, mine).reduce((a, b) => a + b, 0);
              return `- ${mode}: time to a tool call p50 ${Math.round(percentile(toCall, 0.5))} ms, p95 ${Math.round(percentile(toCall, 0.95))} ms (${calls.length} calls); generated tokens taken from guesses ${guessed} of ${generated}`;
            }),
            `- Turns whose reply or call differ between the ways: ${differing.length} of ${judged.length}`,
            ...differing.map((row) => `  - ${row.set} ${row.conversation}#${row.turn}`),
          ]
        : [];
    const report = [
      `# The embedded LLM alone: invented answers, held facts, turn times (${part} part)`,
      '',
      `Run ${started.toISOString()}, ${process.env.SVC_LLM_MODEL || 'default model'}, token prediction ${modes.join(' and ')}, sequences ${process.env.SVC_LLM_SEQUENCES ?? 2}, threads ${process.env.LLM_THREADS ?? 'one per core'}; command: \`npx tsx --conditions=@svc/source bench/agent/llm/grounding.ts ${process.argv.slice(2).join(' ')}\`.`,
      `Sets: ${sets.map((set) => set.id).join(', ')}. Every turn goes to the model (no router); tools answer canned results.`,
      '',
      `- Invented answers on (d): ${unknownTurns.filter((row) => row.invented).length} of ${unknownTurns.length}`,
      `- Refusals of questions (c) answered in words: ${heldTurns.filter((row) => row.refused).length} of ${heldTurns.length}`,
      '',
      '| turns | n | first words p50 / p95 | whole turn p50 / p95 | prompt tokens evaluated p50 / p95 |',
      '|---|---|---|---|---|',
      ...timeRows,
      ...comparison,
      '',
      '## Replies',
      '',
      ...judged.map(
        (row) =>
          `- ${row.invented ? '**invented** ' : row.refused ? '**refused** ' : ''}${row.set} ${row.conversation}#${row.turn} (${row.kind}): "${row.say}" -> ${row.call ? `[${row.call}] ` : ''}"${row.reply}"`,
      ),
      '',
    ].join('\n');
    const folder = join(here, '../../results');
    mkdirSync(folder, { recursive: true });
    file = join(
      folder,
      `llm-grounding-${started.toISOString().slice(0, 16).replace(/[:T]/g, '-')}-${part}.md`,
    );
    writeFileSync(file, report);
  };

  for (const set of sets) {
    const runtime = runtimeOf(set);
    const tools = toolsOf(runtime);
    const toolCtx = new llm.ToolContext(tools);
    const conversations = set.conversations.filter((c) => c.part === part).slice(0, limit);
    for (const [number, conversation] of conversations.entries()) {
      const order = number % 2 === 0 ? models : [...models].reverse();
      for (const model of order)
        records.push(...(await runConversation(model, set, runtime, toolCtx, conversation)));
      writeReport();
    }
  }
  writeReport();
  await LlamaLLM.unloadAll();
  process.stdout.write(`report: ${file}\n`);
}

await main();

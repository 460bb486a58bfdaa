// Tool-choice benchmark of the embedded LLM on the Trailhead demo scenario: each utterance of
// eval-set.json is said in its conversation state, and the model's first decision is scored:
// the right tool (or rightly no tool), arguments valid against the tool's JSON Schema, argument
// values where the set gives them, and the time to the first token and to the whole decision.
// Cases run grouped by conversation state, as turns of a conversation would, so the prompt cache
// is warm after the first case of a state, as it is in a live session; the first turn's time
// (instructions and tool descriptions evaluated from nothing) is reported on its own.
// Run: npx tsx --conditions=@svc/source bench/agent/llm/tool-choice.ts [--models id,id|all]
//   LIMIT=n keeps the first n cases; models default to every installed model of models.json.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { initializeLogger, type llm } from '@livekit/agents';
import {
  DEFAULT_MODEL_ID,
  LlamaLLM,
  MODELS,
  modelPath,
  validateJson,
  type JsonSchema,
  type LlamaTurnStats,
} from '@svc/agents-plugin-embedded';
import {
  TRAILHEAD_TOOLS,
  trailheadChat,
  trailheadToolContext,
  type ContextName,
} from './scenario.js';

/** One case of the evaluation set. */
export interface ToolChoiceCase {
  /** What the visitor says; null: nothing, the turn answers a tool result. */
  utterance: string | null;
  /** The conversation state it is said in. */
  context: ContextName;
  /** The tool to call, or null for a spoken reply. */
  expected: string | null;
  /** Expected argument values by dotted path (`item_id`, `filters.category`); arrays compare as sets. */
  args?: Record<string, unknown>;
}

/** The result of one case. */
export interface CaseResult {
  case: ToolChoiceCase;
  /** The tool called, or null for a reply. */
  tool: string | null;
  args: unknown;
  reply: string;
  correct: boolean;
  /** The arguments match the tool's schema (undefined: no call). */
  argsValid: boolean | undefined;
  /** The arguments have the expected values (undefined: none expected, or wrong tool). */
  argsRight: boolean | undefined;
  stats: LlamaTurnStats | undefined;
}

/** The summary of one model. */
export interface ModelSummary {
  modelId: string;
  name: string;
  /** Share of cases with the right tool or rightly no tool. */
  accuracy: number;
  /** Share of tool calls whose arguments match the schema. */
  argsValidity: number;
  /** Share of right calls with expected values whose arguments have them. */
  argsAccuracy: number;
  ttftP50: number;
  ttftP95: number;
  decisionP50: number;
  decisionP95: number;
  /** The first turn: instructions and tool descriptions evaluated from nothing, ms. */
  coldTurnMs: number;
  /** Generation speed, median over turns. */
  tokensPerSecond: number;
  /** Prompt evaluation speed of the first turn (nothing cached). */
  promptTokensPerSecond: number;
  loadMs: number;
  /** Resident memory the model added to the process, MB. */
  rssMb: number;
  results: CaseResult[];
}

/** Options of {@link runToolChoiceBench}. */
export interface ToolChoiceBenchOptions {
  /** Model ids of models.json (default: every installed one). */
  models?: readonly string[];
  /** The cases (default: eval-set.json). */
  cases?: readonly ToolChoiceCase[];
  /** Options for every {@link LlamaLLM}. */
  llmOptions?: ConstructorParameters<typeof LlamaLLM>[0];
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The evaluation set of the demo scenario. */
export function loadEvalSet(): ToolChoiceCase[] {
  const file = JSON.parse(readFileSync(join(here, 'eval-set.json'), 'utf8')) as {
    cases: ToolChoiceCase[];
  };
  return file.cases;
}

/** Models of models.json whose file is installed. */
export function installedModels(): string[] {
  return Object.keys(MODELS).filter((id) => existsSync(modelPath(id)));
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function sameValue(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item) => actual.includes(item))
    );
  }
  if (typeof expected === 'string' && typeof actual === 'string') {
    return actual.toLowerCase() === expected.toLowerCase();
  }
  return actual === expected;
}

async function runCase(
  model: LlamaLLM,
  toolCtx: llm.ToolContext,
  testCase: ToolChoiceCase,
): Promise<CaseResult> {
  const chatCtx = trailheadChat(testCase.context, testCase.utterance ?? undefined);
  const stream = model.chat({ chatCtx, toolCtx });
  let reply = '';
  const calls: llm.FunctionCall[] = [];
  for await (const chunk of stream) {
    if (chunk.delta?.content) reply += chunk.delta.content;
    if (chunk.delta?.toolCalls) calls.push(...chunk.delta.toolCalls);
  }
  const call = calls[0];
  const tool = call?.name ?? null;
  let args: unknown;
  let argsValid: boolean | undefined;
  if (call) {
    try {
      args = JSON.parse(call.args);
      const schema = TRAILHEAD_TOOLS[call.name as keyof typeof TRAILHEAD_TOOLS]?.parameters;
      argsValid = schema ? validateJson(schema as unknown as JsonSchema, args).length === 0 : false;
    } catch {
      argsValid = false;
    }
  }
  const correct = tool === testCase.expected;
  const expectedArgs = testCase.args;
  const argsRight =
    correct && call && expectedArgs
      ? Object.entries(expectedArgs).every(([path, value]) => sameValue(valueAt(args, path), value))
      : undefined;
  return { case: testCase, tool, args, reply, correct, argsValid, argsRight, stats: stream.stats };
}

/** Runs the evaluation for each model; answers a summary per model. */
export async function runToolChoiceBench(
  options: ToolChoiceBenchOptions = {},
): Promise<ModelSummary[]> {
  const log = options.log ?? (() => undefined);
  const cases = [...(options.cases ?? loadEvalSet())];
  // Grouped by state, in the set's order otherwise: turns of one conversation share its cache.
  const order: ContextName[] = [];
  for (const testCase of cases) if (!order.includes(testCase.context)) order.push(testCase.context);
  cases.sort((a, b) => order.indexOf(a.context) - order.indexOf(b.context));
  const toolCtx = trailheadToolContext();
  const summaries: ModelSummary[] = [];
  for (const modelId of options.models ?? installedModels()) {
    const rssBefore = process.memoryUsage().rss;
    // One sequence: the turns of the bench follow each other, as in one conversation.
    const model = new LlamaLLM({ sequences: 1, ...options.llmOptions, modelId });
    const loadStart = performance.now();
    await model.load();
    const loadMs = performance.now() - loadStart;
    const rssMb = (process.memoryUsage().rss - rssBefore) / 1e6;
    log(`${modelId}: loaded in ${Math.round(loadMs)} ms, +${Math.round(rssMb)} MB`);
    const results: CaseResult[] = [];
    for (const testCase of cases) {
      const result = await runCase(model, toolCtx, testCase);
      results.push(result);
      const mark = result.correct ? 'ok ' : 'BAD';
      const what = result.tool
        ? `${result.tool} ${JSON.stringify(result.args)}`
        : `"${result.reply.slice(0, 70)}"`;
      log(
        `  ${mark} [${testCase.context}] ${JSON.stringify(testCase.utterance)} -> ${what} (${Math.round(result.stats?.ttftMs ?? -1)}/${Math.round(result.stats?.totalMs ?? -1)} ms)`,
      );
    }
    await LlamaLLM.unloadAll();
    const calls = results.filter((result) => result.argsValid !== undefined);
    const withArgs = results.filter((result) => result.argsRight !== undefined);
    const stats = results.map((result) => result.stats).filter((s): s is LlamaTurnStats => !!s);
    const warm = stats.slice(1);
    const summary: ModelSummary = {
      modelId,
      name: MODELS[modelId]?.name ?? modelId,
      accuracy: results.filter((result) => result.correct).length / results.length,
      argsValidity: calls.filter((result) => result.argsValid).length / Math.max(1, calls.length),
      argsAccuracy:
        withArgs.filter((result) => result.argsRight).length / Math.max(1, withArgs.length),
      ttftP50: percentile(
        warm.map((s) => s.ttftMs),
        50,
      ),
      ttftP95: percentile(
        warm.map((s) => s.ttftMs),
        95,
      ),
      decisionP50: percentile(
        warm.map((s) => s.totalMs),
        50,
      ),
      decisionP95: percentile(
        warm.map((s) => s.totalMs),
        95,
      ),
      coldTurnMs: stats[0]?.totalMs ?? Number.NaN,
      tokensPerSecond: percentile(
        stats.map((s) => s.tokensPerSecond).filter((v) => v > 0),
        50,
      ),
      promptTokensPerSecond: stats[0]?.promptTokensPerSecond ?? Number.NaN,
      loadMs,
      rssMb,
      results,
    };
    summaries.push(summary);
    // A row as soon as a model is done: a long run still tells something if it is cut short.
    log(formatSummaries([summary]));
  }
  return summaries;
}

/** The summaries as a text table. */
export function formatSummaries(summaries: readonly ModelSummary[]): string {
  const header = [
    'model',
    'tool choice',
    'args valid',
    'args right',
    'ttft p50/p95 ms',
    'decision p50/p95 ms',
    'cold turn ms',
    'gen tok/s',
    'prompt tok/s',
    'load ms',
    'RSS MB',
  ];
  const pct = (value: number) => `${(value * 100).toFixed(0)}%`;
  const rows = summaries.map((s) => [
    s.modelId,
    `${pct(s.accuracy)} (${s.results.filter((r) => r.correct).length}/${s.results.length})`,
    pct(s.argsValidity),
    pct(s.argsAccuracy),
    `${Math.round(s.ttftP50)}/${Math.round(s.ttftP95)}`,
    `${Math.round(s.decisionP50)}/${Math.round(s.decisionP95)}`,
    `${Math.round(s.coldTurnMs)}`,
    s.tokensPerSecond.toFixed(1),
    s.promptTokensPerSecond.toFixed(0),
    `${Math.round(s.loadMs)}`,
    `${Math.round(s.rssMb)}`,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function parseModels(argv: readonly string[]): string[] | undefined {
  const index = argv.findIndex((arg) => arg === '--models' || arg.startsWith('--models='));
  if (index < 0) return undefined;
  const arg = argv[index] as string;
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[index + 1] ?? '');
  if (value === 'all') return Object.keys(MODELS);
  return value.split(',').filter(Boolean);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  initializeLogger({ pretty: false, level: 'warn' });
  const models = parseModels(process.argv.slice(2)) ?? installedModels();
  if (models.length === 0) {
    process.stderr.write(
      `no embedded LLM model is installed: run npm run ensure-llm -w @svc/agents-plugin-embedded (default ${DEFAULT_MODEL_ID})\n`,
    );
    process.exit(1);
  }
  const limit = Number(process.env.LIMIT ?? 0);
  const cases = limit > 0 ? loadEvalSet().slice(0, limit) : loadEvalSet();
  const summaries = await runToolChoiceBench({
    models,
    cases,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${formatSummaries(summaries)}\n`);
}

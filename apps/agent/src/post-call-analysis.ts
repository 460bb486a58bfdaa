// After a conversation has ended, what the business declared it wants from it (fields such as
// `appointment_date`, success criteria such as `booked`) is read out of the transcript by the
// scenario's own model and stored through the agent route; the API's post-call webhook waits for
// it. The embedded model answers under a grammar made from the declaration, so it cannot answer
// out of shape; every answer is still checked, and what does not fit is stored as null or
// `unknown` rather than dropped.
import { llm, log as agentsLog } from '@livekit/agents';
import {
  ANALYSIS_DATE_PATTERN,
  ANALYSIS_LIMITS,
  CRITERION_RESULTS,
  declaresAnalysis,
  type AnalysisField,
  type AnalysisValue,
  type ConversationAnalysis,
  type CriterionJudgement,
  type CriterionResult,
  type ScenarioAnalysis,
} from '@svc/protocol/agent';
import type { ConversationApi } from './api-client.js';

/** One line of the transcript the model reads. */
export interface TranscriptLine {
  speaker: 'visitor' | 'agent' | 'tool';
  text: string;
}

/** What a model is asked for one structured answer. */
export interface JsonQuestion {
  instructions: string;
  prompt: string;
  /** The answer's shape. */
  schema: Record<string, unknown>;
  /** Longest answer, tokens. */
  maxTokens?: number;
}

/**
 * A model that answers in a JSON Schema's shape by construction (the embedded model under a
 * grammar, in this process or through the worker's model host).
 */
export interface JsonAnswering {
  answerJson(question: JsonQuestion, signal?: AbortSignal): Promise<string>;
}

/**
 * Longest the whole analysis may take, ms. The API delivers the post-call webhook without the
 * analysis 120 s after the end; this leaves the store call time to land before that.
 */
export const ANALYSIS_TIMEOUT_MS = 100_000;

/**
 * Transcript characters the model reads at most: the embedded model's sequences hold 4,096 tokens.
 * A longer conversation keeps its opening (who the visitor is, what they came for) and its end
 * (what was agreed), and loses the middle.
 */
export const MAX_TRANSCRIPT_CHARS = 8000;

/** Of {@link MAX_TRANSCRIPT_CHARS}, what the opening keeps. */
const OPENING_CHARS = 2000;

/** A tool's result in the transcript, at most: its gist, not its whole payload. */
const MAX_TOOL_LINE_CHARS = 300;

/**
 * Tokens the model may write for the whole answer: a short value per field and a line per
 * criterion. The grammar bounds no string's length (a bounded string becomes hundreds of nested
 * grammar rules, which slows every token); this bounds the answer instead.
 */
function answerTokens(declared: ScenarioAnalysis): number {
  return 32 + 24 * (declared.fields?.length ?? 0) + 48 * (declared.criteria?.length ?? 0);
}

const INSTRUCTIONS = [
  'You read the transcript of a conversation between a visitor and an agent, after it has ended, and answer in JSON only.',
  'For each field, give the value the conversation states, of the type asked; null when the conversation does not say it. A date is YYYY-MM-DD.',
  'For each criterion, write a one-line rationale taken from the conversation, then its result: success when the conversation shows it was met, failure when it shows it was not, unknown when it does not tell.',
].join('\n');

/** The transcript of a session's chat context: what was said, and the tools the agent ran. */
export function transcriptOf(chat: llm.ChatContext): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  for (const item of chat.items) {
    if (item.type === 'message') {
      const text = item.textContent?.trim();
      if (!text || (item.role !== 'user' && item.role !== 'assistant')) continue;
      lines.push({ speaker: item.role === 'user' ? 'visitor' : 'agent', text });
    } else if (item.type === 'function_call') {
      lines.push({ speaker: 'tool', text: `${item.name}(${item.args})` });
    } else if (item.type === 'function_call_output') {
      lines.push({ speaker: 'tool', text: `${item.name} answered ${item.output}` });
    }
  }
  return lines.map((line) =>
    line.speaker === 'tool' ? { ...line, text: clip(line.text, MAX_TOOL_LINE_CHARS) } : line,
  );
}

function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** The transcript as the model reads it, cut to {@link MAX_TRANSCRIPT_CHARS}. */
function transcriptText(transcript: readonly TranscriptLine[]): string {
  const label = { visitor: 'Visitor', agent: 'Agent', tool: 'Tool' } as const;
  const text = transcript.map((line) => `${label[line.speaker]}: ${line.text}`).join('\n');
  if (text.length <= MAX_TRANSCRIPT_CHARS) return text;
  const ending = MAX_TRANSCRIPT_CHARS - OPENING_CHARS;
  return `${text.slice(0, OPENING_CHARS)}\n[…]\n${text.slice(text.length - ending)}`;
}

/** The JSON Schema of a field's value: its declared type, or null. */
function valueSchema(field: AnalysisField): Record<string, unknown> {
  switch (field.type) {
    case 'string':
      return { type: ['string', 'null'] };
    case 'date':
      return { oneOf: [{ type: 'string', format: 'date' }, { type: 'null' }] };
    case 'number':
      return { type: ['number', 'null'] };
    case 'boolean':
      return { type: ['boolean', 'null'] };
  }
}

/**
 * The answer's shape for a declaration: `data` with every field (typed, nullable) and `criteria`
 * keyed by name, each a rationale before its result (a small model judges better having said why).
 */
export function analysisSchema(declared: ScenarioAnalysis): Record<string, unknown> {
  const fields = declared.fields ?? [];
  const criteria = declared.criteria ?? [];
  const object = (properties: Record<string, unknown>) => ({
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  });
  const parts: Record<string, unknown> = {};
  if (fields.length > 0)
    parts.data = object(
      Object.fromEntries(fields.map((field) => [field.name, valueSchema(field)])),
    );
  if (criteria.length > 0)
    parts.criteria = object(
      Object.fromEntries(
        criteria.map((criterion) => [
          criterion.name,
          object({
            rationale: { type: 'string' },
            result: { enum: [...CRITERION_RESULTS] },
          }),
        ]),
      ),
    );
  return object(parts);
}

/** The question the model is asked about one conversation. */
export function analysisQuestion(
  declared: ScenarioAnalysis,
  transcript: readonly TranscriptLine[],
  endedAt: Date,
): JsonQuestion {
  const fields = (declared.fields ?? []).map(
    (field) => `- ${field.name} (${field.type}): ${field.description}`,
  );
  const criteria = (declared.criteria ?? []).map(
    (criterion) => `- ${criterion.name}: ${criterion.description}`,
  );
  const prompt = [
    // Relative days ("tomorrow") are read against the day the conversation took place.
    `The conversation, which ended on ${endedAt.toISOString().slice(0, 10)}:`,
    transcriptText(transcript),
    ...(fields.length ? ['', 'Fields:', ...fields] : []),
    ...(criteria.length ? ['', 'Criteria:', ...criteria] : []),
  ].join('\n');
  return {
    instructions: INSTRUCTIONS,
    prompt,
    schema: analysisSchema(declared),
    maxTokens: answerTokens(declared),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a `YYYY-MM-DD` text names a day of the calendar (not 2026-02-30). */
function isCalendarDay(text: string): boolean {
  if (!ANALYSIS_DATE_PATTERN.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** A value as declared, or null when it is not one. */
function fieldValue(field: AnalysisField, value: unknown): AnalysisValue {
  switch (field.type) {
    case 'string': {
      if (typeof value !== 'string' || !value.trim()) return null;
      return clip(value.trim(), ANALYSIS_LIMITS.MAX_STRING_VALUE);
    }
    case 'date':
      return typeof value === 'string' && isCalendarDay(value.trim()) ? value.trim() : null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
  }
}

/**
 * The analysis a model's answer holds, fitted to the declaration: every field (null when the answer
 * lacks it or has it of another type), every criterion in declared order (`unknown` when not
 * judged), a rationale on one line. An answer that is not JSON gives all nulls and unknowns.
 */
export function readAnalysis(declared: ScenarioAnalysis, answer: string): ConversationAnalysis {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer) as unknown;
  } catch {
    parsed = undefined;
  }
  const root = isRecord(parsed) ? parsed : {};
  const data = isRecord(root.data) ? root.data : {};
  const judged = isRecord(root.criteria) ? root.criteria : {};
  const criteria = (declared.criteria ?? []).map((criterion): CriterionJudgement => {
    const judgement = judged[criterion.name];
    const entry = isRecord(judgement) ? judgement : {};
    const result = (CRITERION_RESULTS as readonly unknown[]).includes(entry.result)
      ? (entry.result as CriterionResult)
      : 'unknown';
    const rationale =
      typeof entry.rationale === 'string'
        ? clip(entry.rationale.replace(/\s+/g, ' ').trim(), ANALYSIS_LIMITS.MAX_RATIONALE)
        : '';
    return { name: criterion.name, result, rationale };
  });
  return {
    data: Object.fromEntries(
      (declared.fields ?? []).map((field) => [field.name, fieldValue(field, data[field.name])]),
    ),
    criteria,
  };
}

/** Whether the model answers in a JSON shape by construction ({@link JsonAnswering}). */
export function answersJson(model: llm.LLM): model is llm.LLM & JsonAnswering {
  return typeof (model as Partial<JsonAnswering>).answerJson === 'function';
}

/** The text a framework LLM answers to one question (its stream read to the end). */
async function chatAnswer(
  model: llm.LLM,
  question: JsonQuestion,
  signal: AbortSignal,
  extraKwargs: Record<string, unknown> | undefined,
): Promise<string> {
  const chatCtx = llm.ChatContext.empty();
  chatCtx.addMessage({ role: 'system', content: question.instructions });
  chatCtx.addMessage({ role: 'user', content: question.prompt });
  const stream = model.chat({ chatCtx, ...(extraKwargs ? { extraKwargs } : {}) });
  const stop = () => stream.close();
  signal.addEventListener('abort', stop, { once: true });
  try {
    let text = '';
    for await (const chunk of stream) text += chunk.delta?.content ?? '';
    signal.throwIfAborted();
    return text;
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/**
 * Asks the scenario's model about one conversation and reads its answer. The embedded model
 * answers under the declaration's grammar; a hosted one is asked for the same JSON Schema as its
 * response format, and asked again without it when its server refuses that option.
 */
export async function extractAnalysis(
  model: llm.LLM,
  declared: ScenarioAnalysis,
  transcript: readonly TranscriptLine[],
  options: { endedAt?: Date; signal?: AbortSignal } = {},
): Promise<ConversationAnalysis> {
  const signal = options.signal ?? new AbortController().signal;
  const question = analysisQuestion(declared, transcript, options.endedAt ?? new Date());
  let answer: string;
  if (answersJson(model)) {
    answer = await model.answerJson(question, signal);
  } else {
    const responseFormat = {
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'conversation_analysis', schema: question.schema },
      },
    };
    try {
      answer = await chatAnswer(model, question, signal, responseFormat);
    } catch (error) {
      if (signal.aborted) throw error;
      answer = await chatAnswer(model, question, signal, undefined);
    }
  }
  return readAnalysis(declared, answer);
}

/** What {@link analyseConversation} needs of the ended conversation. */
export interface EndedConversation {
  /** The scenario's LLM (the router's templates never answer this). */
  model: llm.LLM;
  /** The scenario's declaration; none: nothing runs. */
  declared: ScenarioAnalysis | undefined;
  transcript: readonly TranscriptLine[];
  api: Pick<ConversationApi, 'storeAnalysis'>;
  endedAt?: Date;
  /** Bounds the whole analysis (default {@link ANALYSIS_TIMEOUT_MS}). */
  timeoutMs?: number;
}

/**
 * Reads the declared analysis out of an ended conversation and stores it. Never rejects: a model
 * or API that fails is logged, and the webhook goes out without the analysis. A scenario that
 * declares nothing costs nothing.
 */
export async function analyseConversation(ended: EndedConversation): Promise<void> {
  const { declared } = ended;
  if (!declared || !declaresAnalysis(declared)) return;
  const log = agentsLog();
  const signal = AbortSignal.timeout(ended.timeoutMs ?? ANALYSIS_TIMEOUT_MS);
  try {
    const analysis = await extractAnalysis(ended.model, declared, ended.transcript, {
      ...(ended.endedAt ? { endedAt: ended.endedAt } : {}),
      signal,
    });
    // The API's client asks again on network errors and 5xx answers.
    await ended.api.storeAnalysis(analysis);
    log.info('the conversation analysis is stored');
  } catch (error) {
    log.warn({ err: error }, 'the conversation analysis failed');
  }
}

// A new publication's first conversation evaluated the scenario's prompt (its instructions and
// tool descriptions, some 700 tokens) on its first model turn: 9-12 s on two cores, where later
// conversations restore it from disk in milliseconds. The worker reads what is published from the
// API and has its model host evaluate each publication's prompt while no conversation runs, as
// each language and output mode will send it; the host keeps it on disk for every process.
import { llm, log as agentsLog } from '@livekit/agents';
import {
  AGENT_PUBLICATIONS_LIMIT,
  AGENT_PUBLICATIONS_PATH,
  localizeScenario,
  type AgentPublication,
  type AgentPublicationPage,
  type RuntimeConfig,
} from '@svc/protocol/agent';
import { DEFAULT_API_PATH_PREFIX, type SessionMode } from '@svc/protocol';
import type { ConversationApi } from './api-client.js';
import type { VisitorChannel } from './channel.js';
import type { WarmableLLM } from './model-host/host.js';
import { warmChooser, withRouter } from './router/index.js';
import { instructionsFor, scenarioAgent } from './scenario-agent.js';

/** How often the worker asks for new publications, ms. */
export const PUBLICATIONS_POLL_MS = 15_000;

/** How many of the most recent publications a starting worker prepares. */
export const RECENT_PUBLICATIONS = 5;

/**
 * How long the worker must have been without a conversation before a prompt is prepared, ms: a
 * prompt's evaluation stops only between batches of tokens, so one begun in the gap between two
 * conversations of a visitor would hold the cores at the next one's start.
 */
export const QUIET_MS = 5000;

/** Most languages of one publication prepared (its own first). */
const LANGUAGES_PER_PUBLICATION = 4;

/** How often a running warm-up checks whether a conversation began, ms. */
const BUSY_CHECK_MS = 250;

/** The output modes a conversation's prompt differs by: spoken replies are told to be plain. */
const MODES: readonly SessionMode[] = ['audio', 'text'];

/** One prompt to evaluate: a publication in one language and output mode. */
interface Prompt {
  publication: AgentPublication;
  language: string;
  mode: SessionMode;
}

/** What the warmer needs. */
export interface PublicationWarmerOptions {
  apiUrl: string;
  agentKey: string;
  /** The worker's embedded model (its model host); undefined when it has none. */
  model: () => llm.LLM | undefined;
  /**
   * Whether a conversation runs on the worker, or something else holds the machine's cores: a
   * warm-up waits for them.
   */
  busy: () => boolean;
  pollMs?: number;
  recent?: number;
  /** See {@link QUIET_MS}. */
  quietMs?: number;
  fetch?: typeof fetch;
}

/** A running warmer. */
export interface PublicationWarmer {
  /** Resolves once every prompt read so far was evaluated (for tests and benches). */
  settled(): Promise<void>;
  stop(): void;
}

/** Whether the scenario runs on the embedded model: a hosted one evaluates its own prompts. */
function embedded(publication: AgentPublication): boolean {
  return (publication.scenario.voice?.llm?.provider ?? 'embedded') === 'embedded';
}

/**
 * The runtime config a conversation of the publication would get in `language` and `mode`, before
 * anything was said: what its prompt is built from. It names no conversation or visitor.
 */
export function promptRuntime(
  publication: AgentPublication,
  language: string,
  mode: SessionMode,
): RuntimeConfig {
  return {
    conversation: {
      id: `prepare-${publication.uuid}`,
      language,
      input_mode: mode,
      output_mode: mode,
      metadata: {},
      started_at: publication.published_at,
      ended_at: null,
    },
    visitor: { id: 0, external_id: '' },
    company_id: 0,
    publication_uuid: publication.uuid,
    scenario: localizeScenario(publication.scenario, language),
    collections: publication.collections,
    item_names: [],
    restore_state: {},
    history: [],
  };
}

/** Every call of a tool or of the API fails here: preparing a prompt runs none. */
function refusing<T extends object>(): T {
  return new Proxy({} as T, {
    get: (_target, name) =>
      // Not a promise itself: awaiting it is no call.
      name === 'then'
        ? undefined
        : () =>
            Promise.reject(
              new Error(`${String(name)}: no conversation runs while a prompt is prepared`),
            ),
  });
}

/**
 * Evaluates the prompt a conversation of `runtime` sends on its first turn, through the router
 * as a conversation does (the router's own short prompts too), and stops when `signal` aborts.
 */
export async function preparePrompt(
  model: llm.LLM,
  runtime: RuntimeConfig,
  signal: AbortSignal,
): Promise<void> {
  const spoken = runtime.conversation.output_mode !== 'text';
  const limit = runtime.scenario.limit ?? 5;
  const routed = withRouter(model, runtime, refusing<ConversationApi>(), { spoken, limit });
  const warm = (routed as Partial<WarmableLLM>).warm;
  if (typeof warm !== 'function') return;
  const agent = scenarioAgent(
    runtime,
    {
      api: refusing<ConversationApi>(),
      channel: refusing<VisitorChannel>(),
      collections: runtime.collections,
      limit,
      onEnd: () => undefined,
      lastUiActivity: () => 0,
      signal,
    },
    spoken,
  );
  // The context as the framework sends it once a session starts: the instructions first, as a
  // system message (voice.Agent adds them when its activity starts).
  const chatCtx = agent.chatCtx.copy();
  chatCtx.items.unshift(
    llm.ChatMessage.create({ role: 'system', content: [instructionsFor(runtime, spoken)] }),
  );
  await warm.call(routed, { chatCtx, toolCtx: agent.toolCtx, signal });
  if (!signal.aborted) await warmChooser(routed);
}

/**
 * Starts reading the API's publications and preparing their prompts: the most recent few at
 * start, then each new one as it is published, one prompt at a time and only once no conversation
 * has run for {@link QUIET_MS} (one that begins stops the prompt under way, which is taken up again
 * later).
 * Never throws: a failure is logged and the next round tries again.
 */
export function startPublicationWarmer(options: PublicationWarmerOptions): PublicationWarmer {
  const log = agentsLog();
  const doFetch = options.fetch ?? fetch;
  const base = `${options.apiUrl.replace(/\/+$/, '')}${DEFAULT_API_PATH_PREFIX}${AGENT_PUBLICATIONS_PATH}`;
  const queue: Prompt[] = [];
  let cursor: string | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let reading: Promise<void> | undefined;
  const stopping = new AbortController();

  const idle = () => new Promise((resolve) => setTimeout(resolve, BUSY_CHECK_MS).unref());
  // When a conversation last ran: the worker counts as busy until it has been quiet a while,
  // from its start too (a worker that just started is about to be given conversations).
  let busyAt = Date.now();
  const busy = () => {
    if (options.busy()) busyAt = Date.now();
    return Date.now() - busyAt < (options.quietMs ?? QUIET_MS);
  };

  async function read(): Promise<void> {
    const query =
      cursor === undefined
        ? `?limit=${options.recent ?? RECENT_PUBLICATIONS}`
        : `?after=${encodeURIComponent(cursor)}&limit=${AGENT_PUBLICATIONS_LIMIT.max}`;
    const response = await doFetch(`${base}${query}`, {
      headers: { authorization: `Bearer ${options.agentKey}` },
      signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(10_000)]),
    });
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    const page = (await response.json()) as AgentPublicationPage;
    cursor = page.next;
    for (const publication of page.publications) {
      if (!embedded(publication)) continue;
      // Published again: its earlier snapshot's prompts are not needed any more.
      for (let index = queue.length - 1; index >= 0; index -= 1)
        if (queue[index]?.publication.uuid === publication.uuid) queue.splice(index, 1);
      for (const language of publication.languages.slice(0, LANGUAGES_PER_PUBLICATION))
        for (const mode of MODES) queue.push({ publication, language, mode });
    }
  }

  async function work(): Promise<void> {
    while (!stopped && queue.length > 0) {
      const model = options.model();
      if (!model) {
        queue.length = 0;
        return;
      }
      if (busy()) {
        await idle();
        continue;
      }
      const prompt = queue[0] as Prompt;
      const controller = new AbortController();
      const watch = setInterval(() => {
        if (stopped || busy()) controller.abort();
      }, BUSY_CHECK_MS);
      const startedAt = performance.now();
      try {
        await preparePrompt(
          model,
          promptRuntime(prompt.publication, prompt.language, prompt.mode),
          controller.signal,
        );
        log.debug(
          {
            publication: prompt.publication.uuid,
            language: prompt.language,
            mode: prompt.mode,
            ms: Math.round(performance.now() - startedAt),
            stopped: controller.signal.aborted,
          },
          'publication prompt prepared',
        );
        // Stopped by a conversation, it stays first in line for the next quiet moment.
        if (!controller.signal.aborted && queue[0] === prompt) queue.shift();
      } catch (error) {
        if (queue[0] === prompt) queue.shift();
        log.warn(
          { err: error, publication: prompt.publication.uuid, language: prompt.language },
          'preparing a publication prompt failed',
        );
      } finally {
        clearInterval(watch);
      }
    }
  }

  function round(): void {
    if (stopped) return;
    reading = read()
      .catch((error: unknown) => {
        if (!stopped) log.warn({ err: error }, 'reading the publications failed');
      })
      .then(() => {
        running ??= work().finally(() => {
          running = undefined;
        });
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(round, options.pollMs ?? PUBLICATIONS_POLL_MS).unref();
      });
  }
  round();

  return {
    async settled() {
      await reading;
      while (running) await running;
    },
    stop() {
      stopped = true;
      stopping.abort();
      clearTimeout(timer);
    },
  };
}

// A spoken conversation never sits in silence while the embedded model thinks: when a turn goes to
// the model and no words have come a short while after the visitor's turn, a short
// acknowledgement in the conversation's language is said first ("One moment."), once per turn.
//
// It is said as the first words of the model's reply, through the same stream: that is the only
// way it reaches the voice at once (`session.say` would queue it behind the reply being
// generated), and the transcript then holds what the visitor heard. The model sees it as the start
// of its own earlier reply on the next turn, which is what it was.
import { DEFAULT_API_CONNECT_OPTIONS, llm, type APIConnectOptions } from '@livekit/agents';
import type { WarmRequest } from '@svc/agents-plugin-embedded';
import { templatesFor } from '@svc/languages/replies';
import type { JsonAnswering, JsonQuestion } from '../post-call-analysis.js';
import type { WarmableLLM } from './host.js';

/**
 * How long after the model is asked a reply may take to begin before the acknowledgement is said.
 * The visitor's turn is committed about 0.4 s after their speech (the endpointing delay) and a
 * short phrase takes the embedded voices 0.1-0.2 s to synthesize: said at 0.5 s, it is heard
 * within about 1.1 s of their last word, under the 1.5 s of silence allowed. A reply whose
 * first words come before this needs none.
 */
export const ACKNOWLEDGE_AFTER_MS = 500;

/**
 * The acknowledgements of a language (its pack's, said in turn), or none when the language has no
 * pack.
 */
export function acknowledgementsFor(language: string): readonly string[] {
  return templatesFor(language)?.acknowledgements ?? [];
}

/** An LLM that answers in a JSON shape (the embedded one; see `../post-call-analysis.ts`). */
type MaybeJsonAnswering = Partial<JsonAnswering>;

/**
 * Wraps a conversation's LLM so that a reply slower than {@link ACKNOWLEDGE_AFTER_MS} starts
 * with an acknowledgement in `language`, once per visitor turn (the model's pass after a tool
 * call says none when words or an acknowledgement came before it). A language without
 * acknowledgements gets the LLM unwrapped.
 */
export function acknowledging(
  inner: llm.LLM,
  language: string,
  afterMs = ACKNOWLEDGE_AFTER_MS,
): llm.LLM {
  const phrases = acknowledgementsFor(language);
  return phrases.length === 0 ? inner : new AcknowledgingLLM(inner, phrases, afterMs);
}

/** See {@link acknowledging}. */
export class AcknowledgingLLM extends llm.LLM {
  /** The visitor turns (their message ids) already acknowledged. */
  readonly acknowledged = new Set<string>();
  #said = 0;

  constructor(
    readonly inner: llm.LLM,
    readonly phrases: readonly string[],
    readonly afterMs: number,
  ) {
    super();
    inner.on('metrics_collected', (metrics) => this.emit('metrics_collected', metrics));
    inner.on('error', (event) => this.emit('error', event));
  }

  override label(): string {
    return this.inner.label();
  }

  override get model(): string {
    return this.inner.model;
  }

  override get provider(): string {
    return this.inner.provider;
  }

  override prewarm(): void {
    this.inner.prewarm();
  }

  /** Forwards the embedded model's warm-up of a conversation's prompt. */
  warm(request: WarmRequest): Promise<void> {
    return (this.inner as WarmableLLM).warm?.(request) ?? Promise.resolve();
  }

  /**
   * Forwards the embedded model's answers in a JSON shape (the router's choice of a request, the
   * post-call analysis): they are no turn of the conversation, and need no acknowledgement.
   */
  answerJson(question: JsonQuestion, signal?: AbortSignal): Promise<string> {
    const inner = this.inner as llm.LLM & MaybeJsonAnswering;
    if (typeof inner.answerJson !== 'function')
      return Promise.reject(new Error(`${inner.label()} cannot answer in a JSON shape`));
    return inner.answerJson(question, signal);
  }

  /** The next acknowledgement, for the visitor turn `turnId`; undefined once it had one. */
  acknowledgementFor(turnId: string): string | undefined {
    if (this.acknowledged.has(turnId)) return undefined;
    this.acknowledged.add(turnId);
    const phrase = this.phrases[this.#said % this.phrases.length];
    this.#said += 1;
    return phrase;
  }

  /**
   * Says the acknowledgement of the visitor's last turn in `chatCtx` through `say` once
   * {@link afterMs} pass, unless stopped before (words came) or `signal` aborts; once per turn.
   * Returns what stops the wait. For this LLM's own turns and for what waits in front of it (the
   * router while the model chooses a request).
   */
  acknowledgeIfSlow(
    chatCtx: llm.ChatContext,
    say: (chunk: llm.ChatChunk) => void,
    signal: AbortSignal,
  ): () => void {
    const lastUser = lastVisitorTurn(chatCtx);
    if (!lastUser) return () => undefined;
    const timer = setTimeout(() => {
      if (signal.aborted) return;
      const phrase = this.acknowledgementFor(lastUser.id);
      if (phrase)
        say({ id: `ack_${lastUser.id}`, delta: { role: 'assistant', content: `${phrase} ` } });
    }, this.afterMs);
    return () => clearTimeout(timer);
  }

  chat(params: {
    chatCtx: llm.ChatContext;
    toolCtx?: llm.ToolContextLike;
    connOptions?: APIConnectOptions;
    parallelToolCalls?: boolean;
    toolChoice?: llm.ToolChoice;
    extraKwargs?: Record<string, unknown>;
  }): llm.LLMStream {
    return new AcknowledgingStream(this, params);
  }
}

/** One turn of {@link AcknowledgingLLM}: the inner stream's chunks, perhaps after one phrase. */
class AcknowledgingStream extends llm.LLMStream {
  readonly #owner: AcknowledgingLLM;
  readonly #params: Parameters<AcknowledgingLLM['chat']>[0];

  constructor(owner: AcknowledgingLLM, params: Parameters<AcknowledgingLLM['chat']>[0]) {
    const { chatCtx, toolCtx, connOptions } = params;
    const base = { chatCtx, connOptions: connOptions ?? DEFAULT_API_CONNECT_OPTIONS };
    super(owner, toolCtx ? { ...base, toolCtx } : base);
    this.#owner = owner;
    this.#params = params;
  }

  protected async run(): Promise<void> {
    const inner = this.#owner.inner.chat(this.#params);
    const stop = () => inner.close();
    this.abortController.signal.addEventListener('abort', stop, { once: true });
    const lastUser = lastVisitorTurn(this.chatCtx);
    const quiet = this.#owner.acknowledgeIfSlow(
      this.chatCtx,
      (chunk) => this.queue.put(chunk),
      this.abortController.signal,
    );
    try {
      for await (const chunk of inner) {
        if (chunk.delta?.content) {
          quiet();
          // Words came in time: this turn needs no acknowledgement, not even after a tool call.
          if (lastUser) this.#owner.acknowledged.add(lastUser.id);
        }
        this.queue.put(chunk);
      }
    } finally {
      quiet();
      this.abortController.signal.removeEventListener('abort', stop);
    }
  }
}

/** The visitor's last message of a turn's context, if any. */
function lastVisitorTurn(chatCtx: llm.ChatContext): llm.ChatItem | undefined {
  return chatCtx.items.findLast((item) => item.type === 'message' && item.role === 'user');
}

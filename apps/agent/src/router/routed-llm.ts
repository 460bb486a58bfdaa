// Takes the LLM off the critical path of the common turns. Any LLM (embedded or hosted) is
// wrapped: a visitor's request the router reads with certainty becomes a tool call at once, and
// the result of that call gets a templated reply; everything else (small talk, the model's own
// tool calls and their results) goes to the LLM as before, so the scenario's persona answers it.
// The framework cannot tell the difference: it sees a fast LLM.
import { DEFAULT_API_CONNECT_OPTIONS, llm, type APIConnectOptions } from '@livekit/agents';
import { randomUUID } from 'node:crypto';
import type { KnowledgeAnswers } from '@svc/protocol/agent';
import { AcknowledgingLLM } from '../model-host/acknowledgement.js';
import type { WarmRequest } from '@svc/agents-plugin-embedded';
import type { WarmableLLM } from '../model-host/host.js';
import type { JsonAnswering } from '../post-call-analysis.js';
import type { Operation } from '../tools.js';
import { turnWords } from './continuation.js';
import type { RouterCatalog } from './catalog.js';
import { chatEntries, type ChatEntry } from '../chat-entries.js';
import {
  callArguments,
  conversationContext,
  toolResultOf,
  type ConversationContext,
  groundOf,
} from './context.js';
import { toolReplies } from './features.js';
import { QUESTION_TO_MODEL_RULE } from './rules/talk.js';
import {
  answersFromBelief,
  judgedLength,
  searchesOutsideCatalogue,
  sentenceEnds,
} from './belief.js';
import {
  choicePrompt,
  choiceQuestion,
  choosableOperations,
  chooseOperation,
  CHOSEN_RULE_PREFIX,
} from './chooser.js';
import {
  asksQuestion,
  decideUtterance,
  readAs,
  routerTable,
  type ItemLookup,
  type Route,
  type RouterTable,
} from './intents.js';
import { knowledgeFound, knowledgeReply } from './knowledge.js';
import { routerReply, type ReplyStyle, type ToolTurn } from './replies.js';
import { templatesFor } from '@svc/languages/replies';
import { readsStem } from './unread.js';
import { allowedOf, propertyLabel, requiredOf, UNSAID_RULE, unsaidArguments } from './unsaid.js';
import { daysAsSaid } from './said-day.js';
import { countsAsSaid } from './said-count.js';
import { flagsAsSaid } from './said-flags.js';
import { timesAsSaid, type ClockTurn } from './said-time.js';
import { lexiconFor } from '@svc/languages/router';
import { PROMISED_CALL_RULE, promisedTool } from './promised.js';
import { words } from './text.js';
import { AGENT_PARTING_RULE, takesLeave } from './parting.js';
import {
  chooseNeedCategory,
  needCategories,
  needQuestion,
  withExamples,
  type NeedCategories,
} from './needs.js';
import { toolFor } from './catalog.js';

type OutputEntry = Extract<ChatEntry, { type: 'function_call_output' }>;

/** The outputs of the last step: the tool calls and outputs after the last message. */
function stepOutputs(entries: readonly ChatEntry[]): OutputEntry[] {
  const outputs: OutputEntry[] = [];
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index];
    if (entry?.type === 'function_call_output') outputs.unshift(entry);
    else if (entry?.type !== 'function_call') break;
  }
  return outputs;
}

/** Longest the chooser's warm-up may wait for the model, ms (it may be evaluating a prompt). */
const WARM_CHOICE_MS = 60_000;

/** A turn's second request: its words, or a call already decided, with the rule that decided it. */
type Following = string | { route: Extract<Route, { kind: 'tool' }>; rule: string | undefined };

/** The rule id of a search for a need that the model placed in a category (./needs.ts). */
export const NEED_CATEGORY_RULE = 'search.need-category';

/** The rule id of the "say that again" a misheard turn gets. */
export const NOT_HEARD_RULE = 'hearing.again';

/** The rule id of the knowledge search a turn no rule answers gets before the model speaks. */
export const KNOWLEDGE_FIRST_RULE = 'knowledge.first';

/** The rule id of the "I don't know" that replaces a model's answer from belief. */
export const UNHELD_ANSWER_RULE = 'answer.unheld';

/**
 * The rule a turn records when the model's catalogue search was for nothing the catalogue holds
 * (see `searchesOutsideCatalogue`) and the agent said it does not know instead.
 */
export const OUTSIDE_SEARCH_RULE = 'answer.outside-catalogue';

/** Who answered a turn, and how long deciding took. */
export interface RouterDecision {
  /** `router`: a routed tool call or small talk; `template`: a reply to a tool result; `llm`. */
  by: 'router' | 'template' | 'llm';
  /** The tool routed, if any. */
  tool?: string;
  /**
   * The rule of the router's table that decided (`cart.remove`; for `template`, the rule whose call
   * it answers; for `llm`, a rule that handed the turn to the model, if one did).
   */
  rule?: string;
  /** Milliseconds the router took to decide (the LLM's own time is not in it). */
  ms: number;
}

/** What the router needs of the scenario and the conversation. */
export interface RouterOptions {
  catalog: RouterCatalog;
  style: ReplyStyle;
  /** Catalogue lookups for items nobody has shown yet ("add the North Peak Solo Tent"). */
  lookup?: ItemLookup;
  /** The scenario's rules and the words of the tools it does not own (default: the catalogue's). */
  table?: RouterTable;
  /** Told of every decision (for metrics and tests). */
  onDecision?: (decision: RouterDecision) => void;
  /**
   * A spoken turn the router cannot read whose transcript confidence is under this is asked
   * again (the language's "say that again") instead of handed to the LLM. Only for recognizers
   * whose confidence says how much of the transcript is words at all (the embedded Whisper's is
   * the share its language's dictionary knows): a hosted one's may be 0 for "not given".
   */
  askAgainBelow?: number | undefined;
  /**
   * The tool that searches the business's documents, when the scenario has them. A turn that no
   * rule answers or hands over searches them with the visitor's own words before the model
   * speaks, so the model answers from passages, not from belief: asked to search first, a small
   * model skips the search on about half the questions and answers what it believes.
   */
  knowledgeTool?: string | undefined;
  /**
   * Who answers from what the router's knowledge search found: `model` (the default) writes the
   * answer from the passages in the scenario's voice; `passages` reads the business's own words
   * out (the closest passage, said as the closest when it is only near the question, or that the
   * agent does not know), with no model time and nothing a model could add. For a model that
   * cannot be trusted to answer only from what it is given: the embedded one.
   */
  knowledgeAnswers?: KnowledgeAnswers | undefined;
  /**
   * Whether a model's reply that opens as a yes-or-no answer about something of the question that
   * nothing it was given holds ("Yes, we take cards" to a prompt that says nothing of payment) is
   * replaced by the language's "I don't know": for a model that agrees with whatever it is asked,
   * the embedded one. Its first sentence is held until it can be judged.
   */
  grounded?: boolean | undefined;
  /**
   * The model that names the request of a turn no rule reads, among the router's own (see
   * `./chooser.ts`); the feature's slot readers then read it. For a model that chooses a request
   * well and its arguments badly, and takes seconds for a turn of its own: the embedded one.
   */
  chooser?: JsonAnswering | undefined;
}

/** An LLM with the intent router and reply templates in front of it. */
export class RoutedLLM extends llm.LLM {
  readonly table: RouterTable;
  /**
   * The calls the router made, by call id, with the rule that made each: only their results get a
   * template; the model's own calls get the model's reply, in the scenario's persona.
   */
  readonly #issued = new Map<string, string>();
  /**
   * The second request of a turn, by the call id of the first's call: its words, routed once it
   * answered, or the call itself (a swap's addition) with the rule that decided it.
   */
  readonly #then = new Map<string, Following>();
  /** The requests the chooser may name in this scenario. */
  readonly choosable: readonly Operation[];
  /** The need categories with their examples, once asked for (see `needCategories`). */
  #categories: Promise<NeedCategories> | undefined;
  /**
   * The detail the agent last asked for instead of calling a business's tool: the tool, and the
   * words it was asked with (the answer to them makes the call, see `ASKED_CALL_RULE`).
   */
  asked: { tool: string; text: string } | undefined;

  constructor(
    readonly inner: llm.LLM,
    readonly options: RouterOptions,
  ) {
    super();
    this.table =
      options.table ?? routerTable(options.catalog, new Set(), options.knowledgeTool !== undefined);
    this.choosable = options.chooser ? choosableOperations(options.catalog) : [];
    // The inner LLM's errors and metrics are the session's to see.
    inner.on('error', (event) => this.emit('error', event));
  }

  override label(): string {
    return `svc.RoutedLLM(${this.inner.label()})`;
  }

  override get model(): string {
    return this.inner.model;
  }

  override get provider(): string {
    return this.inner.provider;
  }

  /** What the scenario's tool of that name does. */
  operationOf(name: string): Operation | undefined {
    return this.options.catalog.tools.find((tool) => tool.name === name)?.operation;
  }

  /** Remembers a call the router made, and the rule that made it. */
  issued(callId: string, rule: string): void {
    this.#issued.set(callId, rule);
  }

  /** The rule that made the call, if the router made it. */
  issuerOf(callId: string): string | undefined {
    return this.#issued.get(callId);
  }

  /** Keeps a turn's second request until the call `callId` has answered. */
  followWith(callId: string, following: Following): void {
    this.#then.set(callId, following);
  }

  /** The second request that waited for the call `callId`, once (then forgotten). */
  takeFollowing(callId: string): Following | undefined {
    const following = this.#then.get(callId);
    this.#then.delete(callId);
    return following;
  }

  override prewarm(): void {
    this.inner.prewarm();
  }

  /**
   * The conversation as the inner model reads it on a turn it answers: without the exchanges the
   * agent answered that it does not know, when its answers are held to what it was given
   * ({@link withoutUnknownExchanges}).
   */
  modelContext(chatCtx: llm.ChatContext): llm.ChatContext {
    const unknown = this.#unknownReply();
    return unknown === undefined ? chatCtx : withoutUnknownExchanges(chatCtx, unknown);
  }

  /**
   * Has the inner model evaluate the conversation between turns as its next turn will read it
   * ({@link modelContext}): warmed on the whole conversation, a turn after an "I don't know" found
   * its context evaluated only up to that exchange and evaluated everything after it again (one
   * held-out shop turn evaluated 924 tokens, 20 s on two cores, where 13 were new).
   */
  async warm(request: WarmRequest): Promise<void> {
    const inner = this.inner as WarmableLLM;
    if (typeof inner.warm !== 'function') return;
    await inner.warm({ ...request, chatCtx: this.modelContext(request.chatCtx) });
  }

  /** What the agent says when it does not know, when its answers are held to what it was given. */
  #unknownReply(): string | undefined {
    const { grounded, catalog, style } = this.options;
    if (!grounded || !catalog.lexicon) return undefined;
    return templatesFor(style.language)?.notKnown;
  }

  /**
   * Has the chooser evaluate its instructions, so that the first turn no rule reads waits for the
   * visitor's words only (the instructions take about three seconds on two cores; a sequence of
   * the model keeps them for the conversations after, which then evaluate a line and one token).
   */
  /**
   * The categories a need may be placed in, with items of each to show the model what they hold
   * (fetched once a conversation: see `withExamples`); undefined when the search has no category
   * field.
   */
  needCategories(): Promise<NeedCategories | undefined> {
    const categories = needCategories(this.options.catalog);
    const { lookup } = this.options;
    if (!categories || !lookup) return Promise.resolve(categories);
    this.#categories ??= withExamples(this.options.catalog, categories, lookup);
    return this.#categories;
  }

  async warmChooser(): Promise<void> {
    const { chooser } = this.options;
    if (!chooser || this.choosable.length === 0) return;
    const { instructions, schema } = choiceQuestion(this.choosable);
    const prompt = choicePrompt(
      'hello',
      conversationContext([], () => undefined),
    );
    await chooser
      .answerJson(
        { instructions, prompt, schema, maxTokens: 1 },
        AbortSignal.timeout(WARM_CHOICE_MS),
      )
      .catch(() => undefined);
    // And the choice of a need's category, when the scenario's search has categories.
    const categories = await this.needCategories();
    if (!categories) return;
    const need = needQuestion(categories);
    await chooser
      .answerJson(
        { ...need, prompt: 'Visitor: "hello"', maxTokens: 1 },
        AbortSignal.timeout(WARM_CHOICE_MS),
      )
      .catch(() => undefined);
  }

  chat({
    chatCtx,
    toolCtx,
    connOptions = DEFAULT_API_CONNECT_OPTIONS,
    parallelToolCalls,
    toolChoice,
    extraKwargs,
  }: {
    chatCtx: llm.ChatContext;
    toolCtx?: llm.ToolContextLike;
    connOptions?: APIConnectOptions;
    parallelToolCalls?: boolean;
    toolChoice?: llm.ToolChoice;
    extraKwargs?: Record<string, unknown>;
  }): llm.LLMStream {
    return new RoutedLLMStream(this, {
      chatCtx,
      toolCtx,
      connOptions,
      ...(parallelToolCalls === undefined ? {} : { parallelToolCalls }),
      ...(toolChoice === undefined ? {} : { toolChoice }),
      ...(extraKwargs === undefined ? {} : { extraKwargs }),
    });
  }

  /** The inner LLM is not closed: the embedded one is shared by every conversation of the process. */
  override async aclose(): Promise<void> {}
}

/** How a turn's model reply is held to what the model was given (see `grounded`). */
interface GroundingJudge {
  /** Whether the text answers about what nothing the model was given holds. */
  fromBelief: (text: string) => boolean;
  /** How much of the text must be read before judging it; -1 while it is still being written. */
  readFirst: (text: string) => number;
  /** What is said instead. */
  unknown: string;
  /** Whether a call the model made searches the catalogue for nothing it holds. */
  searchesOutside: (call: llm.FunctionCall) => boolean;
  /**
   * The business's tool a sentence of the reply says the agent uses without the call being made
   * (`./promised.ts`), when the turn answers the visitor's words.
   */
  promises: (sentence: string) => string | undefined;
}

interface StreamParams {
  chatCtx: llm.ChatContext;
  toolCtx: llm.ToolContextLike | undefined;
  connOptions: APIConnectOptions;
  parallelToolCalls?: boolean;
  toolChoice?: llm.ToolChoice;
  extraKwargs?: Record<string, unknown>;
}

/**
 * The conversation as a grounded model reads it: without the exchanges the agent answered with
 * `unknown` (an answer from belief it held back, or the model's own "I don't know"). Such an
 * exchange holds no fact for the turns after it, and a small model repeats the sentence it finds in
 * its history: answered "I don't know" once, it answered the next two questions so too.
 */
export function withoutUnknownExchanges(
  chatCtx: llm.ChatContext,
  unknown: string,
): llm.ChatContext {
  const items = chatCtx.items;
  const dropped = new Set<number>();
  items.forEach((item, index) => {
    if (item.type !== 'message' || item.role !== 'assistant') return;
    if (!(item.textContent ?? '').includes(unknown)) return;
    dropped.add(index);
    // The visitor's words it answered and the calls made for them, back to the agent's turn
    // before them (the instructions stay).
    for (let before = index - 1; before >= 0; before -= 1) {
      const earlier = items[before];
      if (earlier?.type === 'message' && earlier.role !== 'user') break;
      dropped.add(before);
    }
  });
  return dropped.size === 0
    ? chatCtx
    : new llm.ChatContext(items.filter((_, index) => !dropped.has(index)));
}

/**
 * The rule a turn records when the visitor answered the detail the agent asked for and the model
 * was asked for the call of that tool alone.
 */
export const ASKED_CALL_RULE = 'call.asked';

/** One turn of {@link RoutedLLM}: a routed answer, or the inner LLM's stream passed through. */
class RoutedLLMStream extends llm.LLMStream {
  readonly #owner: RoutedLLM;
  readonly #params: StreamParams;

  constructor(owner: RoutedLLM, params: StreamParams) {
    const { chatCtx, toolCtx, connOptions } = params;
    super(owner, toolCtx ? { chatCtx, toolCtx, connOptions } : { chatCtx, connOptions });
    this.#owner = owner;
    this.#params = params;
  }

  protected async run(): Promise<void> {
    const started = performance.now();
    let handedBy: string | undefined;
    const answered = await this.#routed((rule) => (handedBy = rule)).catch(() => false);
    if (answered) return;
    this.#owner.options.onDecision?.({
      by: 'llm',
      ms: performance.now() - started,
      ...(handedBy ? { rule: handedBy } : {}),
    });
    const asked = this.#askedTool();
    if (asked !== undefined) {
      const judgedCtx = this.#owner.modelContext(this.#params.chatCtx);
      if (await this.#callTool(asked, judgedCtx, ASKED_CALL_RULE)) return;
    }
    await this.#delegate();
  }

  /**
   * The business's tool whose detail the agent asked for in its last turn, when the visitor's words
   * after it ask nothing back: they give the detail, and the call is made. Asked "I still need
   * your name", a small model answered "it's Ada Lovelace" with "Understood." and booked nothing.
   */
  #askedTool(): string | undefined {
    const asked = this.#owner.asked;
    const lexicon = this.#owner.options.catalog.lexicon;
    // A hosted model calls its tools; the small embedded one answers in words.
    if (!this.#owner.options.grounded) return undefined;
    if (!asked || !lexicon || this.#params.toolChoice === 'none') return undefined;
    if (!(asked.tool in (this.toolCtx?.functionTools ?? {}))) return undefined;
    const entries = chatEntries(this.chatCtx);
    const last = entries.at(-1);
    if (last?.type !== 'message' || last.role !== 'user') return undefined;
    const agent = entries.findLast(
      (entry) => entry.type === 'message' && entry.role === 'assistant',
    );
    if (agent?.type !== 'message' || agent.text.trim() !== asked.text.trim()) return undefined;
    const text = last.text.trim();
    if (/\?$/.test(text) || asksQuestion(words(text, lexicon), lexicon)) return undefined;
    return asked.tool;
  }

  #say(text: string): void {
    this.queue.put({ id: randomUUID(), delta: { role: 'assistant', content: text } });
  }

  /**
   * Answers the turn without the LLM when it can; `false` when the LLM must (`handed` is told the
   * rule that handed it over, if one did).
   */
  async #routed(handed: (rule: string) => void): Promise<boolean> {
    const started = performance.now();
    const owner = this.#owner;
    const { options } = owner;
    const entries = chatEntries(this.chatCtx);
    const last = entries[entries.length - 1];
    const callable = new Set(Object.keys(this.toolCtx?.functionTools ?? {}));
    const decided = (by: RouterDecision['by'], rule: string | undefined, tool?: string) =>
      options.onDecision?.({
        by,
        ms: performance.now() - started,
        ...(tool ? { tool } : {}),
        ...(rule ? { rule } : {}),
      });

    if (last?.type === 'function_call_output') {
      const outputs = stepOutputs(entries);
      // A call the model made is the model's to answer: a template would speak over its persona.
      const rules = outputs.map((output) => owner.issuerOf(output.callId));
      if (rules.some((rule) => rule === undefined)) return false;
      // The end after the model's own goodbye: that goodbye was said, nothing follows it.
      if (rules.every((rule) => rule === AGENT_PARTING_RULE)) {
        decided('template', AGENT_PARTING_RULE);
        return true;
      }
      const request = [...entries]
        .reverse()
        .find((entry) => entry.type === 'message' && entry.role === 'user');
      // The turn's second request, now that the first one's tool has answered: read in what the
      // conversation holds after it ("the cheapest one" of the new results). When it no longer
      // routes, the model reads the turn.
      const following = outputs
        .map((output) => owner.takeFollowing(output.callId))
        .find((words) => words !== undefined);
      if (following !== undefined) {
        if (outputs.some((output) => output.isError)) return false;
        if (typeof following !== 'string') {
          if (!callable.has(following.route.tool.name)) return false;
          decided('router', following.rule, following.route.tool.name);
          this.#call(following.route, following.rule);
          return true;
        }
        const context = conversationContext(entries, (name) => owner.operationOf(name));
        const next = await decideUtterance(
          following,
          context,
          options.catalog,
          options.lookup,
          owner.table,
        );
        if (next.route?.kind !== 'tool' || !callable.has(next.route.tool.name)) return false;
        decided('router', next.rule, next.route.tool.name);
        // Two requests a turn: a third would be a fourth step of the turn, past the framework's
        // three tool steps, and the turn would end with no reply.
        this.#call(next.route, next.rule);
        return true;
      }
      if (rules.every((rule) => rule === KNOWLEDGE_FIRST_RULE)) {
        const reply = this.#knowledgeReply(
          outputs,
          request?.type === 'message' ? request.text : '',
        );
        if (reply === undefined) return false;
        decided('template', KNOWLEDGE_FIRST_RULE);
        this.#say(reply);
        return true;
      }
      // Every call of this step ("take both out" is two removals), in the order they were made.
      const turns: ToolTurn[] = [];
      for (const output of outputs) {
        const call = entries.find(
          (entry): entry is Extract<ChatEntry, { type: 'function_call' }> =>
            entry.type === 'function_call' && entry.callId === output.callId,
        );
        const operation = this.#owner.operationOf(output.name || call?.name || '');
        if (!operation) return false;
        turns.push({
          operation,
          args: callArguments(call?.args ?? '{}'),
          result: toolResultOf(output.output),
          isError: output.isError,
          request: request?.type === 'message' ? request.text : '',
        });
      }
      const reply = toolReplies(turns, options.style);
      if (reply === undefined) return false;
      decided('template', rules.at(-1));
      this.#say(reply);
      return true;
    }

    if (last?.type !== 'message' || last.role !== 'user') return false;
    const operationOf = (name: string) => this.#owner.operationOf(name);
    const context = conversationContext(entries, operationOf);
    // A turn that goes on from the visitor's last one after a pause is read with it.
    const words = turnWords(entries, operationOf);
    const { route, rule, then } = await decideUtterance(
      words,
      context,
      options.catalog,
      options.lookup,
      owner.table,
    );
    if (!route) {
      // "Welchhoch, Zeighabenzieh": no reading of it is right, and the LLM would take seconds to
      // guess one (a search for it, a wrong tool); the visitor is asked to say it again at once.
      // It is no business's voice: the words never reached anyone.
      const reply = this.#misheard() ? routerReply('not_heard', options.style) : undefined;
      if (reply === undefined) {
        // A guard or a rule that handed the turn over knew why (small talk, the business's own
        // tool, a request it could not complete); an open question it only left to the model.
        if (rule && rule !== QUESTION_TO_MODEL_RULE) {
          handed(rule);
          return false;
        }
        const chosen = await this.#chosen(words, context, callable);
        if (chosen?.route) {
          // A need the model named a search for is placed in a category as a rule's need is.
          const placed = chosen.route.need
            ? await this.#placedNeed(chosen.route, words)
            : undefined;
          decided('router', chosen.rule, chosen.route.tool.name);
          this.#call(placed ?? chosen.route, chosen.rule);
          return true;
        }
        // An open question about what is shown stays the model's: the documents do not hold it.
        if (!rule && this.#searchKnowledge(words, callable)) {
          // The model answers this turn from what the search brings (its decision, named), unless
          // the passages are read out: then the turn is the router's from the start.
          const by = options.knowledgeAnswers === 'passages' ? 'router' : 'llm';
          decided(by, KNOWLEDGE_FIRST_RULE, options.knowledgeTool);
          return true;
        }
        const by = chosen?.rule ?? rule;
        if (by) handed(by);
        return false;
      }
      decided('router', NOT_HEARD_RULE);
      this.#say(reply);
      return true;
    }
    if (route.kind === 'reply') {
      const reply = routerReply(route.reply, options.style);
      if (reply === undefined) return false;
      decided('router', rule);
      this.#say(reply);
      return true;
    }
    if (this.#params.toolChoice === 'none' || !callable.has(route.tool.name)) return false;
    const placed = route.need ? await this.#placedNeed(route, words) : undefined;
    const by = placed ? NEED_CATEGORY_RULE : rule;
    decided('router', by, route.tool.name);
    this.#call(placed ?? route, by, then);
    return true;
  }

  /**
   * The search for a need with the category the model places it in (./needs.ts), reading the
   * visitor's `words` whole, when the scenario has a chooser and its collection a category field;
   * `undefined` when none is named, or nothing of the category meets the need.
   */
  async #placedNeed(
    route: Extract<Route, { kind: 'tool' }>,
    words: string,
  ): Promise<Extract<Route, { kind: 'tool' }> | undefined> {
    const { chooser, lookup } = this.#owner.options;
    const categories = await this.#owner.needCategories();
    if (!chooser || !categories || route.args[categories.key] !== undefined) return undefined;
    const stopAcknowledging = this.#acknowledgeIfSlow();
    let placed: Extract<Route, { kind: 'tool' }> | undefined;
    try {
      const value = await chooseNeedCategory(
        chooser,
        words,
        categories,
        this.abortController.signal,
      );
      if (value === undefined) return undefined;
      placed = { ...route, args: { ...route.args, [categories.key]: value } };
      // The category is the model's guess, not the visitor's word: where nothing in it meets the
      // need, the search goes over the whole catalogue rather than answer "nothing".
      const { query, ...filters } = placed.args;
      if (lookup && typeof query === 'string') {
        const found = await lookup(route.tool, query, filters).catch(() => undefined);
        if (found?.length === 0) return undefined;
      }
    } finally {
      stopAcknowledging();
    }
    return placed;
  }

  /**
   * The request the chooser names for a turn no rule read, read by its feature's slot reader:
   * `undefined` when no chooser is asked; a rule with no route when it named none
   * (`chosen.talk`) or the words do not say enough for the one it named.
   */
  async #chosen(
    text: string,
    context: ConversationContext,
    callable: ReadonlySet<string>,
  ): Promise<{ rule: string; route?: Extract<Route, { kind: 'tool' }> } | undefined> {
    const owner = this.#owner;
    const { chooser, catalog, lookup } = owner.options;
    if (!chooser || owner.choosable.length === 0 || this.#params.toolChoice === 'none')
      return undefined;
    const stopAcknowledging = this.#acknowledgeIfSlow();
    let operation: Operation | undefined;
    try {
      operation = await chooseOperation(
        chooser,
        text,
        context,
        owner.choosable,
        this.abortController.signal,
      );
    } finally {
      stopAcknowledging();
    }
    const rule = `${CHOSEN_RULE_PREFIX}${operation ?? 'talk'}`;
    if (!operation) return { rule };
    const route = await readAs(operation, text, context, catalog, lookup, owner.table);
    return route?.kind === 'tool' && callable.has(route.tool.name) ? { rule, route } : { rule };
  }

  /**
   * Spoken through an acknowledging LLM, says its acknowledgement if the choice is slower than it
   * allows a silence; the LLM then says none for this turn. Returns what stops the wait.
   */
  #acknowledgeIfSlow(): () => void {
    const inner = this.#owner.inner;
    return inner instanceof AcknowledgingLLM
      ? inner.acknowledgeIfSlow(
          this.chatCtx,
          (chunk) => this.queue.put(chunk),
          this.abortController.signal,
        )
      : () => undefined;
  }

  /** Makes a routed tool's calls; `then`, a second request, waits for the last of them. */
  #call(route: Extract<Route, { kind: 'tool' }>, rule: string | undefined, then?: string): void {
    const owner = this.#owner;
    const calls = [route.args, ...(route.also ?? [])].map((args) =>
      llm.FunctionCall.create({
        callId: `routed_${randomUUID()}`,
        name: route.tool.name,
        args: JSON.stringify(args),
      }),
    );
    for (const call of calls) owner.issued(call.callId, rule ?? route.tool.name);
    const last = calls.at(-1);
    const following: Following | undefined = route.next ? { route: route.next, rule } : then;
    if (following !== undefined && last) owner.followWith(last.callId, following);
    this.queue.put({ id: randomUUID(), delta: { role: 'assistant', toolCalls: calls } });
  }

  /**
   * Calls the scenario's knowledge search with the visitor's words, when it has one the model may
   * call now. Its result goes to the model, not to a template: no template answers it.
   */
  #searchKnowledge(text: string, callable: ReadonlySet<string>): boolean {
    const name = this.#owner.options.knowledgeTool;
    if (!name || !callable.has(name) || this.#params.toolChoice === 'none') return false;
    const call = llm.FunctionCall.create({
      callId: `routed_${randomUUID()}`,
      name,
      args: JSON.stringify({ query: text }),
    });
    this.#owner.issued(call.callId, KNOWLEDGE_FIRST_RULE);
    this.queue.put({ id: randomUUID(), delta: { role: 'assistant', toolCalls: [call] } });
    return true;
  }

  /**
   * The reply read from the router's knowledge search, when the scenario's answers are read from
   * the passages; `undefined` when the model answers (its setting, a failed search, a language
   * without templates).
   */
  #knowledgeReply(outputs: readonly OutputEntry[], question: string): string | undefined {
    const { knowledgeAnswers, style } = this.#owner.options;
    const output = outputs.at(-1);
    if (knowledgeAnswers !== 'passages' || !output || output.isError) return undefined;
    const templates = templatesFor(style.language);
    const answer = toolResultOf(output.output);
    const found = answer?.ok ? knowledgeFound(answer.result) : undefined;
    if (!templates || !found) return undefined;
    return knowledgeReply(found, question, style.language, templates);
  }

  /** Whether the last user turn came from the recognizer with too little of it words. */
  #misheard(): boolean {
    const below = this.#owner.options.askAgainBelow;
    const last = this.chatCtx.items.at(-1);
    if (below === undefined || last?.type !== 'message' || last.role !== 'user') return false;
    // Typed turns and resumed history carry no confidence.
    const confidence = last.transcriptConfidence;
    return confidence !== undefined && confidence < below;
  }

  /** The inner LLM answers; its chunks pass through, and it stops when this turn is cut. */
  async #delegate(): Promise<void> {
    const { chatCtx, toolCtx, connOptions, parallelToolCalls, toolChoice, extraKwargs } =
      this.#params;
    const judge = this.#groundingJudge();
    // As the warm-ups between turns evaluated it (RoutedLLM.warm).
    const judgedCtx = this.#owner.modelContext(chatCtx);
    const inner = this.#owner.inner.chat({
      chatCtx: judgedCtx,
      ...(toolCtx ? { toolCtx } : {}),
      connOptions,
      ...(parallelToolCalls === undefined ? {} : { parallelToolCalls }),
      ...(toolChoice === undefined ? {} : { toolChoice }),
      ...(extraKwargs === undefined ? {} : { extraKwargs }),
    });
    const stop = () => inner.close();
    this.abortController.signal.addEventListener('abort', stop, { once: true });
    // The reply is passed on a sentence at a time, each judged first: the first one may be a
    // made-up answer ("Yes, we ship there"), a later one a made-up detail ("Parking is free on the
    // street" after the opening hours the prompt gives).
    let held = '';
    let spoken = false;
    // What the visitor is told this turn, and whether the model called a tool: a reply that only
    // takes leave ends the conversation (./parting.ts).
    let told = '';
    let calledTool = false;
    /**
     * Judges the first `length` characters held: passes them on, or ends the reply there (said
     * instead, when nothing of it was said yet: that the agent does not know).
     */
    const release = (length: number): boolean => {
      if (judge?.fromBelief(held.slice(0, length))) {
        this.#owner.options.onDecision?.({ by: 'template', rule: UNHELD_ANSWER_RULE, ms: 0 });
        if (!spoken) this.#say(judge.unknown);
        return false;
      }
      this.#say(held.slice(0, length));
      told += held.slice(0, length);
      held = held.slice(length);
      spoken = true;
      return true;
    };
    try {
      for await (const original of inner) {
        if (this.abortController.signal.aborted) break;
        // A business's tool called with a placeholder for a detail the visitor has not given:
        // nothing is sent, and the visitor is asked for it.
        const unsaid = this.#unsaid(original);
        if (unsaid.ask !== undefined) {
          this.#owner.options.onDecision?.({ by: 'template', rule: UNSAID_RULE, ms: 0 });
          this.#say(unsaid.ask);
          inner.close();
          return;
        }
        const chunk = this.#flagsAsSaid(unsaid.chunk);
        if (chunk.delta?.toolCalls?.length) calledTool = true;
        // A search for what the catalogue does not hold answers a question about the business
        // with items nobody asked for: the visitor hears that the agent does not know instead.
        if (judge && chunk.delta?.toolCalls?.some((call) => judge.searchesOutside(call))) {
          this.#owner.options.onDecision?.({ by: 'template', rule: OUTSIDE_SEARCH_RULE, ms: 0 });
          this.#say(judge.unknown);
          inner.close();
          return;
        }
        const content = chunk.delta?.content;
        if (!judge || !content) {
          if (content) told += content;
          this.queue.put(chunk);
          continue;
        }
        held += content;
        if (chunk.delta?.toolCalls?.length) {
          const { content: _held, ...calls } = chunk.delta;
          this.queue.put({ ...chunk, delta: calls });
        }
        for (;;) {
          const length = spoken ? (sentenceEnds(held)[0] ?? -1) : judge.readFirst(held);
          if (length < 0) break;
          const promised = judge.promises(held.slice(0, length));
          if (promised) {
            inner.close();
            await this.#callTool(promised, judgedCtx, PROMISED_CALL_RULE, held.slice(0, length));
            return;
          }
          if (!release(length)) {
            inner.close();
            return;
          }
        }
      }
      if (held.trim() && !this.abortController.signal.aborted) {
        const promised = judge?.promises(held);
        if (promised) {
          await this.#callTool(promised, judgedCtx, PROMISED_CALL_RULE, held);
          return;
        }
        release(held.length);
      }
      if (!calledTool && !this.abortController.signal.aborted) this.#endAfterParting(told);
    } finally {
      this.abortController.signal.removeEventListener('abort', stop);
    }
  }

  /**
   * Ends the conversation after the model's `reply` when it takes leave of a visitor who asked for
   * nothing (./parting.ts) and the scenario has an end the model may call: the router makes the
   * call the model left out, recorded as the end of any other turn is.
   */
  #endAfterParting(reply: string): void {
    const { catalog } = this.#owner.options;
    const entries = chatEntries(this.chatCtx);
    const last = entries.at(-1);
    const end = toolFor(catalog, 'end');
    const callable = this.toolCtx?.functionTools ?? {};
    if (last?.type !== 'message' || last.role !== 'user' || !end || !(end.name in callable)) return;
    if (this.#params.toolChoice === 'none' || !takesLeave(reply, last.text, catalog)) return;
    this.#owner.options.onDecision?.({
      by: 'router',
      rule: AGENT_PARTING_RULE,
      tool: end.name,
      ms: 0,
    });
    this.#call(
      { kind: 'tool', tool: end, args: { reason: 'the visitor said goodbye' } },
      AGENT_PARTING_RULE,
    );
  }

  /**
   * Has the model make the call of the business's tool `name` (recorded as `rule`): the one its
   * reply said the agent makes (see `./promised.ts`), in place of the `sentence` that said it, or
   * the one whose detail the visitor just gave. The call's result then gets the model's reply as
   * any call of its own does. A detail it fills with a placeholder is asked for instead. When no
   * call comes, the sentence is said after all; answers whether the call or the ask was made.
   */
  async #callTool(
    name: string,
    chatCtx: llm.ChatContext,
    rule: string,
    sentence?: string,
  ): Promise<boolean> {
    const { connOptions, toolCtx } = this.#params;
    const forced = this.#owner.inner.chat({
      chatCtx,
      ...(toolCtx ? { toolCtx } : {}),
      connOptions,
      toolChoice: { type: 'function', function: { name } },
    });
    const stop = () => forced.close();
    this.abortController.signal.addEventListener('abort', stop, { once: true });
    let called = false;
    try {
      for await (const original of forced) {
        if (this.abortController.signal.aborted) return true;
        const calls = original.delta?.toolCalls?.filter((call) => call.name === name);
        if (!calls?.length) continue;
        const { chunk, ask } = this.#unsaid({
          ...original,
          delta: { role: 'assistant', toolCalls: calls },
        });
        this.#owner.options.onDecision?.({
          by: ask === undefined ? 'llm' : 'template',
          rule: ask === undefined ? rule : UNSAID_RULE,
          tool: name,
          ms: 0,
        });
        if (ask !== undefined) this.#say(ask);
        else this.queue.put(chunk);
        called = true;
        forced.close();
        return true;
      }
      return false;
    } finally {
      this.abortController.signal.removeEventListener('abort', stop);
      if (!called && sentence !== undefined && !this.abortController.signal.aborted)
        this.#say(sentence);
    }
  }

  /** The agent asks `ask` instead of calling `tool`: the visitor's answer makes the call. */
  #asking(chunk: llm.ChatChunk, tool: string, ask: string): { chunk: llm.ChatChunk; ask: string } {
    this.#owner.asked = { tool, text: ask };
    return { chunk, ask };
  }

  /**
   * A chunk of the model's with its calls of the business's own tools (those with arguments of
   * their own: not the router's, not the knowledge search) rid of placeholders for optional
   * details, and with a time of day held to the one the visitor said (`timesAsSaid`); `ask`, what
   * the agent says instead, when a required detail is a placeholder.
   */
  #unsaid(chunk: llm.ChatChunk): { chunk: llm.ChatChunk; ask?: string } {
    const calls = chunk.delta?.toolCalls;
    const tools = this.toolCtx?.functionTools;
    if (!calls?.length || !tools) return { chunk };
    const { knowledgeTool, style } = this.#owner.options;
    const templates = templatesFor(style.language);
    let changed = false;
    const cleaned: llm.FunctionCall[] = [];
    // What anyone but the model gave: the visitor's words and what tools answered; apart, the
    // instructions (a page may put the signed-in visitor's name or address there).
    const entries = chatEntries(this.chatCtx);
    const said = entries
      .flatMap((entry) => {
        if (entry.type === 'function_call_output') return [entry.output];
        return entry.type === 'message' && entry.role === 'user' ? [entry.text] : [];
      })
      .join('\n');
    const instructions = entries
      .flatMap((entry) =>
        entry.type === 'message' && (entry.role === 'system' || entry.role === 'developer')
          ? [entry.text]
          : [],
      )
      .join('\n');
    // The conversation's turns, for the time of day the visitor said last.
    const lexicon = lexiconFor(style.language);
    const turns: ClockTurn[] = entries.flatMap((entry): ClockTurn[] => {
      if (entry.type === 'function_call_output') return [{ role: 'tool', text: entry.output }];
      return entry.type === 'message' && (entry.role === 'user' || entry.role === 'assistant')
        ? [{ role: entry.role, text: entry.text }]
        : [];
    });
    for (const call of calls) {
      const own = !this.#owner.operationOf(call.name) && call.name !== knowledgeTool;
      const schema = (tools[call.name] as { parameters?: unknown } | undefined)?.parameters;
      if (!own || !schema) {
        cleaned.push(call);
        continue;
      }
      const given = callArguments(call.args);
      const { missing, args: kept } = unsaidArguments(schema, given, said, instructions);
      const [first] = missing;
      // A language without templates has no words to ask with: the call goes as the model made it.
      if (first !== undefined && templates)
        return this.#asking(chunk, call.name, templates.askFor(propertyLabel(schema, first)));
      // The time, the day and the count the visitor said, in turn on what the one before held.
      const timed = lexicon ? timesAsSaid(schema, kept, turns, lexicon) : undefined;
      const dated = lexicon ? daysAsSaid(schema, timed?.args ?? kept, turns, lexicon) : undefined;
      const counted = lexicon
        ? countsAsSaid(schema, dated?.args ?? timed?.args ?? kept, turns, lexicon)
        : undefined;
      let args = counted?.args ?? kept;
      // A value the visitor gave that the tool does not take is said, not swapped for another.
      const outside = dated?.outside ?? counted?.outside;
      if (outside !== undefined && templates) {
        const allowed = allowedOf(schema, outside, style.language);
        if (allowed)
          return this.#asking(
            chunk,
            call.name,
            templates.onlyAmong(propertyLabel(schema, outside), allowed),
          );
      }
      // A time or a day nobody said is asked for when the tool needs one, else left out.
      for (const unsaid of [timed?.unsaid, dated?.unsaid]) {
        if (unsaid === undefined) continue;
        if (templates && requiredOf(schema).includes(unsaid))
          return this.#asking(chunk, call.name, templates.askFor(propertyLabel(schema, unsaid)));
        args = Object.fromEntries(Object.entries(args).filter(([key]) => key !== unsaid));
      }
      if (
        !timed?.changed &&
        !dated?.changed &&
        !counted?.changed &&
        timed?.unsaid === undefined &&
        dated?.unsaid === undefined &&
        Object.keys(args).length === Object.keys(given).length
      ) {
        cleaned.push(call);
        continue;
      }
      changed = true;
      cleaned.push(
        llm.FunctionCall.create({
          callId: call.callId,
          name: call.name,
          args: JSON.stringify(args),
        }),
      );
    }
    return changed
      ? { chunk: { ...chunk, delta: { ...chunk.delta, role: 'assistant', toolCalls: cleaned } } }
      : { chunk };
  }

  /**
   * A chunk of the model's with the yes/no filters of its catalogue searches held to the visitor's
   * words (see `flagsAsSaid`): asked for "one with gps", the small model searched
   * `noise_cancelling: true`.
   */
  #flagsAsSaid(chunk: llm.ChatChunk): llm.ChatChunk {
    const calls = chunk.delta?.toolCalls;
    if (!calls?.some((call) => this.#owner.operationOf(call.name) === 'search')) return chunk;
    const entries = chatEntries(this.chatCtx);
    const question = [...entries]
      .reverse()
      .find((entry) => entry.type === 'message' && entry.role === 'user');
    if (question?.type !== 'message') return chunk;
    const before =
      conversationContext(entries, (name) => this.#owner.operationOf(name)).lastSearch ?? {};
    let changed = false;
    const held = calls.map((call) => {
      if (this.#owner.operationOf(call.name) !== 'search') return call;
      const args = flagsAsSaid(
        callArguments(call.args),
        question.text,
        this.#owner.options.catalog,
        before,
      );
      if (!args) return call;
      changed = true;
      return llm.FunctionCall.create({
        callId: call.callId,
        name: call.name,
        args: JSON.stringify(args),
      });
    });
    return changed
      ? { ...chunk, delta: { ...chunk.delta, role: 'assistant', toolCalls: held } }
      : chunk;
  }

  /**
   * The business's own tools (not the router's, not the document search) the model may call this
   * turn, but for one it called after the visitor's words before these: "your ticket is open"
   * about the call just made is no promise of another.
   */
  #promisable(entries: readonly ChatEntry[]): string[] {
    const { knowledgeTool } = this.#owner.options;
    const users = entries.flatMap((entry, index) =>
      entry.type === 'message' && entry.role === 'user' ? [index] : [],
    );
    const since = users.at(-2) ?? 0;
    const justCalled = new Set(
      entries.slice(since).flatMap((entry) => (entry.type === 'function_call' ? [entry.name] : [])),
    );
    return Object.keys(this.toolCtx?.functionTools ?? {}).filter(
      (name) => !this.#owner.operationOf(name) && name !== knowledgeTool && !justCalled.has(name),
    );
  }

  /**
   * The judge of the model's reply to this turn when the scenario's answers are held to what the
   * model was given (`grounded`): whether the text so far answers from belief, how much of it must
   * be read first, and what is said instead. `undefined` when nothing is judged.
   */
  #groundingJudge(): GroundingJudge | undefined {
    const { grounded, catalog, style } = this.#owner.options;
    const lexicon = catalog.lexicon;
    const templates = templatesFor(style.language);
    if (!grounded || !lexicon || !templates) return undefined;
    const entries = chatEntries(this.chatCtx);
    const question = [...entries]
      .reverse()
      .find((entry) => entry.type === 'message' && entry.role === 'user');
    if (question?.type !== 'message') return undefined;
    const ground = groundOf(entries);
    const afterTools = entries.at(-1)?.type === 'function_call_output';
    // Read once a turn: each sentence of the reply is judged against the same tools.
    const promisable =
      afterTools || this.#params.toolChoice === 'none' ? [] : this.#promisable(entries);
    return {
      fromBelief: (text) =>
        answersFromBelief(text, question.text, ground, lexicon, {
          afterTools,
          reads: readsStem(catalog, lexicon),
        }),
      readFirst: (text) => judgedLength(text, lexicon),
      unknown: templates.notKnown,
      promises: (sentence) =>
        promisable.length === 0 ? undefined : promisedTool(sentence, promisable, lexicon),
      searchesOutside: (call) =>
        this.#owner.operationOf(call.name) === 'search' &&
        searchesOutsideCatalogue(callArguments(call.args), question.text, catalog),
    };
  }
}

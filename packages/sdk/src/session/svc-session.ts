import {
  LIMITS,
  MESSAGE_REFUSED_EVENT,
  RPC_METHODS,
  SESSION_END_REASONS,
  TIMINGS,
  TOPICS,
  rpcMethodName,
  toolTimeouts,
  type ConfigPayload,
} from '@svc/protocol';
import {
  curateConfig,
  decodePayload,
  encodePayload,
  parseConfigPayload,
  parseConversationMessage,
  parseDictationTranscriptPayload,
  parseEventFirePayload,
  parseRpcToolRequest,
  parseSessionEndPayload,
} from '@svc/protocol/parse';
import { createSvcClient } from '../client/client.js';
import type { SvcClient, SvcClientConfig } from '../client/types.js';
import { SvcError } from '../errors.js';
import { reasonOf } from '../failure-reason.js';
import type { ParticipantEvent, Transport } from '../transport/transport.js';
import { trackActivity } from './activity-tracker.js';
import { callComposer } from './dictation.js';
import { localizeConfig, roomLanguage } from './localized-features.js';
import { SessionStore } from './session-store.js';
import { INITIAL_SNAPSHOT, agentStateOf, withMessage } from './session-state.js';
import { assertOneKindOfTool } from './tool-methods.js';
import type { registerTools, ToolRun, ToolWire } from './tool-runner.js';
import type { FeatureToolRunner, StartOptions, SvcSessionOptions } from './types.js';

/** What one running conversation holds; dropped whole when it ends. */
interface Run extends ToolRun {
  cleanups: (() => void)[];
  agentLeaveTimer?: ReturnType<typeof setTimeout>;
  /** The agent's participant left and has not joined again. */
  agentGone?: boolean;
  agentJoinTimer?: ReturnType<typeof setTimeout>;
  /** The tool runner, loaded with the Transport (see `open`). */
  registerTools?: typeof registerTools;
}

async function loadLiveKitTransport(): Promise<Transport> {
  // Loaded on first connect, so pages that never connect do not download livekit-client.
  const { LiveKitTransport } = await import('../transport/livekit-transport.js');
  return new LiveKitTransport({ topics: TOPICS, encodePayload });
}

const TOOL_WIRE: ToolWire = {
  rpcMethodName,
  toolTimeouts,
  parseRpcToolRequest,
  encodePayload,
  maxPayloadBytes: TIMINGS.MAX_RPC_PAYLOAD_BYTES,
};

/**
 * A live voice or text conversation with a Svc agent, without any UI framework: identify, session
 * start, Transport connection, the config handshake, tool RPCs, messages and the end.
 *
 * `start()` throws `SvcError` (`IDENTIFY_FAILED`, `SESSION_START_FAILED`) and resolves once the
 * Transport is connected; the session is `connected` when the agent's `config` arrived. After that
 * nothing throws: failures are emitted on `error`.
 *
 * @example
 * ```ts
 * const session = new SvcSession({ apiUrl: 'https://api.example.com' });
 * session.on('message', (message) => render(message));
 * await session.start({ scenario: publicationUuid, tools: { show_offer: async (args) => 'shown' } });
 * ```
 */
export class SvcSession extends SessionStore {
  /** The HTTP client the session identifies and starts sessions with. */
  readonly client: SvcClient;
  private readonly transportOption: SvcSessionOptions['transport'];
  private run: Run | null = null;
  private starting: Promise<void> | null = null;
  private featureTools: FeatureToolRunner | null = null;

  constructor(options: SvcSessionOptions) {
    super();
    if (!options || (!options.client && !options.apiUrl)) {
      throw new TypeError('Svc: SvcSession needs `apiUrl` or `client`');
    }
    this.client =
      options.client ??
      // The session's options hold the client's (`apiUrl`, `apiPathPrefix`, `storagePrefix`,
      // `storage`), and `apiUrl` is there whenever `client` is not (checked above).
      createSvcClient(options as SvcClientConfig);
    this.transportOption = options.transport;
  }

  /** The Transport's engine handle (a LiveKit `Room`): a non-portable extension. */
  get room(): unknown {
    return this.run?.transport?.engine ?? null;
  }

  /**
   * Lets the page's feature runtime answer feature tool RPCs. A method may be a session tool or a
   * feature tool, never both: a clash throws a `TypeError`. Returns the function that removes it.
   */
  registerFeatureTools(runner: FeatureToolRunner): () => void {
    assertOneKindOfTool(runner.toolNames, (name) => this.run?.options.tools?.[name]);
    this.featureTools = runner;
    // A runtime built from this conversation's own config registers after it arrived: its tools
    // are answered from now on (the ones registered before keep their methods).
    const { rawConfig, config } = this.snapshot;
    if (this.run && rawConfig)
      this.run.registerTools?.(
        this.run,
        rawConfig,
        config?.collections ?? [],
        () => this.featureTools,
        this.fail,
      );
    return () => {
      if (this.featureTools === runner) this.featureTools = null;
    };
  }

  /**
   * Starts a conversation. A second call while one is starting returns the same promise; while one
   * runs, it resolves at once. After `ended`, it starts a new conversation.
   */
  start(options: StartOptions): Promise<void> {
    if (this.starting) return this.starting;
    if (this.run) return Promise.resolve();
    this.starting = this.open(options).finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async open(options: StartOptions): Promise<void> {
    if (!options || typeof options.scenario !== 'string' || options.scenario === '') {
      throw new SvcError('SESSION_START_FAILED', 'start() needs `scenario`, the publication UUID');
    }
    assertOneKindOfTool(Object.keys(options.tools ?? {}), (method) =>
      this.featureTools?.toolNames.includes(method),
    );
    const { signal } = options;
    signal?.throwIfAborted();
    const run: Run = {
      options,
      transport: null,
      ended: new AbortController(),
      cleanups: [],
      methods: new Set(),
      wire: TOOL_WIRE,
    };
    this.run = run;
    this.update({ ...INITIAL_SNAPSHOT, status: 'connecting' });
    const abandon = (error: unknown): never => {
      const current = this.run === run;
      this.teardown(run);
      void run.transport?.disconnect().catch(() => {});
      if (current)
        this.update({ status: 'idle', ...(SvcError.isInstance(error) ? { error } : {}) });
      throw error;
    };
    const checkAbort = () => {
      if (signal?.aborted) abandon(signal.reason);
      // destroy() while starting: stop here rather than open a room nobody listens to.
      if (this.run !== run)
        abandon(new DOMException('the session was destroyed while starting', 'AbortError'));
    };
    try {
      const { externalId, externalIdSignature } = options;
      await this.client.identifyUser(
        options.scenario,
        externalId && externalIdSignature
          ? { externalId, ...externalIdSignature }
          : (externalId ?? undefined),
        signal,
      );
    } catch (error) {
      return abandon(error);
    }
    checkAbort();
    let credentials;
    try {
      credentials = await this.client.startSession(options.scenario, {
        ...(options.inputMode ? { inputMode: options.inputMode } : {}),
        ...(options.outputMode ? { outputMode: options.outputMode } : {}),
        ...(options.language ? { language: options.language } : {}),
        sessionOptions: {
          ...(options.resumeConversationId
            ? { resumeConversationId: options.resumeConversationId }
            : {}),
          ...(options.metadata ? { metadata: options.metadata } : {}),
        },
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      return abandon(error);
    }
    checkAbort();
    try {
      const option = this.transportOption;
      // The tool runner is needed from the agent's config on, so it loads beside the Transport:
      // the root entry has a bundle budget, and a page that never connects does not download it.
      const [transport, tools] = await Promise.all([
        option === undefined
          ? loadLiveKitTransport()
          : typeof option === 'function'
            ? option()
            : option,
        import('./tool-runner.js'),
      ]);
      run.transport = transport;
      run.registerTools = tools.registerTools;
      this.listen(run, transport);
      await transport.connect(credentials.rt_url, credentials.rt_token);
    } catch (error) {
      return abandon(
        new SvcError(
          'SESSION_START_FAILED',
          `cannot connect to the Transport: ${reasonOf(error)}`,
          {
            cause: error,
          },
        ),
      );
    }
    checkAbort();
    // The agent may have sent its config while the Transport was connecting.
    if (!this.snapshot.rawConfig) {
      run.agentJoinTimer = setTimeout(() => {
        this.fail(
          'AGENT_UNAVAILABLE',
          `no agent joined within ${TIMINGS.AGENT_JOIN_TIMEOUT_MS} ms`,
        );
        void this.finish(run, SESSION_END_REASONS.AGENT_UNAVAILABLE);
      }, TIMINGS.AGENT_JOIN_TIMEOUT_MS);
    }
    if (options.microphone !== false && options.inputMode !== 'text') {
      // Not awaited: a denial is emitted, and the conversation goes on (text input still works).
      void this.setMicrophoneEnabled(true);
    }
  }

  /** Ends the conversation (`shutdown`). Resolves when the Transport is left; never rejects. */
  async end(): Promise<void> {
    const starting = this.starting;
    if (starting) await starting.catch(() => {});
    if (this.run) await this.finish(this.run, SESSION_END_REASONS.SHUTDOWN);
  }

  /** Sends the visitor's text on `rt.chat`. Never throws: failures are emitted on `error`. */
  async sendText(text: string): Promise<void> {
    const transport = this.run?.transport;
    if (!transport || typeof text !== 'string' || text.trim() === '') return;
    await transport
      .sendText(text)
      .catch((error: unknown) =>
        this.fail('CONNECTION_LOST', `cannot send text: ${reasonOf(error)}`, error),
      );
  }

  /** Turns the microphone on or off. Never throws: a denial is emitted as `MIC_PERMISSION_DENIED`. */
  async setMicrophoneEnabled(enabled: boolean): Promise<void> {
    const transport = this.run?.transport;
    if (!transport) return;
    await transport
      .setMicrophoneEnabled(enabled)
      .catch((error: unknown) =>
        this.fail('MIC_PERMISSION_DENIED', `microphone unavailable: ${reasonOf(error)}`, error),
      );
  }

  /** Starts a composer dictation on the agent; resolves with its id, or null when it failed. */
  startDictation(language?: string): Promise<string | null> {
    return callComposer(
      this.run,
      this.status,
      this.fail,
      RPC_METHODS.COMPOSER_START_DICTATION,
      language ? { language } : {},
      'dictation_id',
    );
  }

  /** Ends a composer dictation; resolves with its final text, or null when it failed. */
  endDictation(dictationId: string): Promise<string | null> {
    return callComposer(
      this.run,
      this.status,
      this.fail,
      RPC_METHODS.COMPOSER_END_DICTATION,
      { dictation_id: dictationId },
      'text',
    );
  }

  /** Cancels a composer dictation; resolves true when the agent confirmed. */
  async cancelDictation(dictationId: string): Promise<boolean> {
    return (
      (await callComposer(
        this.run,
        this.status,
        this.fail,
        RPC_METHODS.COMPOSER_CANCEL_DICTATION,
        { dictation_id: dictationId },
        'cancelled',
      )) !== null
    );
  }

  /** Releases everything: ends a running conversation, drops listeners and subscribers. */
  destroy(): void {
    if (this.run) void this.finish(this.run, SESSION_END_REASONS.SHUTDOWN);
    this.clearListeners();
  }

  private listen(run: Run, transport: Transport): void {
    const activity = trackActivity();
    run.cleanups.push(
      activity.stop,
      transport.on('data', (topic, payload) => this.onData(run, topic, payload)),
      transport.on('participant', (event) => this.onParticipant(run, event)),
      transport.on('connection', (state, reason) => {
        if (this.run !== run) return;
        if (state === 'reconnecting') this.update({ status: 'reconnecting' });
        else if (state === 'connected') {
          this.update({ status: this.snapshot.rawConfig ? 'connected' : 'connecting' });
          // Back from a reconnect without the agent: its grace starts now (see onParticipant).
          if (run.agentGone) this.awaitAgent(run);
        } else {
          this.fail('CONNECTION_LOST', `the Transport disconnected${reason ? `: ${reason}` : ''}`);
          void this.finish(run, SESSION_END_REASONS.TRANSPORT_DISCONNECTED);
        }
      }),
    );
    const method = RPC_METHODS.UI_ACTIVITY_CHECK.method;
    transport.registerToolHandler(method, async () => JSON.stringify(activity.check()));
    run.methods.add(method);
  }

  private onParticipant(run: Run, event: ParticipantEvent): void {
    if (this.run !== run || !event.isAgent) return;
    const state = agentStateOf(event.attributes);
    if (state) this.update({ agentState: state });
    if (event.kind === 'joined') {
      clearTimeout(run.agentLeaveTimer);
      run.agentGone = false;
    } else if (event.kind === 'left' && this.snapshot.rawConfig) {
      run.agentGone = true;
      // The engine reports everyone gone when it rejoins the room after losing the Transport, and
      // announces who is still there once back: the grace waits for that.
      if (this.snapshot.status === 'reconnecting') clearTimeout(run.agentLeaveTimer);
      else this.awaitAgent(run);
    }
  }

  /** The agent may come back (a worker restart): the grace is waited out before ending. */
  private awaitAgent(run: Run): void {
    clearTimeout(run.agentLeaveTimer);
    run.agentLeaveTimer = setTimeout(
      () => void this.finish(run, SESSION_END_REASONS.AGENT_DISCONNECTED),
      LIMITS.AGENT_LEAVE_GRACE_MS,
    );
  }

  private onData(run: Run, topic: string, payload: Uint8Array): void {
    if (this.run !== run) return;
    const decoded = decodePayload(payload);
    if (!decoded.ok) return;
    const value = decoded.value;
    switch (topic) {
      case TOPICS.CONFIG: {
        const parsed = parseConfigPayload(value);
        if (parsed.ok) this.onConfig(run, parsed.value);
        return;
      }
      case TOPICS.CONFIG_REQUEST:
        if (this.snapshot.rawConfig) this.acknowledge(run);
        return;
      case TOPICS.MESSAGE_NEW: {
        const parsed = parseConversationMessage(value);
        if (!parsed.ok) return;
        this.update({ messages: withMessage(this.snapshot.messages, parsed.value) });
        this.events.emit('message', parsed.value);
        return;
      }
      case TOPICS.SESSION_END: {
        const parsed = parseSessionEndPayload(value);
        void this.finish(
          run,
          (parsed.ok && parsed.value.reason) || SESSION_END_REASONS.AGENT_ENDED,
          parsed.ok ? parsed.value.ended_at : undefined,
        );
        return;
      }
      case TOPICS.EVENT_FIRE: {
        const parsed = parseEventFirePayload(value);
        if (parsed.ok && parsed.value.name === MESSAGE_REFUSED_EVENT) {
          const topic = String(parsed.value.data?.topic ?? '');
          this.fail(
            'MESSAGE_REFUSED',
            `the agent refused a message on ${topic}: ${String(parsed.value.data?.reason ?? 'refused')}`,
            parsed.value.data,
          );
        }
        return;
      }
      case TOPICS.DICTATION_TRANSCRIPT: {
        const parsed = parseDictationTranscriptPayload(value);
        if (parsed.ok) this.events.emit('dictation', parsed.value);
        return;
      }
    }
  }

  private acknowledge(run: Run): void {
    const ack = {
      acknowledged: true,
      timestamp: Date.now(),
      ...(run.options.resumeConversationId ? { suppress_recap: true } : {}),
    };
    run.transport?.publishData(TOPICS.CONFIG_ACK, ack).catch(() => {
      // The agent resends `config_request` until an ack arrives; nothing to do here.
    });
  }

  private onConfig(run: Run, raw: ConfigPayload): void {
    const first = this.snapshot.rawConfig === null;
    // The API's choice first: it matches the tag asked for to one the scenario serves.
    const config = localizeConfig(
      curateConfig(raw),
      roomLanguage(run.transport?.engine) || run.options.language || null,
    );
    this.acknowledge(run);
    if (first) {
      clearTimeout(run.agentJoinTimer);
      run.registerTools?.(run, raw, config.collections, () => this.featureTools, this.fail);
    }
    this.update({
      rawConfig: raw,
      config,
      conversationId: raw.conversation_id,
      ...(first ? { status: 'connected' } : {}),
    });
    this.events.emit('config', config);
  }

  private teardown(run: Run): void {
    clearTimeout(run.agentJoinTimer);
    clearTimeout(run.agentLeaveTimer);
    run.ended.abort();
    for (const cleanup of run.cleanups.splice(0)) cleanup();
    for (const method of run.methods) {
      try {
        run.transport?.unregisterToolHandler(method);
      } catch {
        // the engine is already gone
      }
    }
    run.methods.clear();
    if (this.run === run) this.run = null;
  }

  private async finish(run: Run, reason: string, endedAt?: string): Promise<void> {
    if (this.run !== run) return;
    // The agent's time when it sent one; otherwise the moment this side saw the end.
    const at = endedAt || new Date().toISOString();
    this.teardown(run);
    await run.transport?.disconnect().catch(() => {});
    this.update({ status: 'ended', agentState: 'idle' });
    this.events.emit('session-end', { reason, endedAt: at });
  }
}

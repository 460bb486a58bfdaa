import type { ConversationMessage } from '@svc/protocol';
import { createBucketClient } from '@svc/sdk/buckets';
import {
  FeatureProvider,
  SvcProvider,
  useFeatures,
  useSvc,
  useSvcSession,
  type FeatureRegistryEntry,
} from '@svc/sdk/react';
import { EndCard } from '@svc/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ConversationOptions } from '../conversation-module.js';
import { panelRegistry } from './panel-registry.js';

type Mode = 'audio' | 'text';

/** Messages with words for the visitor; tool calls show as panels instead. */
const spoken = (message: ConversationMessage) =>
  (message.role === 'user' || message.role === 'assistant') && Boolean(message.content);

const EMPTY_REGISTRY = new Map<string, FeatureRegistryEntry>();

/** One widget's conversation: its own session, event bus, feature runtime and panels. */
export function Conversation(props: ConversationOptions) {
  return (
    <SvcProvider apiUrl={props.apiUrl}>
      <WithPanels {...props} />
    </SvcProvider>
  );
}

/**
 * The panels come from the conversation's own config (a widget knows no publication's features
 * ahead): the feature runtime registers the config's tools once it arrives, and the session
 * answers tools registered after its config.
 */
function WithPanels(props: ConversationOptions) {
  const { session, client } = useSvc();
  const buckets = useMemo(
    () => createBucketClient({ client, scenario: props.publication }),
    [client, props.publication],
  );
  const [features, setFeatures] = useState(session.rawConfig?.features ?? null);
  useEffect(
    () =>
      session.on('config', () => {
        const next = session.rawConfig?.features ?? null;
        // A config the agent sends again must not rebuild the panels (and lose their state).
        setFeatures((current) =>
          JSON.stringify(current) === JSON.stringify(next) ? current : next,
        );
      }),
    [session],
  );
  const registry = useMemo(
    () => (features ? panelRegistry(features, buckets) : EMPTY_REGISTRY),
    [features, buckets],
  );
  return (
    <FeatureProvider registry={registry} clearHistoryOnSessionEnd initialPosition="mobile">
      <Panel {...props} />
    </FeatureProvider>
  );
}

function Panel(props: ConversationOptions) {
  const { session: headless } = useSvc();
  const features = useFeatures();
  const [mode, setMode] = useState<Mode>('audio');
  const [muted, setMuted] = useState(false);
  const [draft, setDraft] = useState('');
  const [ended, setEnded] = useState<{ reason: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const session = useSvcSession({
    scenario: props.publication,
    onSessionEnd: (info) => setEnded({ reason: info.reason }),
  });
  const log = useRef<HTMLOListElement>(null);
  /** The mode the running conversation started in (a typed one has no microphone). */
  const startedMode = useRef<Mode>('audio');
  const messages = session.messages.filter(spoken);
  const live = session.status === 'connecting' || session.status === 'connected';

  const { onReady } = props;
  useEffect(() => onReady?.(), [onReady]);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);

  const start = (inputMode: Mode, resumeConversationId?: string) => {
    setEnded(null);
    setProblem(null);
    setMuted(false);
    setMode(inputMode);
    startedMode.current = inputMode;
    session
      .start({
        inputMode,
        outputMode: inputMode,
        ...(resumeConversationId ? { resumeConversationId } : {}),
      })
      .catch((error: unknown) =>
        setProblem(error instanceof Error ? error.message : String(error)),
      );
  };
  const switchTo = (next: Mode) => {
    if (next === mode) return;
    if (!live) return setMode(next);
    if (headless.getSnapshot().status !== 'connected') return;
    const conversationId = session.conversationId ?? undefined;
    // A typed conversation has no microphone or voice: it goes on as a spoken one.
    if (next === 'audio' && startedMode.current === 'text') {
      void session.end().then(() => start('audio', conversationId));
      return;
    }
    setMode(next);
    void session.setMicrophoneEnabled(next === 'audio' && !muted);
  };
  const toggleMute = () => {
    const next = !muted;
    setMuted(next);
    void session.setMicrophoneEnabled(!next);
  };
  const send = () => {
    const text = draft.trim();
    if (!text || session.status !== 'connected') return;
    setDraft('');
    void session.sendText(text);
  };

  const endCard = session.status === 'ended' && ended !== null;
  const shown = features.shown;
  const registered = shown ? features.registry.get(shown.feature) : undefined;
  const ShownPanel = registered?.component;
  const stateText =
    session.status === 'connected'
      ? session.agentState
      : session.status === 'idle'
        ? 'ready'
        : session.status;

  return (
    <div className="svcw-conversation" data-status={session.status}>
      <div className="svcw-toolbar">
        <span className="svcw-state" role="status" data-agent-state={session.agentState}>
          <span className="svcw-dot" aria-hidden="true" />
          {stateText}
        </span>
        <div className="svcw-switch" role="radiogroup" aria-label="Talk or type">
          {(['audio', 'text'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={mode === option}
              onClick={() => switchTo(option)}
            >
              {option === 'audio' ? 'Voice' : 'Typing'}
            </button>
          ))}
        </div>
      </div>
      <div className="svcw-scroll">
        {messages.length === 0 && !live && !ended ? (
          <p className="svcw-hint">
            {mode === 'audio'
              ? 'Talk with our assistant: it listens, answers and shows what it finds.'
              : 'Type to our assistant: it answers and shows what it finds.'}
          </p>
        ) : null}
        <ol
          className="svcw-transcript"
          ref={log}
          role="log"
          aria-live="polite"
          aria-label="Conversation"
        >
          {messages.map((message) => (
            <li key={message.id} data-role={message.role}>
              <span className="svcw-visually-hidden">
                {message.role === 'user' ? 'You: ' : 'Assistant: '}
              </span>
              {message.content}
            </li>
          ))}
        </ol>
        {shown && registered && ShownPanel && features.visible ? (
          <section
            className="svcw-feature"
            data-feature={shown.feature}
            data-tool={shown.toolName}
            aria-label="What the assistant shows"
          >
            <ShownPanel {...(registered.propsSelector?.(shown) ?? shown.componentData)} />
          </section>
        ) : null}
        {endCard ? <EndCard reason={ended.reason} onRestart={() => start(mode)} /> : null}
        {problem || session.error ? (
          <p className="svcw-error" role="alert">
            {problem ?? `${session.error?.code}: ${session.error?.message}`}
          </p>
        ) : null}
      </div>
      {/* After an end, the end card's button starts again (in the mode the switch shows). */}
      <div className="svcw-controls" hidden={endCard && !live}>
        {live ? (
          <>
            <form
              className="svcw-composer"
              onSubmit={(event) => {
                event.preventDefault();
                send();
              }}
            >
              <input
                data-autofocus=""
                aria-label="Message"
                placeholder={mode === 'audio' ? 'Speak, or type here' : 'Type a message'}
                value={draft}
                onInput={(event) => setDraft((event.target as HTMLInputElement).value)}
                onChange={(event) => setDraft(event.target.value)}
              />
              <button type="submit" disabled={session.status !== 'connected' || !draft.trim()}>
                Send
              </button>
            </form>
            <div className="svcw-actions">
              {mode === 'audio' ? (
                <button type="button" aria-pressed={muted} onClick={toggleMute}>
                  {muted ? 'Unmute' : 'Mute'}
                </button>
              ) : null}
              <button
                type="button"
                className="svcw-end"
                aria-label="End the conversation"
                onClick={() => void session.end()}
              >
                End
              </button>
            </div>
          </>
        ) : (
          <button
            type="button"
            className="svcw-start"
            data-autofocus=""
            onClick={() => start(mode)}
          >
            {mode === 'audio' ? 'Start talking' : 'Start typing'}
          </button>
        )}
      </div>
    </div>
  );
}

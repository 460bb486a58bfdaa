import { CONVERSATION_STRINGS, type ConversationStrings } from '@svc/languages/widget';
import type { ConversationMessage, SvcErrorCode } from '@svc/protocol';
import { SvcError } from '@svc/sdk';
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
import { browserLanguage, chooseLanguage, type WidgetLocale } from '../language.js';
import { panelRegistry } from './panel-registry.js';

type Mode = 'audio' | 'text';

/** Messages with words for the visitor; tool calls show as panels instead. */
const spoken = (message: ConversationMessage) =>
  (message.role === 'user' || message.role === 'assistant') && Boolean(message.content);

const EMPTY_REGISTRY = new Map<string, FeatureRegistryEntry>();

/** What went wrong, in the visitor's language; the SDK's own message stays in the title. */
function problemText(strings: ConversationStrings, code: string | undefined): string {
  return code && Object.hasOwn(strings.errors, code)
    ? strings.errors[code as SvcErrorCode]
    : strings.errors.default;
}

/**
 * The widget's language: the element's attribute, else the session's (once its config arrived),
 * else the browser's, else English. Tells the element when the session names one.
 */
function useWidgetLocale(props: ConversationOptions): WidgetLocale {
  const { session } = useSvc();
  const [sessionLanguage, setSessionLanguage] = useState(session.config?.language ?? null);
  useEffect(() => session.on('config', (config) => setSessionLanguage(config.language)), [session]);
  const { onLanguage } = props;
  useEffect(() => {
    if (sessionLanguage) onLanguage?.(sessionLanguage);
  }, [sessionLanguage, onLanguage]);
  const { language, locale } = chooseLanguage([props.language, sessionLanguage, browserLanguage()]);
  return useMemo(() => ({ language, locale }), [language, locale]);
}

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
  const widgetLocale = useWidgetLocale(props);
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
  const { locale } = widgetLocale;
  const registry = useMemo(
    () => (features ? panelRegistry(features, buckets, locale) : EMPTY_REGISTRY),
    [features, buckets, locale],
  );
  return (
    <FeatureProvider registry={registry} clearHistoryOnSessionEnd initialPosition="mobile">
      <Panel {...props} widgetLocale={widgetLocale} />
    </FeatureProvider>
  );
}

function Panel(props: ConversationOptions & { widgetLocale: WidgetLocale }) {
  const { language, locale } = props.widgetLocale;
  const strings = CONVERSATION_STRINGS[language];
  const { session: headless } = useSvc();
  const features = useFeatures();
  const [mode, setMode] = useState<Mode>('audio');
  const [muted, setMuted] = useState(false);
  const [draft, setDraft] = useState('');
  const [ended, setEnded] = useState<{ reason: string; endedAt: string } | null>(null);
  const [problem, setProblem] = useState<{ code?: string; detail: string } | null>(null);
  const session = useSvcSession({
    scenario: props.publication,
    // The element's language, when it names one, is the session's (session start's `language`).
    ...(props.language ? { language: props.language } : {}),
    onSessionEnd: (info) => setEnded({ reason: info.reason, endedAt: info.endedAt }),
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
        setProblem({
          ...(SvcError.isInstance(error) ? { code: error.code } : {}),
          detail: error instanceof Error ? error.message : String(error),
        }),
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
    strings.states[
      session.status === 'connected'
        ? session.agentState
        : session.status === 'idle'
          ? 'ready'
          : session.status
    ];
  const failure =
    problem ?? (session.error ? { code: session.error.code, detail: session.error.message } : null);

  return (
    <div className="svcw-conversation" data-status={session.status} lang={locale ?? language}>
      <div className="svcw-toolbar">
        <span className="svcw-state" role="status" data-agent-state={session.agentState}>
          <span className="svcw-dot" aria-hidden="true" />
          {stateText}
        </span>
        <div className="svcw-switch" role="radiogroup" aria-label={strings.talkOrType}>
          {(['audio', 'text'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={mode === option}
              onClick={() => switchTo(option)}
            >
              {option === 'audio' ? strings.voice : strings.typing}
            </button>
          ))}
        </div>
      </div>
      <div className="svcw-scroll">
        {messages.length === 0 && !live && !ended ? (
          <p className="svcw-hint">{mode === 'audio' ? strings.hintAudio : strings.hintText}</p>
        ) : null}
        <ol
          className="svcw-transcript"
          ref={log}
          role="log"
          aria-live="polite"
          aria-label={strings.transcript}
        >
          {messages.map((message) => (
            <li key={message.id} data-role={message.role}>
              <span className="svcw-visually-hidden">
                {message.role === 'user' ? strings.you : strings.assistant}
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
            aria-label={features.getFeatureName(shown.feature) ?? strings.shown}
          >
            <ShownPanel {...(registered.propsSelector?.(shown) ?? shown.componentData)} />
          </section>
        ) : null}
        {endCard ? (
          <EndCard
            reason={ended.reason}
            endedAt={ended.endedAt}
            locale={locale ?? language}
            onRestart={() => start(mode)}
          />
        ) : null}
        {failure ? (
          <p className="svcw-error" role="alert" data-code={failure.code} title={failure.detail}>
            {problemText(strings, failure.code)}
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
                aria-label={strings.message}
                placeholder={mode === 'audio' ? strings.placeholderAudio : strings.placeholderText}
                value={draft}
                onInput={(event) => setDraft((event.target as HTMLInputElement).value)}
                onChange={(event) => setDraft(event.target.value)}
              />
              <button type="submit" disabled={session.status !== 'connected' || !draft.trim()}>
                {strings.send}
              </button>
            </form>
            <div className="svcw-actions">
              {mode === 'audio' ? (
                <button type="button" aria-pressed={muted} onClick={toggleMute}>
                  {muted ? strings.unmute : strings.mute}
                </button>
              ) : null}
              <button
                type="button"
                className="svcw-end"
                aria-label={strings.endLabel}
                onClick={() => void session.end()}
              >
                {strings.end}
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
            {mode === 'audio' ? strings.startTalking : strings.startTyping}
          </button>
        )}
      </div>
    </div>
  );
}

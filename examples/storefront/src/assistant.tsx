import type { ConversationMessage } from '@svc/sdk/protocol';
import { useFeatures, useSvcSession } from '@svc/sdk/react';
import { EndCard } from '@svc/ui';
import { useEffect, useRef, useState } from 'react';
import { useShop } from './shop-context';

/** Messages with words for the visitor: tool calls show as panels instead. */
const spoken = (message: ConversationMessage) =>
  (message.role === 'user' || message.role === 'assistant') && Boolean(message.content);

/**
 * The assistant's dock: start a voice or a typed conversation, mute, type, end; the
 * conversation's words; the end card once it is over. The agent's tools show their panels
 * beside the page (`FeaturePanels`), not here.
 */
export function Assistant() {
  const { settings } = useShop();
  const features = useFeatures();
  const [ended, setEnded] = useState<{ reason: string } | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [mode, setMode] = useState<'audio' | 'text'>('text');
  const [draft, setDraft] = useState('');
  const session = useSvcSession({
    scenario: settings.publication,
    onSessionEnd: (info) => setEnded(info),
  });
  const live = session.status === 'connecting' || session.status === 'connected';
  const list = useRef<HTMLOListElement>(null);
  const messages = session.messages.filter(spoken);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
    // The end card takes room below the list: the last words stay in sight.
  }, [messages.length, session.status]);

  const start = (inputMode: 'audio' | 'text') => {
    setEnded(null);
    setStartError(null);
    setMode(inputMode);
    session
      // A visitor who muted before starting starts with the microphone closed.
      .start({ inputMode, outputMode: inputMode, microphone: !muted })
      .catch((error: unknown) =>
        setStartError(error instanceof Error ? error.message : String(error)),
      );
  };
  const toggleMute = () => {
    const next = !muted;
    setMuted(next);
    if (live && mode === 'audio') void session.setMicrophoneEnabled(!next);
  };
  const send = () => {
    const text = draft.trim();
    if (!text) return;
    setDraft('');
    void session.sendText(text);
  };

  return (
    <aside className="assistant" aria-label="Shop assistant" data-status={session.status}>
      <header>
        <strong>Trailhead assistant</strong>{' '}
        <span className="state" data-agent-state={session.agentState}>
          {session.status === 'connected' ? session.agentState : session.status}
        </span>
      </header>
      {!settings.publication ? (
        <p role="alert">No publication: open the page with ?publication=&lt;uuid&gt;.</p>
      ) : null}
      <div className="controls">
        {!live || mode === 'audio' ? (
          <button type="button" onClick={toggleMute} aria-pressed={muted}>
            {muted ? 'Unmute' : 'Mute'}
          </button>
        ) : null}
        {live ? (
          <>
            <button type="button" onClick={() => void session.end()}>
              End
            </button>
          </>
        ) : (
          <>
            <button type="button" onClick={() => start('audio')} disabled={!settings.publication}>
              Talk
            </button>
            <button type="button" onClick={() => start('text')} disabled={!settings.publication}>
              Type
            </button>
          </>
        )}
        {features.shown && features.visible ? (
          <button type="button" onClick={() => features.setVisibility(false)}>
            Hide panel
          </button>
        ) : features.shown ? (
          <button type="button" onClick={() => features.setVisibility(true)}>
            Show panel
          </button>
        ) : null}
      </div>
      {startError || session.error ? (
        <p role="alert" className="error">
          {startError ?? `${session.error?.code}: ${session.error?.message}`}
        </p>
      ) : null}
      <ol className="messages" ref={list}>
        {messages.map((message) => (
          <li key={message.id} data-role={message.role}>
            {message.content}
          </li>
        ))}
      </ol>
      {session.status === 'ended' && ended ? (
        <EndCard reason={ended.reason} onRestart={() => start(mode)} />
      ) : null}
      {live ? (
        <form
          className="composer"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <input
            aria-label="Message"
            placeholder={mode === 'audio' ? 'Speak, or type here' : 'Ask about tents, boots…'}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" disabled={session.status !== 'connected'}>
            Send
          </button>
        </form>
      ) : null}
    </aside>
  );
}

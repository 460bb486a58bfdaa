import {
  Alert,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { SvcSession } from '@svc/sdk';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { Loading } from '../components/states';
import { Transcript } from '../conversation/transcript';
import { previewClient, type PreviewStarted } from './preview-client';

type Mode = 'text' | 'audio';

/**
 * Try the saved scenario before publishing: a preview session (never reachable by visitors) run by
 * the same SDK a customer's page uses, typed or spoken, with the timeline of messages and tool
 * calls as they happen. Each turn's latency split is on the conversation's page afterwards.
 */
export function TryItPanel({ scenarioId }: { scenarioId: number }) {
  const [session, setSession] = useState<SvcSession>();
  const [started, setStarted] = useState<PreviewStarted>();
  // Made in an effect, not during render: the session is destroyed when the panel goes away, and
  // React's development double mount must get a fresh one rather than a destroyed one.
  useEffect(() => {
    const created = new SvcSession({
      client: previewClient(api, scenarioId, setStarted),
      storage: null,
    });
    setSession(created);
    return () => created.destroy();
  }, [scenarioId]);
  if (!session) return <Loading what="the preview" />;
  return <PreviewSession session={session} started={started} />;
}

/** The controls and timeline of one preview session. */
function PreviewSession({
  session,
  started,
}: {
  session: SvcSession;
  started: PreviewStarted | undefined;
}) {
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const [mode, setMode] = useState<Mode>('text');
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string>();
  const live = snapshot.status !== 'idle' && snapshot.status !== 'ended';

  async function start() {
    setFailure(undefined);
    try {
      await session.start({
        // The preview client ignores it: the API picks the draft's hidden publication.
        scenario: 'preview',
        inputMode: mode,
        outputMode: mode,
        microphone: mode === 'audio',
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Runs the saved scenario (save your changes first) as a visitor would meet it; nothing is
        published.
      </Text>
      <Group>
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value as Mode)}
          disabled={live}
          data={[
            { value: 'text', label: 'Type' },
            { value: 'audio', label: 'Talk' },
          ]}
        />
        {live ? (
          <Button color="red" variant="light" onClick={() => void session.end()}>
            End
          </Button>
        ) : (
          <Button onClick={() => void start()}>Start</Button>
        )}
        <Badge variant="light">{snapshot.status}</Badge>
        {snapshot.status === 'connected' && <Badge color="teal">agent {snapshot.agentState}</Badge>}
      </Group>
      {(failure ?? snapshot.error) && (
        <Alert color="red" role="alert">
          {failure ?? snapshot.error?.message}
        </Alert>
      )}
      {snapshot.messages.length > 0 && (
        <Transcript
          messages={snapshot.messages.map((message, index) => ({ ...message, seq: index }))}
        />
      )}
      {snapshot.status === 'connected' && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void session.sendText(text);
            setText('');
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="Say"
              placeholder="e.g. do you have tents for two?"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" disabled={text.trim() === ''}>
              Send
            </Button>
          </Group>
        </form>
      )}
      {started && (
        <Text size="sm">
          <Link
            to="/conversations/$conversationId"
            params={{ conversationId: started.conversationId }}
          >
            This preview&apos;s conversation, with turn latencies
          </Link>
        </Text>
      )}
    </Stack>
  );
}

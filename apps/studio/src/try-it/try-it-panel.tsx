import {
  Alert,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FeatureProvider, SvcProvider, useSvc } from '@svc/sdk/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import type { Scenario } from '../api/types';
import { QueryView } from '../components/states';
import { Transcript } from '../conversation/transcript';
import { TurnLatencies } from '../conversation/turn-latencies';
import { FeaturePanels, featureRegistry, type TryItFeature } from './feature-panels';
import { PageToolCalls } from './page-tool-calls';
import { PageToolCallsCard } from './page-tool-calls-card';
import { previewClient, type PreviewStarted } from './preview-client';
import { TurnTimer } from './turn-timing';

type Mode = 'text' | 'audio';

/**
 * Try the saved scenario before publishing: a preview session (never reachable by visitors) run by
 * the SDK as a customer's page runs it (`SvcProvider`, and `FeatureProvider` answering the
 * scenario's page tools with the panels the page would show, and the business's own page tools
 * with the author's answers), typed or spoken, with the timeline
 * of messages and tool calls, each typed turn's time, and the latency split the agent records.
 */
export function TryItPanel({ scenarioId }: { scenarioId: number }) {
  // The page's own query: the scenario is in its cache already.
  const scenario = useQuery({
    queryKey: ['scenario', scenarioId],
    queryFn: async () =>
      (await unwrap(
        api.GET('/v1/admin/scenarios/{id}', { params: { path: { id: scenarioId } } }),
      )) as Scenario,
  });
  return (
    <QueryView what="the scenario" query={scenario}>
      {(data) => (
        <PreviewProviders
          scenarioId={scenarioId}
          features={(data as { features?: TryItFeature[] }).features ?? []}
        />
      )}
    </QueryView>
  );
}

/** The SDK's providers for one preview: one session, and the feature runtime of the scenario. */
function PreviewProviders({
  scenarioId,
  features,
}: {
  scenarioId: number;
  features: TryItFeature[];
}) {
  const [started, setStarted] = useState<PreviewStarted>();
  // Made once: SvcProvider keeps the session of its first render and destroys it on unmount.
  const [client] = useState(() => previewClient(api, scenarioId, setStarted));
  const [pageToolCalls] = useState(() => new PageToolCalls());
  // A call still waiting when the preview goes away gets its answer (the agent is told).
  useEffect(() => () => pageToolCalls.cancelAll(), [pageToolCalls]);
  const registry = useMemo(
    () => featureRegistry(features, pageToolCalls),
    [features, pageToolCalls],
  );
  return (
    <SvcProvider client={client} storage={null}>
      <FeatureProvider registry={registry}>
        <PreviewSession
          started={started}
          pageToolCalls={pageToolCalls}
          pageTools={[...registry.values()].reduce((sum, entry) => sum + entry.toolNames.length, 0)}
        />
      </FeatureProvider>
    </SvcProvider>
  );
}

const ms = (from: number, to: number | undefined) =>
  to === undefined ? 'waiting' : `${Math.round(to - from)} ms`;

/** Typed turns as this browser timed them: sent to the agent's first answer. */
function TypedTurns({ timer }: { timer: TurnTimer }) {
  if (timer.turns.length === 0) return null;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>You typed</Table.Th>
          <Table.Th>First answer after</Table.Th>
          <Table.Th>Tools called</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {timer.turns.map((turn) => (
          <Table.Tr key={turn.sentAt}>
            <Table.Td>{turn.text}</Table.Td>
            <Table.Td>{ms(turn.sentAt, turn.answeredAt)}</Table.Td>
            <Table.Td>{turn.tools.join(', ') || '-'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The latency split the agent recorded for the preview's turns, read from the API as it runs. */
function RecordedLatencies({ conversationId, live }: { conversationId: string; live: boolean }) {
  const conversation = useQuery({
    queryKey: ['conversation', conversationId],
    queryFn: () =>
      unwrap(api.GET('/v1/admin/conversations/{id}', { params: { path: { id: conversationId } } })),
    // The agent posts a turn's figures once its audio has started: read again while it runs.
    refetchInterval: live ? 3000 : false,
  });
  return (
    <QueryView what="the turn latencies" query={conversation}>
      {(data) => <TurnLatencies turns={data.turn_metrics} />}
    </QueryView>
  );
}

/** The controls, the panels and the timeline of one preview session. */
function PreviewSession({
  started,
  pageTools,
  pageToolCalls,
}: {
  started: PreviewStarted | undefined;
  pageTools: number;
  pageToolCalls: PageToolCalls;
}) {
  const { session } = useSvc();
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const [mode, setMode] = useState<Mode>('text');
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string>();
  const [timer] = useState(() => new TurnTimer());
  const [, setTurns] = useState(timer.turns);
  const live = snapshot.status !== 'idle' && snapshot.status !== 'ended';
  useEffect(
    () =>
      session.on('message', (message) => {
        timer.received(message, performance.now());
        setTurns(timer.turns);
      }),
    [session, timer],
  );

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

  function send() {
    timer.sent(text, performance.now());
    setTurns(timer.turns);
    void session.sendText(text);
    setText('');
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
        {snapshot.status === 'connected' && (
          <Badge variant="light">agent {snapshot.agentState}</Badge>
        )}
      </Group>
      {(failure ?? snapshot.error) && (
        <Alert color="red" role="alert">
          {failure ?? snapshot.error?.message}
        </Alert>
      )}
      <PageToolCallsCard calls={pageToolCalls} />
      <FeaturePanels pageTools={pageTools} />
      {snapshot.status === 'connected' && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send();
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
      {snapshot.messages.length > 0 && (
        <>
          <Title order={4}>Timeline</Title>
          <Transcript
            messages={snapshot.messages.map((message, index) => ({ ...message, seq: index }))}
          />
        </>
      )}
      {timer.turns.length > 0 && (
        <>
          <Title order={4}>Typed turns, timed in this browser</Title>
          <TypedTurns timer={timer} />
        </>
      )}
      {started && (
        <>
          <Title order={4}>Latency split recorded by the agent</Title>
          <Text size="xs" c="dimmed">
            The agent sends its per-turn figures to the API, not to the page; spoken turns have
            them, typed ones only what this browser measures above.
          </Text>
          <RecordedLatencies conversationId={started.conversationId} live={live} />
          <Text size="sm">
            <Link
              to="/conversations/$conversationId"
              params={{ conversationId: started.conversationId }}
            >
              This preview&apos;s conversation, with turn latencies
            </Link>
          </Text>
        </>
      )}
    </Stack>
  );
}

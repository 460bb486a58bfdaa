import { Accordion, Anchor, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link, useParams } from '@tanstack/react-router';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import { Empty, QueryView } from '../components/states';
import { AnalysisPanel } from '../conversation/analysis-panel';
import { Transcript, type StoredMessage } from '../conversation/transcript';
import { TurnLatencies } from '../conversation/turn-latencies';

/** Makes a scenario test of this conversation: its visitor turns and the tool calls they led to. */
function MakeTest({ conversationId, scenarioId }: { conversationId: string; scenarioId: number }) {
  const make = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/v1/admin/scenarios/{id}/tests/from-conversation', {
          params: { path: { id: scenarioId } },
          body: { conversation_id: conversationId },
        }),
      ),
  });
  return (
    <Group gap="sm">
      <Button size="xs" variant="default" loading={make.isPending} onClick={() => make.mutate()}>
        Make a test of it
      </Button>
      {make.isSuccess && (
        <Text size="sm">
          Test &ldquo;{make.data.name}&rdquo; added to the{' '}
          <Link to="/scenarios/$scenarioId" params={{ scenarioId: String(scenarioId) }}>
            scenario
          </Link>
          .
        </Text>
      )}
      {make.error && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(make.error)}
        </Text>
      )}
    </Group>
  );
}

/**
 * One conversation: who, when, the transcript with tool calls, each turn's latency, and the
 * checkpoints the page saved to resume from.
 */
function ConversationPage() {
  const { conversationId } = useParams({ from: '/_studio/conversations/$conversationId' });
  const conversation = useQuery({
    queryKey: ['conversation', conversationId],
    queryFn: () =>
      unwrap(api.GET('/v1/admin/conversations/{id}', { params: { path: { id: conversationId } } })),
  });
  return (
    <Stack>
      <Anchor component={Link} to="/conversations" size="sm">
        All conversations
      </Anchor>
      <QueryView what="the conversation" query={conversation}>
        {(data) => (
          <Stack>
            <Group justify="space-between">
              <Title order={2}>Conversation {data.id}</Title>
              <MakeTest conversationId={data.id} scenarioId={data.scenario_id} />
            </Group>
            <Group gap="lg">
              <Text size="sm">Visitor {data.external_id}</Text>
              <Text size="sm">Label {data.label}</Text>
              <Text size="sm">
                {data.input_mode} in, {data.output_mode} out, {data.language}
              </Text>
              <Text size="sm">Started {new Date(data.started_at).toLocaleString()}</Text>
              <Text size="sm">
                {data.ended_at
                  ? `Ended ${new Date(data.ended_at).toLocaleString()} (${data.end_reason ?? 'no reason'})`
                  : 'Running'}
              </Text>
            </Group>
            <Title order={3}>Transcript</Title>
            {data.messages.length === 0 ? (
              <Empty title="No messages">Nothing was said in this conversation.</Empty>
            ) : (
              <Transcript messages={data.messages as unknown as StoredMessage[]} />
            )}
            {data.ended_at && <AnalysisPanel conversationId={data.id} />}
            <Title order={3}>Turn latencies</Title>
            <TurnLatencies turns={data.turn_metrics} />
            <Title order={3}>Restore checkpoints</Title>
            {data.restore_checkpoints.length === 0 ? (
              <Text c="dimmed">
                None: the page saved no state to resume this conversation from.
              </Text>
            ) : (
              <Accordion variant="contained">
                {data.restore_checkpoints.map((checkpoint) => (
                  <Accordion.Item key={checkpoint.version} value={String(checkpoint.version)}>
                    <Accordion.Control>
                      Version {checkpoint.version},{' '}
                      {new Date(checkpoint.created_at).toLocaleTimeString()}
                    </Accordion.Control>
                    <Accordion.Panel>
                      <Code block>{JSON.stringify(checkpoint.state, null, 2)}</Code>
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            )}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

/** The conversation page's lazily loaded part. */
export const Route = createLazyRoute('/_studio/conversations/$conversationId')({
  component: ConversationPage,
});

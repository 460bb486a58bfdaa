import { Badge, Button, Code, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { answerData } from '../scenario/page-tools-model';
import type { PageToolCall, PageToolCalls } from './page-tool-calls';

const show = (value: unknown) => JSON.stringify(value, null, 2);

/** One waiting call: its arguments, the data to answer with, and the two answers a page gives. */
function WaitingCall({ call, calls }: { call: PageToolCall; calls: PageToolCalls }) {
  const [answer, setAnswer] = useState('');
  return (
    <Paper withBorder p="sm" component="section" aria-label={`Page tool call: ${call.toolName}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>{call.toolName}</Title>
          <Badge color="yellow" variant="light">
            waiting for your answer
          </Badge>
        </Group>
        <Text size="xs">The agent sent these arguments:</Text>
        <Code block tabIndex={0}>
          {show(call.args)}
        </Code>
        <Textarea
          label="Answer data (JSON or text; sent to the agent)"
          placeholder='e.g. { "booking_id": "B-12" }'
          rows={2}
          value={answer}
          onChange={(event) => setAnswer(event.currentTarget.value)}
        />
        <Group>
          <Button
            size="xs"
            onClick={() => calls.answer(call.requestId, 'SUCCESS', answerData(answer))}
          >
            Answer OK
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() =>
              calls.answer(call.requestId, 'ERROR', answerData(answer) ?? 'the page failed')
            }
          >
            Answer ERROR
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The scenario's own page tools as Try it runs them: each call the agent makes waits here for the
 * author's answer (or the tool's timeout), and the answered ones show what the agent got.
 */
export function PageToolCallsCard({ calls }: { calls: PageToolCalls }) {
  const list = useSyncExternalStore(calls.subscribe, calls.getSnapshot);
  if (list.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={4}>Your page tools</Title>
      <Text size="sm" c="dimmed">
        Your page is not here to run them: answer each call as it would, and see what the agent does
        with the answer.
      </Text>
      {list.map((call) =>
        call.outcome ? (
          <Text key={call.requestId} size="sm">
            {call.toolName}: the agent got <Code>{call.outcome.code}</Code>{' '}
            <Code>{show(call.outcome.data)}</Code>
          </Text>
        ) : (
          <WaitingCall key={call.requestId} call={call} calls={calls} />
        ),
      )}
    </Stack>
  );
}

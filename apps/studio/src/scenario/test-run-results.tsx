import { Badge, Code, Group, Progress, Stack, Table, Text } from '@mantine/core';
import type { Answer } from '../api/types';

/** A test run as the API answers it. */
export type TestRun = Answer<'/v1/admin/scenarios/{id}/test-runs/{runId}', 'get'>;
type TurnResult = TestRun['results'][number]['turns'][number];

const statusColor: Record<string, string> = {
  passed: 'green',
  pass: 'green',
  failed: 'red',
  fail: 'red',
  running: 'blue',
  pending: 'gray',
};

/** A status or verdict as a coloured badge. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={statusColor[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}

/** How far a run is: turns judged of all, and how many passed. */
export function runProgress(run: TestRun): { judged: number; passed: number; total: number } {
  const turns = run.results.flatMap((result) => result.turns);
  return {
    judged: turns.filter((turn) => turn.verdict !== 'pending').length,
    passed: turns.filter((turn) => turn.verdict === 'pass').length,
    total: turns.length,
  };
}

/** What a run ran against, in words. */
export function targetLabel(
  run: Pick<TestRun, 'target' | 'publication_uuid'>,
  labels: Record<string, string>,
): string {
  if (run.target === 'draft') return 'the draft';
  const uuid = run.publication_uuid ?? '';
  return labels[uuid] ? `${labels[uuid]} (${uuid.slice(0, 8)})` : `publication ${uuid.slice(0, 8)}`;
}

function ToolCalls({ calls }: { calls: TurnResult['tool_calls'] }) {
  if (calls.length === 0)
    return (
      <Text size="xs" c="dimmed">
        none
      </Text>
    );
  return (
    <Stack gap={2}>
      {calls.map((call, index) => (
        <Text key={index} size="xs">
          <Code>{call.name}</Code> {JSON.stringify(call.arguments)}
          {call.page ? ' (page)' : ''}
        </Text>
      ))}
    </Stack>
  );
}

/** A run's results: each test's status and each turn's verdict, latency, tool calls and reply. */
export function TestRunResults({ run, labels }: { run: TestRun; labels: Record<string, string> }) {
  const progress = runProgress(run);
  return (
    <Stack gap="sm" aria-live="polite">
      <Group gap="sm">
        <StatusBadge status={run.status} />
        <Text size="sm">
          Run {run.id} on {targetLabel(run, labels)}: {progress.passed} of {progress.total} turns
          passed
          {run.status === 'running' ? `, ${progress.judged} judged so far` : ''}
        </Text>
      </Group>
      {run.status === 'running' && (
        <Progress
          value={progress.total ? (100 * progress.judged) / progress.total : 0}
          animated
          aria-label="Turns judged"
        />
      )}
      {run.error && (
        <Text c="red" size="sm" role="alert">
          {run.error}
        </Text>
      )}
      {run.results.map((result) => (
        <Stack key={result.test_id} gap={4}>
          <Group gap="xs">
            <StatusBadge status={result.status} />
            <Text fw={600}>{result.name}</Text>
            {result.end_reason && (
              <Text size="xs" c="dimmed">
                ended: {result.end_reason}
              </Text>
            )}
          </Group>
          {result.error && (
            <Text c="red" size="sm">
              Could not run: {result.error}
            </Text>
          )}
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Typed</Table.Th>
                  <Table.Th>Verdict</Table.Th>
                  <Table.Th>Latency</Table.Th>
                  <Table.Th>Tool calls</Table.Th>
                  <Table.Th>Reply</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.turns.map((turn, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>
                      {index + 1}. {turn.user}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={turn.verdict} />
                      {turn.reason && (
                        <Text size="xs" c="red">
                          {turn.reason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{turn.latency_ms === null ? '-' : `${turn.latency_ms} ms`}</Table.Td>
                    <Table.Td>
                      <ToolCalls calls={turn.tool_calls} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{turn.reply || '-'}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ))}
    </Stack>
  );
}

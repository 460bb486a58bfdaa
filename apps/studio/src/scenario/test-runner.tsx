import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import { Empty, QueryView } from '../components/states';
import { targetLabel, TestRunResults, type TestRun } from './test-run-results';

/** How often a run under way is read again, ms. */
const POLL_MS = 1000;

/**
 * Starts a run of the scenario's tests (or of `test_ids`) against `target`, the draft or a
 * publication uuid; the runs list shows it once started.
 */
export function useStartRun(scenarioId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { target: string; test_ids?: number[] }) =>
      (await unwrap(
        api.POST('/v1/admin/scenarios/{id}/test-runs', {
          params: { path: { id: scenarioId } },
          body,
        }),
      )) as TestRun,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['test-runs', scenarioId] }),
  });
}

/**
 * Runs the scenario's tests against the saved draft or one of its live publications, shows the
 * run's progress as the API judges each turn, and the results of earlier runs.
 */
export function TestRunner({ scenarioId, testCount }: { scenarioId: number; testCount: number }) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState('draft');
  const [shown, setShown] = useState<number>();
  const publications = useQuery({
    queryKey: ['publications', scenarioId],
    queryFn: () =>
      unwrap(
        api.GET('/v1/admin/scenarios/{id}/publications', { params: { path: { id: scenarioId } } }),
      ),
  });
  const runs = useQuery({
    queryKey: ['test-runs', scenarioId],
    queryFn: () =>
      unwrap(
        api.GET('/v1/admin/scenarios/{id}/test-runs', {
          params: { path: { id: scenarioId }, query: { limit: 10 } },
        }),
      ),
    // Read again while a run is under way, so its turns appear as they are judged.
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.status === 'running') ? POLL_MS : false,
  });
  const underWay = runs.data?.runs.some((run) => run.status === 'running') ?? false;
  // A run that finishes may change whether the draft may go to production.
  useEffect(() => {
    if (!underWay) void queryClient.invalidateQueries({ queryKey: ['publish-gate', scenarioId] });
  }, [underWay, queryClient, scenarioId]);
  const start = useStartRun(scenarioId);
  // A new run (from here or a test's own button) is the one shown, until another is picked.
  const newest = runs.data?.runs[0]?.id;
  useEffect(() => setShown(undefined), [newest]);
  const live = (publications.data?.publications ?? []).filter((p) => !p.unpublished_at);
  const labels = Object.fromEntries(live.map((p) => [p.uuid, p.label]));
  const targets = [
    { value: 'draft', label: 'The saved draft' },
    ...live.map((p) => ({ value: p.uuid, label: `Publication ${p.label}` })),
  ];

  return (
    <Stack>
      <Title order={4}>Runs</Title>
      <Group align="flex-end">
        <Select
          label="Run against"
          data={targets}
          value={target}
          allowDeselect={false}
          onChange={(value) => setTarget(value ?? 'draft')}
        />
        <Button
          onClick={() => start.mutate({ target })}
          loading={start.isPending}
          disabled={testCount === 0 || underWay}
        >
          Run tests
        </Button>
        {underWay && (
          <Text size="sm" c="dimmed">
            A run is under way; each test talks to the agent.
          </Text>
        )}
      </Group>
      {start.error && (
        <Text c="red" role="alert">
          {errorMessage(start.error)}
        </Text>
      )}
      <QueryView what="test runs" query={runs}>
        {(data) => {
          const run = data.runs.find((r) => r.id === shown) ?? data.runs[0];
          if (!run)
            return (
              <Empty title="No runs yet">
                Run the tests: each one becomes a conversation with the agent, and every turn gets a
                verdict, its latency and the tool calls made.
              </Empty>
            );
          return (
            <Stack>
              {data.runs.length > 1 && (
                <Select
                  label="Run"
                  allowDeselect={false}
                  value={String(run.id)}
                  onChange={(value) => setShown(Number(value))}
                  data={data.runs.map((r) => ({
                    value: String(r.id),
                    label: `Run ${r.id}: ${r.status}, on ${targetLabel(r, labels)}, ${new Date(r.created_at).toLocaleString()}`,
                  }))}
                />
              )}
              <TestRunResults run={run} labels={labels} />
            </Stack>
          );
        }}
      </QueryView>
    </Stack>
  );
}

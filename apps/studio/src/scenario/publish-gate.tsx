import { Alert, Loader, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import { ErrorState } from '../components/states';

/**
 * The scenario's publish gate where publishing happens: whether production needs passing tests,
 * and whether the saved draft has them (and if not, which tests and why).
 */
export function PublishGate({ scenarioId }: { scenarioId: number }) {
  const queryClient = useQueryClient();
  // The scenario as the page holds it, read from the cache only: saving the draft changes its
  // `updated_at`, and with it the revision the gate is about.
  const scenario = useQuery<{ updated_at?: string }>({
    queryKey: ['scenario', scenarioId],
    enabled: false,
  });
  const gate = useQuery({
    queryKey: ['publish-gate', scenarioId, scenario.data?.updated_at],
    queryFn: () =>
      unwrap(
        api.GET('/v1/admin/scenarios/{id}/publish-gate', { params: { path: { id: scenarioId } } }),
      ),
    staleTime: 0,
  });
  const change = useMutation({
    mutationFn: (required: boolean) =>
      unwrap(
        api.PUT('/v1/admin/scenarios/{id}/publish-gate', {
          params: { path: { id: scenarioId } },
          body: { require_passing_tests: required },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['publish-gate', scenarioId] }),
  });
  if (gate.error)
    return (
      <ErrorState what="the publish gate" error={gate.error} retry={() => void gate.refetch()} />
    );
  if (!gate.data) return <Loader size="xs" aria-label="Loading the publish gate" />;
  const { require_passing_tests: required, passing, reason } = gate.data;
  return (
    <Alert
      color={passing ? 'green' : required ? 'red' : 'gray'}
      title={
        passing ? 'Every test passes on this draft' : 'The tests do not all pass on this draft'
      }
    >
      <Switch
        label="Require passing tests to publish to production"
        checked={required}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.currentTarget.checked)}
      />
      {!passing && (
        <Text size="sm" mt="xs">
          {required ? 'Publishing to production is refused: ' : ''}
          {reason}. Run the tests on the Tests tab.
        </Text>
      )}
      {change.error && (
        <Text c="red" size="sm" role="alert">
          {errorMessage(change.error)}
        </Text>
      )}
    </Alert>
  );
}

import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import type { Answer } from '../api/types';
import { DataTable } from '../components/data-table';
import { QueryList } from '../components/states';

/** One entry of a scenario's publication history. */
export type HistoryEntry = Answer<'/v1/admin/scenarios/{id}/history', 'get'>['history'][number];

/** Who made a history entry: an admin's email, an API key's name, or nobody known. */
export function actorOf(entry: HistoryEntry): string {
  if (entry.admin) return entry.admin.email;
  if (entry.api_key) return `API key "${entry.api_key.name}"`;
  return 'unknown';
}

/** Whether a label can be rolled back to this entry: it published something and is not live. */
export function canRollBackTo(entry: HistoryEntry): boolean {
  return entry.action !== 'unpublish' && !entry.live;
}

/**
 * What was published under each label, by whom and when, newest first; any earlier entry can be
 * served again (a rollback, itself recorded).
 */
export function PublishHistory({ scenarioId }: { scenarioId: number }) {
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: ['history', scenarioId],
    queryFn: () =>
      unwrap(api.GET('/v1/admin/scenarios/{id}/history', { params: { path: { id: scenarioId } } })),
  });
  const rollback = useMutation({
    mutationFn: (entry: HistoryEntry) =>
      unwrap(
        api.POST('/v1/admin/publications/{uuid}/rollback', {
          params: { path: { uuid: entry.publication_uuid } },
          body: { history_id: entry.id },
        }),
      ),
    onSuccess: () =>
      Promise.all(
        [['history'], ['publications'], ['diff']].map((key) =>
          queryClient.invalidateQueries({ queryKey: [...key, scenarioId] }),
        ),
      ),
  });
  return (
    <Stack>
      <Title order={3}>History</Title>
      {rollback.error && (
        <Text c="red" role="alert">
          {errorMessage(rollback.error)}
        </Text>
      )}
      <QueryList
        what="the publication history"
        query={history}
        rows={(data) => data.history}
        empty={{ title: 'No history', text: 'Nothing was published from this scenario yet.' }}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(entry) => entry.id}
            columns={[
              { header: 'When', cell: (entry) => new Date(entry.created_at).toLocaleString() },
              { header: 'Label', cell: (entry) => <Badge variant="light">{entry.label}</Badge> },
              {
                header: 'What',
                cell: (entry) => (
                  <>
                    {entry.action}
                    {entry.rollback_of !== null && ` (to #${entry.rollback_of})`}
                    {entry.live && (
                      <Badge ml="xs" color="teal.9">
                        live
                      </Badge>
                    )}
                  </>
                ),
              },
              { header: 'Who', cell: actorOf },
              {
                header: '',
                cell: (entry) =>
                  canRollBackTo(entry) && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={rollback.isPending && rollback.variables.id === entry.id}
                      onClick={() => rollback.mutate(entry)}
                    >
                      Roll back to this
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </QueryList>
    </Stack>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { DataTable } from '../components/data-table';
import { QueryView } from '../components/states';

/** A field's value as read: nothing said shows as such, not as an empty cell. */
function shown(value: string | number | boolean | null): string {
  if (value === null) return 'not said';
  return typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
}

/**
 * What the agent read out of an ended conversation: the scenario's declared fields and how each
 * success criterion was judged, with its reason.
 */
export function AnalysisPanel({ conversationId }: { conversationId: string }) {
  const analysis = useQuery({
    queryKey: ['conversation-analysis', conversationId],
    queryFn: () =>
      unwrap(
        api.GET('/v1/admin/conversations/{conversationId}/analysis', {
          params: { path: { conversationId } },
        }),
      ),
  });
  return (
    <Stack gap="xs">
      <Title order={3}>Extracted data and criteria</Title>
      <QueryView what="the analysis" query={analysis}>
        {({ analysis: read }) =>
          read === null ? (
            <Text c="dimmed">
              None: the scenario declares no analysis, or the agent has not stored it yet.
            </Text>
          ) : (
            <Stack>
              {Object.keys(read.data).length > 0 && (
                <DataTable
                  rows={Object.entries(read.data)}
                  rowKey={([name]) => name}
                  columns={[
                    { header: 'Field', cell: ([name]) => <code>{name}</code> },
                    { header: 'Value', cell: ([, value]) => shown(value) },
                  ]}
                />
              )}
              {read.criteria.length > 0 && (
                <DataTable
                  rows={read.criteria}
                  rowKey={(criterion) => criterion.name}
                  columns={[
                    { header: 'Criterion', cell: (criterion) => <code>{criterion.name}</code> },
                    {
                      header: 'Result',
                      // In words, not in colour: the light badges' colours fail contrast.
                      cell: (criterion) => (
                        <Text size="sm" fw={600}>
                          {criterion.result}
                        </Text>
                      ),
                    },
                    { header: 'Why', cell: (criterion) => criterion.rationale || '—' },
                  ]}
                />
              )}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}

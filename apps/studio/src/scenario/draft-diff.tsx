import { Badge, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { QueryView } from '../components/states';

// Dark shades: the badges' white text needs 4.5:1 contrast.
const KIND_COLORS = { added: 'teal.9', removed: 'red.9', changed: 'indigo.9' } as const;

/** A value of the diff in one line (JSON for objects, cut when long). */
export function shortValue(value: unknown): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** What publishing the saved scenario would change under each label. */
export function DraftDiff({ scenarioId }: { scenarioId: number }) {
  const diff = useQuery({
    queryKey: ['diff', scenarioId],
    queryFn: () =>
      unwrap(api.GET('/v1/admin/scenarios/{id}/diff', { params: { path: { id: scenarioId } } })),
  });
  return (
    <Stack>
      <Title order={3}>The saved scenario against each label</Title>
      <QueryView what="the differences" query={diff}>
        {(data) =>
          data.labels.length === 0 ? (
            <Text c="dimmed">No label serves this scenario yet.</Text>
          ) : (
            <Stack>
              {data.labels.map((entry) => (
                <Stack key={entry.label} gap="xs">
                  <Group gap="xs">
                    <Badge>{entry.label}</Badge>
                    <Text size="sm" c="dimmed">
                      {entry.publication === null
                        ? 'not published'
                        : entry.changes.length === 0
                          ? 'serves the saved scenario'
                          : `${entry.changes.length} change${entry.changes.length === 1 ? '' : 's'} if published again`}
                    </Text>
                  </Group>
                  {entry.changes.length > 0 && (
                    <Table>
                      <Table.Tbody>
                        {entry.changes.map((change) => (
                          <Table.Tr key={change.path}>
                            <Table.Td>
                              <Code>{change.path}</Code>
                            </Table.Td>
                            <Table.Td>
                              <Badge color={KIND_COLORS[change.kind]}>{change.kind}</Badge>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm" td="line-through" c="dimmed">
                                {shortValue(change.before)}
                              </Text>
                              <Text size="sm">{shortValue(change.after)}</Text>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                </Stack>
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}

import { Card, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { renderMapping } from './view-preview-model';

/**
 * The collection's view filled with its first item, updated as the mapping is edited: title,
 * subtitle, price and body where the mapping has them, the other slots listed.
 */
export function ViewPreview({
  collectionId,
  view,
}: {
  collectionId: number;
  view: { template?: unknown; mapping?: unknown } | null | undefined;
}) {
  const first = useQuery({
    queryKey: ['items', collectionId, 'first'],
    queryFn: () =>
      unwrap(
        api.GET('/v1/admin/collections/{id}/items', {
          params: { path: { id: collectionId }, query: { limit: 1 } },
        }),
      ),
  });
  const item = first.data?.items[0];
  const mapping =
    view?.mapping && typeof view.mapping === 'object'
      ? (view.mapping as Record<string, string>)
      : undefined;
  if (!mapping)
    return <Text c="dimmed">No view: give it a template and a mapping to preview.</Text>;
  if (!item) return <Text c="dimmed">Import an item to preview the view with it.</Text>;
  const { title, subtitle, price, body, ...others } = renderMapping(mapping, item.data);
  return (
    <Card withBorder maw={360} component="section" aria-label="View preview">
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {String(view?.template ?? '')} preview, item {item.id}
        </Text>
        {title && <Text fw={600}>{title}</Text>}
        {subtitle && <Text size="sm">{subtitle}</Text>}
        {price && <Text fw={500}>{price}</Text>}
        {body && (
          <Text size="sm" lineClamp={4}>
            {body}
          </Text>
        )}
        {Object.entries(others).map(([slot, value]) => (
          <Text key={slot} size="sm">
            {slot}: {value}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

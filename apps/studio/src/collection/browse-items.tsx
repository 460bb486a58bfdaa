import { Button, Stack, Text, TextInput } from '@mantine/core';
import { DataTable } from '../components/data-table';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { QueryList } from '../components/states';
import { ItemEditor } from './item-editor';

/** A short text of an item's fields for the list. */
function summary(data: Record<string, unknown>): string {
  return Object.entries(data)
    .filter(([, value]) => typeof value !== 'object')
    .slice(0, 4)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}

/** The items of a collection, page by page, with the API's search over them; each editable. */
export function BrowseItems({ collectionId }: { collectionId: number }) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const [open, setOpen] = useState<string>();
  const items = useInfiniteQuery({
    queryKey: ['items', collectionId, query],
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/v1/admin/collections/{id}/items', {
          params: {
            path: { id: collectionId },
            query: {
              limit: 50,
              ...(query ? { query } : {}),
              ...(pageParam === undefined ? {} : { cursor: pageParam }),
            },
          },
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  return (
    <Stack>
      <TextInput
        label="Search"
        description="Answers as the agent's search does over the search fields"
        placeholder="e.g. tent for two"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <QueryList
        what="items"
        query={items}
        rows={(data) => data.pages.flatMap((page) => page.items)}
        empty={{
          title: query ? 'Nothing found' : 'No items yet',
          text: query ? `No item matches "${query}".` : 'Import a CSV or JSON file to fill it.',
        }}
        more={{ label: 'More items', query: items }}
      >
        {(rows) => (
          <DataTable
            highlightOnHover
            rows={rows}
            rowKey={(item) => item.id}
            columns={[
              {
                header: 'Id',
                cell: (item) => (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setOpen(open === item.id ? undefined : item.id)}
                    aria-expanded={open === item.id}
                  >
                    {item.id}
                  </Button>
                ),
              },
              {
                header: 'Fields',
                cell: (item) =>
                  open === item.id ? (
                    <ItemEditor
                      collectionId={collectionId}
                      item={item}
                      onClose={() => setOpen(undefined)}
                    />
                  ) : (
                    <Text size="sm" lineClamp={1}>
                      {summary(item.data)}
                    </Text>
                  ),
              },
            ]}
          />
        )}
      </QueryList>
    </Stack>
  );
}

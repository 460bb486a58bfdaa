import { Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { Empty, QueryView } from '../components/states';
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
      <QueryView what="items" query={items}>
        {(data) => {
          const rows = data.pages.flatMap((page) => page.items);
          if (rows.length === 0)
            return (
              <Empty title={query ? 'Nothing found' : 'No items yet'}>
                {query ? `No item matches "${query}".` : 'Import a CSV or JSON file to fill it.'}
              </Empty>
            );
          return (
            <Stack>
              <Table highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Id</Table.Th>
                    <Table.Th>Fields</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setOpen(open === item.id ? undefined : item.id)}
                          aria-expanded={open === item.id}
                        >
                          {item.id}
                        </Button>
                      </Table.Td>
                      <Table.Td>
                        {open === item.id ? (
                          <ItemEditor
                            collectionId={collectionId}
                            item={item}
                            onClose={() => setOpen(undefined)}
                          />
                        ) : (
                          <Text size="sm" lineClamp={1}>
                            {summary(item.data)}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {items.hasNextPage && (
                <Button
                  variant="default"
                  w="fit-content"
                  loading={items.isFetchingNextPage}
                  onClick={() => void items.fetchNextPage()}
                >
                  More items
                </Button>
              )}
            </Stack>
          );
        }}
      </QueryView>
    </Stack>
  );
}

import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../api/client';
import { useCollections } from '../api/queries';
import { unwrap } from '../api/errors';
import { requestSchema, type RequestBody } from '../api/types';
import { DataTable } from '../components/data-table';
import { QueryList } from '../components/states';
import { RequestForm } from '../components/request-form';
import { defaultsOf, pick } from '../schema-form/schema-model';

const createSchema = pick(requestSchema('post /v1/admin/collections'), [
  'name',
  'description',
  'language',
  'search_fields',
  'filter_fields',
]);

/** A new collection: its name, and the fields the agent searches and filters by. */
function CreateCollection({ onClose }: { onClose(): void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<unknown>(() => defaultsOf(createSchema) ?? {});
  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/v1/admin/collections', {
          body: draft as RequestBody<'/v1/admin/collections', 'post'>,
        }),
      ),
    onSuccess: async (collection) => {
      await queryClient.invalidateQueries({ queryKey: ['collections'] });
      await navigate({
        to: '/collections/$collectionId',
        params: { collectionId: String((collection as { id: number }).id) },
      });
    },
  });
  return (
    <RequestForm
      schema={createSchema}
      value={draft}
      onChange={setDraft}
      mutation={create}
      submitLabel="Create"
      onCancel={onClose}
    />
  );
}

/** The company's collections: what the agent can search, show and compare. */
function CollectionsPage() {
  const [creating, setCreating] = useState(false);
  const collections = useCollections();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Collections</Title>
        <Button onClick={() => setCreating(true)}>New collection</Button>
      </Group>
      <QueryList
        what="collections"
        query={collections}
        rows={(data) => data.collections}
        empty={{
          title: 'No collections yet',
          text: 'A collection holds the items the agent searches (products, articles, places). Create one, then import its items from CSV or JSON.',
        }}
      >
        {(rows) => (
          <DataTable
            striped
            highlightOnHover
            rows={rows}
            rowKey={(collection) => collection.id}
            columns={[
              {
                header: 'Name',
                cell: (collection) => (
                  <Link
                    to="/collections/$collectionId"
                    params={{ collectionId: String(collection.id) }}
                  >
                    {collection.name}
                  </Link>
                ),
              },
              {
                header: 'Description',
                cell: (collection) => (
                  <Text size="sm" lineClamp={1}>
                    {collection.description}
                  </Text>
                ),
              },
              {
                header: 'Search fields',
                cell: (collection) =>
                  (collection.search_fields ?? []).map((field) => field.name).join(', '),
              },
            ]}
          />
        )}
      </QueryList>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={creating}
        onClose={() => setCreating(false)}
        title="New collection"
        size="lg"
      >
        <CreateCollection onClose={() => setCreating(false)} />
      </Modal>
    </Stack>
  );
}

/** The collection list's lazily loaded part. */
export const Route = createLazyRoute('/_studio/collections')({ component: CollectionsPage });

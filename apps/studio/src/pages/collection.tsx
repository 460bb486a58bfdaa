import { Anchor, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { requestSchema, type Collection, type RequestBody } from '../api/types';
import { BrowseItems } from '../collection/browse-items';
import { ImportItems } from '../collection/import-items';
import { ViewPreview } from '../collection/view-preview';
import { RequestForm } from '../components/request-form';
import { QueryView } from '../components/states';

const patchSchema = requestSchema('patch /v1/admin/collections/{id}');
const EDITABLE = Object.keys(patchSchema.properties ?? {});

/**
 * A collection's name, description, view and fields, checked against the API's schema, with the
 * view previewed on its first item as the mapping is edited.
 */
function CollectionSettings({ collection }: { collection: Collection }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<unknown>(() =>
    Object.fromEntries(Object.entries(collection).filter(([key]) => EDITABLE.includes(key))),
  );
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH('/v1/admin/collections/{id}', {
          params: { path: { id: collection.id } },
          body: draft as RequestBody<'/v1/admin/collections/{id}', 'patch'>,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['collection', collection.id] }),
  });
  return (
    <Group align="flex-start" grow>
      <RequestForm
        schema={patchSchema}
        value={draft}
        onChange={setDraft}
        mutation={save}
        submitLabel="Save"
        checkAtOnce
      />
      <ViewPreview
        collectionId={collection.id}
        view={(draft as { view?: { template?: unknown; mapping?: unknown } | null }).view}
      />
    </Group>
  );
}

/** One collection: its items (search, browse), import, settings. */
function CollectionPage() {
  const id = Number(useParams({ from: '/_studio/collections/$collectionId' }).collectionId);
  const collection = useQuery({
    queryKey: ['collection', id],
    queryFn: async () =>
      (await unwrap(
        api.GET('/v1/admin/collections/{id}', { params: { path: { id } } }),
      )) as Collection,
  });
  return (
    <Stack>
      <Anchor component={Link} to="/collections" size="sm">
        All collections
      </Anchor>
      <QueryView what="the collection" query={collection}>
        {(data) => (
          <Stack>
            <Title order={2}>{data.name}</Title>
            {data.description && <Text c="dimmed">{data.description}</Text>}
            <Tabs defaultValue="items" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="items">Items</Tabs.Tab>
                <Tabs.Tab value="import">Import</Tabs.Tab>
                <Tabs.Tab value="settings">Fields and view</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="items" pt="md">
                <BrowseItems collectionId={data.id} />
              </Tabs.Panel>
              <Tabs.Panel value="import" pt="md">
                <ImportItems collectionId={data.id} />
              </Tabs.Panel>
              <Tabs.Panel value="settings" pt="md">
                <CollectionSettings collection={data} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

/** The collection page's lazily loaded part. */
export const Route = createLazyRoute('/_studio/collections/$collectionId')({
  component: CollectionPage,
});

import { Button, Group, JsonInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import type { CollectionItem } from '../api/types';
import { DangerButton } from '../components/danger-button';
import { parseItemData } from './item-data';

/** Edits one item's fields as JSON (saved whole, as the API replaces them), or deletes it. */
export function ItemEditor({
  collectionId,
  item,
  onClose,
}: {
  collectionId: number;
  item: CollectionItem;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => JSON.stringify(item.data, null, 2));
  const parsed = parseItemData(text);
  const path = { id: collectionId, itemId: item.id };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['items', collectionId] });
  const save = useMutation({
    mutationFn: (data: Record<string, unknown>) =>
      unwrap(
        api.PUT('/v1/admin/collections/{id}/items/{itemId}', { params: { path }, body: { data } }),
      ),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () =>
      unwrap(api.DELETE('/v1/admin/collections/{id}/items/{itemId}', { params: { path } })),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
  });
  const failure = save.error ?? remove.error;
  return (
    <Stack gap="xs">
      <JsonInput
        label={`Fields of ${item.id}`}
        value={text}
        onChange={(next) => {
          save.reset();
          setText(next);
        }}
        error={'error' in parsed ? parsed.error : undefined}
        autosize
        minRows={4}
      />
      {failure && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(failure)}
        </Text>
      )}
      <Group>
        <Button
          size="compact-sm"
          disabled={'error' in parsed}
          loading={save.isPending}
          onClick={() => 'data' in parsed && save.mutate(parsed.data)}
        >
          Save item
        </Button>
        {save.isSuccess && <Text size="sm">Saved</Text>}
        <DangerButton loading={remove.isPending} onClick={() => remove.mutate()}>
          Delete item
        </DangerButton>
      </Group>
    </Stack>
  );
}

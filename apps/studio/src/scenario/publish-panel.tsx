import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import { requestSchema } from '../api/types';
import { QueryList } from '../components/states';
import { validate } from '../schema-form/schema-model';
import { DraftDiff } from './draft-diff';
import { PublicationCard } from './publication-card';
import { PublishGate } from './publish-gate';
import { PublishHistory } from './publish-history';
import { DangerButton } from '../components/danger-button';

const publishSchema = requestSchema('post /v1/admin/scenarios/{id}/publish');

/**
 * A scenario's publications: what publishing would change under each label, publish the saved
 * scenario under a label (staging, production or another), unpublish one, copy the embed snippet a
 * page needs to talk to it, and the history with rollback.
 */
export function PublishPanel({ scenarioId }: { scenarioId: number }) {
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('staging');
  const publications = useQuery({
    queryKey: ['publications', scenarioId],
    queryFn: () =>
      unwrap(
        api.GET('/v1/admin/scenarios/{id}/publications', {
          params: { path: { id: scenarioId } },
        }),
      ),
  });
  // A publish or unpublish changes the list, the history and what the labels serve.
  const refresh = () =>
    Promise.all(
      [['publications'], ['history'], ['diff'], ['publish-gate']].map((key) =>
        queryClient.invalidateQueries({ queryKey: [...key, scenarioId] }),
      ),
    );
  const publish = useMutation({
    mutationFn: (name: string) =>
      unwrap(
        api.POST('/v1/admin/scenarios/{id}/publish', {
          params: { path: { id: scenarioId } },
          body: { label: name },
        }),
      ),
    onSuccess: refresh,
  });
  const unpublish = useMutation({
    mutationFn: (uuid: string) =>
      unwrap(api.POST('/v1/admin/publications/{uuid}/unpublish', { params: { path: { uuid } } })),
    onSuccess: refresh,
  });
  const errors = validate(publishSchema, { label });
  const failure = publish.error ?? unpublish.error;

  return (
    <Stack>
      <PublishGate scenarioId={scenarioId} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!errors.label) publish.mutate(label);
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Label"
            description="Publishing a label again moves it to the saved scenario; its address stays"
            value={label}
            error={errors.label}
            onChange={(event) => setLabel(event.currentTarget.value)}
          />
          <Button type="submit" loading={publish.isPending} disabled={Boolean(errors.label)}>
            Publish the saved scenario
          </Button>
        </Group>
      </form>
      {failure && (
        <Text c="red" role="alert">
          {errorMessage(failure)}
        </Text>
      )}
      <DraftDiff scenarioId={scenarioId} />
      <Title order={3}>Publications</Title>
      <QueryList
        what="publications"
        query={publications}
        rows={(data) => data.publications}
        empty={{
          title: 'Not published',
          text: 'Visitors reach a scenario through a publication. Publish it under a label to get the embed snippet.',
        }}
      >
        {(rows) => (
          <Stack>
            {rows.map((publication) => (
              <PublicationCard
                key={publication.uuid}
                publication={publication}
                actions={
                  !publication.unpublished_at && (
                    <DangerButton
                      loading={unpublish.isPending && unpublish.variables === publication.uuid}
                      onClick={() => unpublish.mutate(publication.uuid)}
                    >
                      Unpublish
                    </DangerButton>
                  )
                }
              />
            ))}
          </Stack>
        )}
      </QueryList>
      <PublishHistory scenarioId={scenarioId} />
    </Stack>
  );
}

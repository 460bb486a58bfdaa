import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import { requestSchema } from '../api/types';
import { CopyBlock } from '../components/copy-block';
import { DataTable } from '../components/data-table';
import { QueryList } from '../components/states';
import { validate } from '../schema-form/schema-model';
import { DangerButton } from '../components/danger-button';

const keySchema = requestSchema('post /v1/admin/api-keys');

/** The company's API keys for automation: create one (shown once), revoke one. */
export function ApiKeys() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const keys = useQuery({
    queryKey: ['api-keys'],
    queryFn: () => unwrap(api.GET('/v1/admin/api-keys')),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['api-keys'] });
  const create = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/admin/api-keys', { body: { name } })),
    onSuccess: async () => {
      setName('');
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/v1/admin/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  const errors = name ? validate(keySchema, { name }) : {};
  const failure = create.error ?? revoke.error;
  return (
    <Stack>
      <Title order={3}>API keys</Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (Object.keys(validate(keySchema, { name })).length === 0) create.mutate();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Name"
            description="What uses the key, e.g. the CI that publishes"
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button type="submit" loading={create.isPending} disabled={!name}>
            Create key
          </Button>
        </Group>
      </form>
      {create.data && (
        <Alert color="yellow" title="Copy the key now: it is not shown again">
          <CopyBlock label={`Key "${create.data.name}"`} code={create.data.key} />
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {errorMessage(failure)}
        </Alert>
      )}
      <QueryList
        what="API keys"
        query={keys}
        rows={(data) => data.api_keys}
        empty={{ title: 'No API keys', text: 'Scripts and CI reach the admin API with a key.' }}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(key) => key.id}
            columns={[
              { header: 'Name', cell: (key) => key.name },
              { header: 'Starts with', cell: (key) => <code>{key.prefix}</code> },
              { header: 'Created', cell: (key) => new Date(key.created_at).toLocaleString() },
              {
                header: '',
                cell: (key) =>
                  key.revoked_at ? (
                    'revoked'
                  ) : (
                    <DangerButton onClick={() => revoke.mutate(key.id)}>Revoke</DangerButton>
                  ),
              },
            ]}
          />
        )}
      </QueryList>
    </Stack>
  );
}

import {
  Alert,
  Button,
  Group,
  PasswordInput,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import { DangerButton } from '../components/danger-button';
import { DataTable } from '../components/data-table';
import { QueryList } from '../components/states';

const PROVIDERS = ['openai', 'openai-compatible', 'deepgram', 'cartesia', 'elevenlabs'] as const;
type Provider = (typeof PROVIDERS)[number];

/**
 * The company's provider credentials: a key for a hosted provider (used only at its own host) or
 * for a model server of the company's (used only at its address). A scenario's voice setting names
 * one in `credential`; the key is never shown again.
 */
export function Credentials() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [provider, setProvider] = useState<Provider>('openai');
  const [apiKey, setApiKey] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const credentials = useQuery({
    queryKey: ['credentials'],
    queryFn: () => unwrap(api.GET('/v1/admin/credentials')),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['credentials'] });
  const store = useMutation({
    mutationFn: () =>
      unwrap(
        api.PUT('/v1/admin/credentials/{name}', {
          params: { path: { name } },
          body: {
            provider,
            api_key: apiKey,
            ...(provider === 'openai-compatible' ? { base_url: baseUrl } : {}),
          },
        }),
      ),
    onSuccess: async () => {
      setApiKey('');
      setBaseUrl('');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (credential: string) =>
      unwrap(
        api.DELETE('/v1/admin/credentials/{name}', { params: { path: { name: credential } } }),
      ),
    onSuccess: refresh,
  });
  const failure = store.error ?? remove.error;
  return (
    <Stack>
      <Title order={3}>Provider credentials</Title>
      <Text size="sm" c="dimmed">
        Keys of your own for hosted speech and model providers. A scenario’s voice setting names one
        in <code>credential</code>; the key goes only to that provider, or to your own server’s
        address, and is never shown again.
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          store.mutate();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Name"
            description="Lower-case letters, digits, _ and -"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <NativeSelect
            label="Provider"
            data={[...PROVIDERS]}
            value={provider}
            onChange={(event) => setProvider(event.currentTarget.value as Provider)}
          />
          {provider === 'openai-compatible' && (
            <TextInput
              label="Server address"
              description="https, a public host"
              value={baseUrl}
              onChange={(event) => setBaseUrl(event.currentTarget.value)}
            />
          )}
          <PasswordInput
            label="Key"
            value={apiKey}
            onChange={(event) => setApiKey(event.currentTarget.value)}
          />
          <Button type="submit" loading={store.isPending} disabled={!name || !apiKey}>
            Store credential
          </Button>
        </Group>
      </form>
      {failure && (
        <Alert color="red" role="alert">
          {errorMessage(failure)}
        </Alert>
      )}
      <QueryList
        what="credentials"
        query={credentials}
        rows={(data) => data.credentials}
        empty={{
          title: 'No credentials',
          text: 'Scenarios use the embedded engines, or the operator’s providers and endpoints.',
        }}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(credential) => credential.name}
            columns={[
              { header: 'Name', cell: (credential) => <code>{credential.name}</code> },
              { header: 'Provider', cell: (credential) => credential.provider },
              { header: 'Address', cell: (credential) => credential.base_url ?? 'its own host' },
              { header: 'Key', cell: (credential) => <code>{credential.key_hint}</code> },
              {
                header: 'Updated',
                cell: (credential) => new Date(credential.updated_at).toLocaleString(),
              },
              {
                header: '',
                cell: (credential) => (
                  <DangerButton onClick={() => remove.mutate(credential.name)}>Delete</DangerButton>
                ),
              },
            ]}
          />
        )}
      </QueryList>
    </Stack>
  );
}

import {
  Alert,
  Button,
  Code,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import { useWebhookSecrets } from '../api/queries';
import { CopyBlock } from '../components/copy-block';
import { DangerButton } from '../components/danger-button';
import { DataTable } from '../components/data-table';
import { QueryList } from '../components/states';

/**
 * The company's webhook secrets (values a webhook tool's headers name as `{{secret:name}}`) and
 * the key its webhook calls are signed with. A value is never shown again once stored; the
 * signing key is shown once, when it is created or rotated.
 */
export function WebhookSecrets() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [shownKey, setShownKey] = useState<string | undefined>();
  const secrets = useWebhookSecrets();
  const signing = useQuery({
    queryKey: ['webhook-signing-key'],
    // No key yet is an answer, not a failure: the card offers to create one.
    queryFn: async () => {
      const { data, response } = await api.GET('/v1/admin/webhook-signing-key');
      if (response.status === 404) return null;
      if (!data) throw new Error(`the signing key could not be read (HTTP ${response.status})`);
      return data;
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['secrets'] });
  const store = useMutation({
    mutationFn: () =>
      unwrap(api.PUT('/v1/admin/secrets/{name}', { params: { path: { name } }, body: { value } })),
    onSuccess: async () => {
      setValue('');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (secret: string) =>
      unwrap(api.DELETE('/v1/admin/secrets/{name}', { params: { path: { name: secret } } })),
    onSuccess: refresh,
  });
  const rotate = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/admin/webhook-signing-key')),
    onSuccess: async (created) => {
      setShownKey(created.secret);
      await queryClient.invalidateQueries({ queryKey: ['webhook-signing-key'] });
    },
  });
  const failure = store.error ?? remove.error ?? rotate.error;
  const key = signing.data;
  return (
    <Stack>
      <Title order={3}>Webhook secrets</Title>
      <Text size="sm" c="dimmed">
        Values your webhook tools send in a header, such as your backend’s API key: write{' '}
        <code>{'{{secret:name}}'}</code> in the header’s value. A value goes only into that header
        of your tools’ calls and is never shown again; storing a name again rotates it.
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
            label="Secret name"
            description="Lower-case letters, digits, _ and -"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <PasswordInput
            label="Value"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <Button type="submit" loading={store.isPending} disabled={!name || !value}>
            Store secret
          </Button>
        </Group>
      </form>
      {failure && (
        <Alert color="red" role="alert">
          {errorMessage(failure)}
        </Alert>
      )}
      <QueryList
        what="secrets"
        query={secrets}
        rows={(data) => data.secrets}
        empty={{ title: 'No secrets', text: 'Your webhook tools send only the headers you write.' }}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(secret) => secret.name}
            columns={[
              { header: 'Name', cell: (secret) => <code>{secret.name}</code> },
              { header: 'Value', cell: (secret) => <code>{secret.value_hint}</code> },
              {
                header: 'Updated',
                cell: (secret) => new Date(secret.updated_at).toLocaleString(),
              },
              {
                header: '',
                cell: (secret) => (
                  <DangerButton onClick={() => remove.mutate(secret.name)}>Delete</DangerButton>
                ),
              },
            ]}
          />
        )}
      </QueryList>
      <Title order={4}>Signing key</Title>
      <Text size="sm" c="dimmed">
        Every webhook tool call carries <code>svc-signature: t=…,v1=…</code>, an HMAC-SHA256 of the
        time and the body under this key; check it with <code>verifyWebhook</code> of{' '}
        <code>@svc/webhooks</code>. After a rotation the previous key still signs for 24 hours.
      </Text>
      {key ? (
        <Text size="sm">
          Key <Code>{key.secret_hint}</Code>, made {new Date(key.created_at).toLocaleString()}
          {key.rotated_at && `, rotated ${new Date(key.rotated_at).toLocaleString()}`}
          {key.previous_valid_until &&
            `; the previous key signs until ${new Date(key.previous_valid_until).toLocaleString()}`}
        </Text>
      ) : (
        signing.isSuccess && (
          <Text size="sm">
            No signing key yet: webhook tools answer an error until there is one.
          </Text>
        )
      )}
      {shownKey && (
        <Alert color="yellow" title="Copy the key now: it is not shown again">
          <CopyBlock label="Signing key" code={shownKey} />
        </Alert>
      )}
      <Group>
        <Button variant="default" loading={rotate.isPending} onClick={() => rotate.mutate()}>
          {key ? 'Rotate signing key' : 'Create signing key'}
        </Button>
      </Group>
    </Stack>
  );
}

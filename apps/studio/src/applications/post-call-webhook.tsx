import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import { CopyBlock } from '../components/copy-block';
import { DangerButton } from '../components/danger-button';
import { DataTable } from '../components/data-table';
import { QueryList, QueryView } from '../components/states';

/** Deliveries per page of the log. */
const DELIVERY_PAGE = 20;

/**
 * An application's post-call webhook: where each ended conversation is sent (transcript, tool
 * calls, end reason, the extracted data and criteria), whether it is on, its signing secret shown
 * once on create or rotate, and the delivery log with a resend.
 */
export function PostCallWebhook({ applicationId }: { applicationId: number }) {
  const queryClient = useQueryClient();
  const key = ['post-call-webhook', applicationId];
  const [url, setUrl] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [shownSecret, setShownSecret] = useState<string | undefined>();
  const settings = useQuery({
    queryKey: key,
    // No webhook yet is an answer, not a failure: the form offers to create one.
    queryFn: async () => {
      const { data, response } = await api.GET('/v1/admin/applications/{id}/webhook', {
        params: { path: { id: applicationId } },
      });
      if (response.status === 404) return null;
      if (!data) throw new Error(`the webhook could not be read (HTTP ${response.status})`);
      return data;
    },
  });
  useEffect(() => {
    if (!settings.data) return;
    setUrl(settings.data.url);
    setEnabled(settings.data.enabled);
  }, [settings.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PUT('/v1/admin/applications/{id}/webhook', {
          params: { path: { id: applicationId } },
          body: { url, enabled },
        }),
      ),
    onSuccess: async (saved) => {
      if (saved.secret) setShownSecret(saved.secret);
      await refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/v1/admin/applications/{id}/webhook/rotate-secret', {
          params: { path: { id: applicationId } },
        }),
      ),
    onSuccess: async (rotated) => {
      setShownSecret(rotated.secret);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () =>
      unwrap(
        api.DELETE('/v1/admin/applications/{id}/webhook', {
          params: { path: { id: applicationId } },
        }),
      ),
    onSuccess: async () => {
      setUrl('');
      setShownSecret(undefined);
      await refresh();
    },
  });
  const failure = save.error ?? rotate.error ?? remove.error;
  const urlId = `post-call-url-${applicationId}`;
  return (
    <Stack>
      <Title order={4}>After each conversation</Title>
      <Text size="sm" c="dimmed">
        Each ended conversation is sent to this address: its transcript, tool calls, end reason, and
        the fields and criteria its scenario declares. Requests carry{' '}
        <code>svc-signature: t=…,v1=…</code>; check it with <code>verifyWebhook</code> of{' '}
        <code>@svc/webhooks</code>. A failed delivery is tried again with backoff.
      </Text>
      <QueryView what="the webhook" query={settings}>
        {(current) => (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate();
            }}
          >
            <Group align="flex-end">
              <TextInput
                id={urlId}
                label="Webhook URL"
                description="https, on a public host"
                placeholder="https://example.com/hooks/conversations"
                value={url}
                onChange={(event) => setUrl(event.currentTarget.value)}
                error={save.error ? errorMessage(save.error) : undefined}
                miw={320}
              />
              <Checkbox
                label="Enabled"
                checked={enabled}
                onChange={(event) => setEnabled(event.currentTarget.checked)}
              />
              <Button type="submit" loading={save.isPending} disabled={!url}>
                {current ? 'Save webhook' : 'Create webhook'}
              </Button>
              {current && (
                <>
                  <Button
                    variant="default"
                    loading={rotate.isPending}
                    onClick={() => rotate.mutate()}
                  >
                    Rotate secret
                  </Button>
                  <DangerButton onClick={() => remove.mutate()}>Delete webhook</DangerButton>
                </>
              )}
            </Group>
          </form>
        )}
      </QueryView>
      {failure && !save.error && (
        <Alert color="red" role="alert">
          {errorMessage(failure)}
        </Alert>
      )}
      {shownSecret && (
        <Alert color="blue" title="Signing secret">
          <Stack gap="xs">
            <Text size="sm">Copy it now: it is not shown again.</Text>
            <CopyBlock label="Signing secret" code={shownSecret} />
          </Stack>
        </Alert>
      )}
      {settings.data && <DeliveryLog applicationId={applicationId} />}
    </Stack>
  );
}

/** The application's deliveries, newest first, paged, each with its payload and a resend. */
function DeliveryLog({ applicationId }: { applicationId: number }) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<number | undefined>();
  const key = ['post-call-deliveries', applicationId];
  const deliveries = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/v1/admin/applications/{id}/webhook/deliveries', {
          params: {
            path: { id: applicationId },
            query: { limit: DELIVERY_PAGE, offset: pageParam },
          },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_offset ?? undefined,
  });
  const resend = useMutation({
    mutationFn: (deliveryId: number) =>
      unwrap(
        api.POST('/v1/admin/applications/{id}/webhook/deliveries/{deliveryId}/resend', {
          params: { path: { id: applicationId, deliveryId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return (
    <Stack gap="xs">
      <Title order={5}>Delivery log</Title>
      {resend.error && (
        <Alert color="red" role="alert">
          {errorMessage(resend.error)}
        </Alert>
      )}
      <QueryList
        what="deliveries"
        query={deliveries}
        rows={(data) => data.pages.flatMap((page) => page.deliveries)}
        empty={{
          title: 'No deliveries yet',
          text: 'Conversations that end from now on appear here.',
        }}
        more={{ label: 'More deliveries', query: deliveries }}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(delivery) => delivery.id}
            columns={[
              {
                header: 'Conversation',
                cell: (delivery) => <code>{delivery.conversation_id.slice(0, 8)}</code>,
              },
              {
                header: 'Status',
                // In words, not in colour: the light badges' colours fail contrast.
                cell: (delivery) => (
                  <Text size="sm" fw={600}>
                    {delivery.status}
                  </Text>
                ),
              },
              { header: 'Attempts', cell: (delivery) => delivery.attempts },
              {
                header: 'Last error',
                cell: (delivery) =>
                  delivery.last_error ??
                  (delivery.last_status_code ? `HTTP ${delivery.last_status_code}` : '—'),
              },
              {
                header: 'Created',
                cell: (delivery) => new Date(delivery.created_at).toLocaleString(),
              },
              {
                header: 'Actions',
                cell: (delivery) => (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => setOpened(delivery.id)}
                      aria-label={`Payload of delivery ${delivery.id}`}
                    >
                      Payload
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={resend.isPending && resend.variables === delivery.id}
                      onClick={() => resend.mutate(delivery.id)}
                      aria-label={`Resend delivery ${delivery.id}`}
                    >
                      Resend
                    </Button>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </QueryList>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={opened !== undefined}
        onClose={() => setOpened(undefined)}
        title="Delivery"
        size="xl"
      >
        {opened !== undefined && (
          <DeliveryDetail applicationId={applicationId} deliveryId={opened} />
        )}
      </Modal>
    </Stack>
  );
}

/** One delivery: every attempt and the JSON body sent. */
function DeliveryDetail({
  applicationId,
  deliveryId,
}: {
  applicationId: number;
  deliveryId: number;
}) {
  const detail = useQuery({
    queryKey: ['post-call-delivery', applicationId, deliveryId],
    queryFn: () =>
      unwrap(
        api.GET('/v1/admin/applications/{id}/webhook/deliveries/{deliveryId}', {
          params: { path: { id: applicationId, deliveryId } },
        }),
      ),
  });
  return (
    <QueryView what="the delivery" query={detail}>
      {(delivery) => (
        <Stack>
          <DataTable
            rows={delivery.attempt_log}
            rowKey={(attempt) => attempt.attempted_at}
            columns={[
              {
                header: 'Attempted',
                cell: (attempt) => new Date(attempt.attempted_at).toLocaleString(),
              },
              { header: 'Status', cell: (attempt) => attempt.status_code ?? '—' },
              { header: 'Error', cell: (attempt) => attempt.error ?? '—' },
              { header: 'Took', cell: (attempt) => `${attempt.duration_ms} ms` },
            ]}
          />
          {delivery.payload === null ? (
            <Text size="sm">Not sent yet: the payload is built at the first attempt.</Text>
          ) : (
            <Code block tabIndex={0} aria-label="Payload">
              {JSON.stringify(delivery.payload, null, 2)}
            </Code>
          )}
        </Stack>
      )}
    </QueryView>
  );
}

import { Autocomplete, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { SESSION_END_REASONS } from '@svc/protocol';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../api/client';
import { useScenarios } from '../api/queries';
import { errorMessage, unwrap } from '../api/errors';
import { DayRange, ScenarioFilter } from '../components/filters';
import { filterQuery } from '../conversation/filter-query';
import { DataTable } from '../components/data-table';
import { QueryList } from '../components/states';

/** The conversations of the company, newest first, with filters and a CSV export. */
function ConversationsPage() {
  const [scenario, setScenario] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [externalId, setExternalId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [endReason, setEndReason] = useState('');
  const [previews, setPreviews] = useState<string | null>(null);
  const filters = filterQuery({ scenario, status, endReason, previews, externalId, from, to });
  const scenarios = useScenarios();
  const conversations = useInfiniteQuery({
    queryKey: ['conversations', filters],
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/v1/admin/conversations', {
          params: {
            query: { ...filters, limit: 50, ...(pageParam ? { cursor: pageParam } : {}) },
          },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const exportCsv = useMutation({
    mutationFn: async () => {
      // The export needs the bearer token, so it is fetched and handed over as a file.
      const blob = await unwrap(
        api.GET('/v1/admin/conversations/export', {
          params: { query: { ...filters, format: 'csv' } },
          parseAs: 'blob',
        }),
      );
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob as Blob);
      link.download = 'conversations.csv';
      link.click();
      URL.revokeObjectURL(link.href);
    },
  });
  const scenarioName = (id: number) =>
    scenarios.data?.scenarios.find((candidate) => candidate.id === id)?.name ?? `#${id}`;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Conversations</Title>
        <Button variant="default" loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
          Export CSV
        </Button>
      </Group>
      {exportCsv.error && (
        <Text c="red" role="alert">
          {errorMessage(exportCsv.error)}
        </Text>
      )}
      <Group align="flex-end">
        <ScenarioFilter value={scenario} onChange={setScenario} />
        <Select
          label="Status"
          clearable
          data={[
            { value: 'running', label: 'Running' },
            { value: 'ended', label: 'Ended' },
          ]}
          value={status}
          onChange={setStatus}
        />
        <Autocomplete
          label="End reason"
          data={Object.values(SESSION_END_REASONS)}
          value={endReason}
          onChange={setEndReason}
        />
        <Select
          label="Previews"
          clearable
          placeholder="Without previews"
          data={[
            { value: 'include', label: 'With previews' },
            { value: 'only', label: 'Previews only' },
          ]}
          value={previews}
          onChange={setPreviews}
        />
        <TextInput
          label="Visitor id"
          value={externalId}
          onChange={(event) => setExternalId(event.currentTarget.value)}
        />
        <DayRange from={from} to={to} onFrom={setFrom} onTo={setTo} />
      </Group>
      <QueryList
        what="conversations"
        query={conversations}
        rows={(data) => data.pages.flatMap((page) => page.conversations)}
        empty={{
          title: 'No conversations',
          text:
            Object.keys(filters).length > 0
              ? 'None matches these filters.'
              : 'Conversations appear here once visitors talk to a publication.',
        }}
        more={{ label: 'More conversations', query: conversations }}
      >
        {(rows) => (
          <DataTable
            striped
            highlightOnHover
            rows={rows}
            rowKey={(conversation) => conversation.id}
            columns={[
              {
                header: 'Started',
                cell: (conversation) => (
                  <Link
                    to="/conversations/$conversationId"
                    params={{ conversationId: conversation.id }}
                  >
                    {new Date(conversation.started_at).toLocaleString()}
                  </Link>
                ),
              },
              {
                header: 'Scenario',
                cell: (conversation) => scenarioName(conversation.scenario_id),
              },
              { header: 'Label', cell: (conversation) => conversation.label },
              { header: 'Visitor', cell: (conversation) => conversation.external_id },
              {
                header: 'Mode',
                cell: (conversation) => `${conversation.input_mode}/${conversation.output_mode}`,
              },
              { header: 'Messages', cell: (conversation) => conversation.message_count },
              {
                header: 'Ended',
                cell: (conversation) =>
                  conversation.ended_at
                    ? `${new Date(conversation.ended_at).toLocaleTimeString()} (${conversation.end_reason ?? 'ended'})`
                    : 'running',
              },
            ]}
          />
        )}
      </QueryList>
    </Stack>
  );
}

/** The conversation list's lazily loaded part. */
export const Route = createLazyRoute('/_studio/conversations')({ component: ConversationsPage });

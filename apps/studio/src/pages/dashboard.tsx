import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { DataTable } from '../components/data-table';
import { ApplicationFilter, DayRange, ScenarioFilter } from '../components/filters';
import { dayBounds } from '../dates';
import { Empty, QueryView } from '../components/states';
import {
  completionRate,
  conversationsPerDay,
  publicationNames,
  totalsBy,
  type Stats,
} from '../dashboard/stats-model';
import { ConversationsPerDayChart, TotalsChart } from '../dashboard/lazy-charts';
import { CriteriaRates } from '../dashboard/criteria-rates';

/** A titled card of the dashboard. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The figures of one period, as charts and tables. */
function Figures({ stats }: { stats: Stats }) {
  if (stats.publications.length === 0)
    return (
      <Empty title="No conversations in this period">Figures appear once visitors talk.</Empty>
    );
  const names = publicationNames(stats);
  const perDay = conversationsPerDay(stats);
  const endReasons = totalsBy(
    stats.end_reasons,
    (row) => row.end_reason ?? 'still running',
    (row) => row.conversations,
  );
  const tools = totalsBy(
    stats.tool_usage,
    (row) => row.tool,
    (row) => row.calls,
  );
  return (
    <Stack>
      <Panel title="Conversations per day">
        <ConversationsPerDayChart h={240} rows={perDay.rows} series={perDay.series} />
      </Panel>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Panel title="Completion per publication">
          <DataTable
            rows={stats.publications}
            rowKey={(publication) => publication.publication_uuid}
            columns={[
              { header: 'Publication', cell: (row) => names.get(row.publication_uuid) },
              { header: 'Conversations', cell: (row) => row.conversations },
              {
                header: 'Completed',
                cell: (row) => {
                  const rate = completionRate(row);
                  return `${row.completed} of ${row.ended} ended${rate === undefined ? '' : ` (${rate}%)`}`;
                },
              },
            ]}
          />
        </Panel>
        <Panel title="End reasons">
          {endReasons.length === 0 ? (
            <Text c="dimmed">None ended.</Text>
          ) : (
            <TotalsChart h={200} totals={endReasons} label="Conversations" color="teal.6" />
          )}
        </Panel>
        <Panel title="Turn latency (voice to voice)">
          {stats.turn_latency.length === 0 ? (
            <Text c="dimmed">No spoken turns measured.</Text>
          ) : (
            <DataTable
              rows={stats.turn_latency}
              rowKey={(row) => row.publication_uuid}
              columns={[
                { header: 'Publication', cell: (row) => names.get(row.publication_uuid) },
                { header: 'Turns', cell: (row) => row.turns },
                { header: 'p50', cell: (row) => `${Math.round(row.p50_ms)} ms` },
                { header: 'p95', cell: (row) => `${Math.round(row.p95_ms)} ms` },
              ]}
            />
          )}
        </Panel>
        <Panel title="Tool usage">
          {tools.length === 0 ? (
            <Text c="dimmed">No tool was called.</Text>
          ) : (
            <TotalsChart
              h={200}
              totals={tools}
              label="Calls"
              color="grape.6"
              orientation="vertical"
            />
          )}
        </Panel>
      </SimpleGrid>
      <Panel title="Searches that found nothing">
        {stats.empty_searches.length === 0 ? (
          <Text c="dimmed">Every search found something.</Text>
        ) : (
          <DataTable
            rows={stats.empty_searches}
            rowKey={(row) => `${row.publication_uuid}-${row.tool}-${row.query ?? ''}`}
            columns={[
              { header: 'Query', cell: (row) => row.query ?? '(no words)' },
              { header: 'Tool', cell: (row) => row.tool },
              { header: 'Publication', cell: (row) => names.get(row.publication_uuid) },
              { header: 'Times', cell: (row) => row.searches },
            ]}
          />
        )}
      </Panel>
    </Stack>
  );
}

/** Conversations, completion, latency, tools and empty searches over a period, per publication. */
function DashboardPage() {
  const [application, setApplication] = useState<string | null>(null);
  const [scenario, setScenario] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = {
    ...(application ? { application_id: Number(application) } : {}),
    ...(scenario ? { scenario_id: Number(scenario) } : {}),
    ...dayBounds(from, to),
  };
  const stats = useQuery({
    queryKey: ['stats', query],
    queryFn: () => unwrap(api.GET('/v1/admin/stats', { params: { query } })),
  });
  return (
    <Stack>
      <Title order={2}>Dashboard</Title>
      <Group align="flex-end">
        <ApplicationFilter value={application} onChange={setApplication} />
        <ScenarioFilter value={scenario} onChange={setScenario} />
        <DayRange from={from} to={to} onFrom={setFrom} onTo={setTo} />
      </Group>
      <QueryView what="the figures" query={stats}>
        {(data) => (
          <Stack>
            <Text size="sm" c="dimmed">
              {new Date(data.from).toLocaleDateString()} to {new Date(data.to).toLocaleDateString()}
            </Text>
            <Figures stats={data} />
            <CriteriaRates
              from={data.from}
              to={data.to}
              scenarioId={scenario ? Number(scenario) : undefined}
            />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

/** The dashboard's lazily loaded part; its charts are a further chunk (`lazy-charts.tsx`). */
export const Route = createLazyRoute('/_studio/dashboard')({ component: DashboardPage });

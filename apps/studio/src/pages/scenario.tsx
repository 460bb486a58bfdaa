import { Anchor, Button, Drawer, Group, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link, useParams } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import type { Scenario } from '../api/types';
import { Loading, QueryView } from '../components/states';
import { PublishPanel } from '../scenario/publish-panel';
import { ScenarioEditor } from '../scenario/scenario-editor';
import { ScenarioTests } from '../scenario/scenario-tests';

// The SDK (and, when a session starts, livekit-client) load only when the admin opens Try it.
const TryItPanel = lazy(() =>
  import('../try-it/try-it-panel').then((module) => ({ default: module.TryItPanel })),
);

/** One scenario: edit it, try it, test it, publish it. */
function ScenarioPage() {
  const [trying, setTrying] = useState(false);
  const id = Number(useParams({ from: '/_studio/scenarios/$scenarioId' }).scenarioId);
  const scenario = useQuery({
    queryKey: ['scenario', id],
    queryFn: async () =>
      (await unwrap(api.GET('/v1/admin/scenarios/{id}', { params: { path: { id } } }))) as Scenario,
  });
  return (
    <Stack>
      <Anchor component={Link} to="/scenarios" size="sm">
        All scenarios
      </Anchor>
      <QueryView what="the scenario" query={scenario}>
        {(data) => (
          <Stack>
            <Group justify="space-between">
              <Title order={2}>{data.name}</Title>
              <Button variant="light" onClick={() => setTrying(true)}>
                Try it
              </Button>
            </Group>
            <Drawer
              closeButtonProps={{ 'aria-label': 'Close' }}
              opened={trying}
              onClose={() => setTrying(false)}
              position="right"
              size="lg"
              title={`Try ${data.name}`}
            >
              {trying && (
                <Suspense fallback={<Loading what="the preview" />}>
                  <TryItPanel scenarioId={data.id} />
                </Suspense>
              )}
            </Drawer>
            <Tabs defaultValue="edit">
              <Tabs.List>
                <Tabs.Tab value="edit">Edit</Tabs.Tab>
                <Tabs.Tab value="tests">Tests</Tabs.Tab>
                <Tabs.Tab value="publish">Publish</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="edit" pt="md">
                {/* Keyed by the scenario, so opening another one starts a fresh draft. */}
                <ScenarioEditor key={data.id} scenario={data} />
              </Tabs.Panel>
              <Tabs.Panel value="tests" pt="md">
                <ScenarioTests scenarioId={data.id} />
              </Tabs.Panel>
              <Tabs.Panel value="publish" pt="md">
                <PublishPanel scenarioId={data.id} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

/** The scenario page's lazily loaded part. */
export const Route = createLazyRoute('/_studio/scenarios/$scenarioId')({ component: ScenarioPage });

import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { useScenarios } from '../api/queries';
import type { ScenarioSummary } from '../api/types';
import { PublicationCard } from '../scenario/publication-card';

/** The live publications of one scenario, each with its embed snippets. */
function ScenarioPublications({ scenario }: { scenario: ScenarioSummary }) {
  const publications = useQuery({
    queryKey: ['publications', scenario.id],
    queryFn: () =>
      unwrap(
        api.GET('/v1/admin/scenarios/{id}/publications', {
          params: { path: { id: scenario.id } },
        }),
      ),
  });
  const live = (publications.data?.publications ?? []).filter((entry) => !entry.unpublished_at);
  return (
    <>
      {live.map((publication) => (
        <PublicationCard key={publication.uuid} publication={publication} title={scenario.name} />
      ))}
    </>
  );
}

/** What an application serves: every live publication of its scenarios, with embed snippets. */
export function ApplicationPublications({ applicationId }: { applicationId: number }) {
  const scenarios = useScenarios();
  const own = (scenarios.data?.scenarios ?? []).filter(
    (scenario) => scenario.application_id === applicationId,
  );
  return (
    <Stack>
      <Title order={4}>Publications and embed snippets</Title>
      {scenarios.isSuccess && own.length === 0 && (
        <Text c="dimmed" size="sm">
          No scenario belongs to this application yet.
        </Text>
      )}
      {own.map((scenario) => (
        <ScenarioPublications key={scenario.id} scenario={scenario} />
      ))}
    </Stack>
  );
}

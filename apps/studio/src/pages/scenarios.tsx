import { Button, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../api/client';
import { useApplications, useScenarios } from '../api/queries';
import { errorMessage, unwrap } from '../api/errors';
import { requestSchema, type Scenario, type ScenarioSummary } from '../api/types';
import { DataTable } from '../components/data-table';
import { QueryList } from '../components/states';
import { pick, validate } from '../schema-form/schema-model';
import { DangerButton } from '../components/danger-button';

const createSchema = pick(requestSchema('post /v1/admin/scenarios'), ['name', 'application_id']);

/** Name a new scenario and pick its application; the rest is edited on the scenario's page. */
function CreateScenario({ onClose }: { onClose(): void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const applications = useApplications();
  const [name, setName] = useState('');
  const [applicationId, setApplicationId] = useState<number | undefined>();
  const [touched, setTouched] = useState(false);
  const draft = { name, application_id: applicationId };
  const errors = touched ? validate(createSchema, draft) : {};
  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/v1/admin/scenarios', {
          body: { name, application_id: applicationId ?? 0 },
        }),
      ) as Promise<Scenario>,
    onSuccess: async (scenario) => {
      await queryClient.invalidateQueries({ queryKey: ['scenarios'] });
      await navigate({ to: '/scenarios/$scenarioId', params: { scenarioId: String(scenario.id) } });
    },
  });
  const options = (applications.data?.applications ?? []).map((application) => ({
    value: String(application.id),
    label: application.name,
  }));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (Object.keys(validate(createSchema, draft)).length === 0) create.mutate();
      }}
    >
      <Stack>
        <TextInput
          label="Name"
          withAsterisk
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
        <Select
          label="Application"
          withAsterisk
          data={options}
          value={applicationId === undefined ? null : String(applicationId)}
          error={errors.application_id}
          placeholder={applications.isPending ? 'Loading applications...' : 'Pick one'}
          onChange={(value) => setApplicationId(value ? Number(value) : undefined)}
        />
        {create.error && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(create.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The scenarios of the company: open, duplicate, delete, create. */
function ScenariosPage() {
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const scenarios = useScenarios();
  const applications = useApplications();
  const applicationName = (id: number) =>
    applications.data?.applications.find((application) => application.id === id)?.name ?? `#${id}`;

  const duplicate = useMutation({
    // The API copies the scenario with its collections and tests, named "<name> (copy)".
    mutationFn: (id: number) =>
      unwrap(
        api.POST('/v1/admin/scenarios/{id}/duplicate', { params: { path: { id } }, body: {} }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['scenarios'] }),
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/v1/admin/scenarios/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['scenarios'] }),
  });
  const failure = duplicate.error ?? remove.error;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Scenarios</Title>
        <Button onClick={() => setCreating(true)}>New scenario</Button>
      </Group>
      {failure && (
        <Text c="red" role="alert">
          {errorMessage(failure)}
        </Text>
      )}
      <QueryList
        what="scenarios"
        query={scenarios}
        rows={(data) => data.scenarios as ScenarioSummary[]}
        empty={{
          title: 'No scenarios yet',
          text: 'A scenario is what the agent says and does: its prompt, voice and features. Create one to start.',
        }}
      >
        {(rows) => (
          <DataTable
            striped
            highlightOnHover
            rows={rows}
            rowKey={(scenario) => scenario.id}
            columns={[
              {
                header: 'Name',
                cell: (scenario) => (
                  <Link to="/scenarios/$scenarioId" params={{ scenarioId: String(scenario.id) }}>
                    {scenario.name}
                  </Link>
                ),
              },
              {
                header: 'Application',
                cell: (scenario) => applicationName(scenario.application_id),
              },
              { header: 'Language', cell: (scenario) => scenario.language },
              {
                header: 'Changed',
                cell: (scenario) => new Date(scenario.updated_at).toLocaleString(),
              },
              {
                header: '',
                cell: (scenario) => (
                  <Group gap="xs" justify="flex-end">
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={duplicate.isPending && duplicate.variables === scenario.id}
                      onClick={() => duplicate.mutate(scenario.id)}
                    >
                      Duplicate
                    </Button>
                    <DangerButton
                      onClick={() => {
                        if (window.confirm(`Delete the scenario "${scenario.name}"?`))
                          remove.mutate(scenario.id);
                      }}
                    >
                      Delete
                    </DangerButton>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </QueryList>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={creating}
        onClose={() => setCreating(false)}
        title="New scenario"
      >
        <CreateScenario onClose={() => setCreating(false)} />
      </Modal>
    </Stack>
  );
}

/** The scenario list's lazily loaded part. */
export const Route = createLazyRoute('/_studio/scenarios')({ component: ScenariosPage });

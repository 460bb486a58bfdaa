import { Accordion, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import { requestSchema, type Answer, type RequestBody } from '../api/types';
import { RequestForm } from '../components/request-form';
import { QueryList } from '../components/states';
import { defaultsOf } from '../schema-form/schema-model';
import { DangerButton } from '../components/danger-button';
import { TestRunner, useStartRun } from './test-runner';

const testSchema = requestSchema('post /v1/admin/scenarios/{id}/tests');

/** A scenario test as the API answers it. */
export type ScenarioTest = Answer<'/v1/admin/scenarios/{id}/tests', 'get'>['tests'][number];
type TestBody = RequestBody<'/v1/admin/scenarios/{id}/tests', 'post'>;

/** The tests changed: their list, and the publish gate that counts them. */
const invalidateTests = (queryClient: QueryClient, scenarioId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['tests', scenarioId] }),
    queryClient.invalidateQueries({ queryKey: ['publish-gate', scenarioId] }),
  ]);

/** Creates a test, or replaces one's name and turns. */
function TestForm({
  scenarioId,
  test,
  onDone,
}: {
  scenarioId: number;
  test?: ScenarioTest;
  onDone(): void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<unknown>(() =>
    test ? { name: test.name, turns: test.turns } : defaultsOf(testSchema),
  );
  const save = useMutation({
    mutationFn: () =>
      test
        ? unwrap(
            api.PUT('/v1/admin/scenarios/{id}/tests/{testId}', {
              params: { path: { id: scenarioId, testId: test.id } },
              body: draft as TestBody,
            }),
          )
        : unwrap(
            api.POST('/v1/admin/scenarios/{id}/tests', {
              params: { path: { id: scenarioId } },
              body: draft as TestBody,
            }),
          ),
    onSuccess: async () => {
      await invalidateTests(queryClient, scenarioId);
      onDone();
    },
  });
  return (
    <RequestForm
      schema={testSchema}
      value={draft}
      onChange={setDraft}
      mutation={save}
      submitLabel={test ? 'Save test' : 'Add test'}
      onCancel={onDone}
      idPrefix={test ? `test-${test.id}-` : 'new-test-'}
    />
  );
}

/**
 * A scenario's tests: typed conversations, each turn expecting a tool call (name and arguments)
 * or phrases the reply must or must not contain. Add, edit, delete, run them (with each turn's
 * verdict, latency and tool calls); a real conversation becomes a test from its page.
 */
export function ScenarioTests({ scenarioId }: { scenarioId: number }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<number | 'new'>();
  const tests = useQuery({
    queryKey: ['tests', scenarioId],
    queryFn: () =>
      unwrap(api.GET('/v1/admin/scenarios/{id}/tests', { params: { path: { id: scenarioId } } })),
  });
  // One test rerun on the draft (after fixing it, say); the runs below show it.
  const runOne = useStartRun(scenarioId);
  const remove = useMutation({
    mutationFn: (testId: number) =>
      unwrap(
        api.DELETE('/v1/admin/scenarios/{id}/tests/{testId}', {
          params: { path: { id: scenarioId, testId } },
        }),
      ),
    onSuccess: () => invalidateTests(queryClient, scenarioId),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Tests</Title>
        {editing !== 'new' && <Button onClick={() => setEditing('new')}>New test</Button>}
      </Group>
      {editing === 'new' && (
        <TestForm scenarioId={scenarioId} onDone={() => setEditing(undefined)} />
      )}
      {(remove.error ?? runOne.error) && (
        <Text c="red" role="alert">
          {errorMessage(remove.error ?? runOne.error)}
        </Text>
      )}
      <QueryList
        what="tests"
        query={tests}
        rows={(data) => data.tests}
        empty={{
          title: 'No tests yet',
          text: 'A test is a typed conversation with what each turn should lead to. Add one, or make one of a real conversation from its page.',
        }}
      >
        {(rows) => (
          <Stack>
            <Accordion variant="separated">
              {rows.map((test) => (
                <Accordion.Item key={test.id} value={String(test.id)}>
                  <Accordion.Control>
                    {test.name} ({test.turns.length} turn{test.turns.length === 1 ? '' : 's'})
                  </Accordion.Control>
                  <Accordion.Panel>
                    {editing === test.id ? (
                      <TestForm
                        scenarioId={scenarioId}
                        test={test}
                        onDone={() => setEditing(undefined)}
                      />
                    ) : (
                      <Stack gap="xs">
                        {test.turns.map((turn, index) => (
                          <Text key={index} size="sm">
                            {index + 1}. &ldquo;{turn.user}&rdquo;
                            {turn.expect.tool && ` calls ${turn.expect.tool.name}`}
                            {turn.expect.reply_contains?.length
                              ? `, says ${turn.expect.reply_contains.join(', ')}`
                              : ''}
                            {turn.expect.reply_not_contains?.length
                              ? `, never ${turn.expect.reply_not_contains.join(', ')}`
                              : ''}
                          </Text>
                        ))}
                        <Group>
                          <Button size="xs" variant="default" onClick={() => setEditing(test.id)}>
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            loading={runOne.isPending && runOne.variables.test_ids?.[0] === test.id}
                            onClick={() => runOne.mutate({ target: 'draft', test_ids: [test.id] })}
                          >
                            Run on the draft
                          </Button>
                          <DangerButton onClick={() => remove.mutate(test.id)}>Delete</DangerButton>
                        </Group>
                      </Stack>
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
            <TestRunner scenarioId={scenarioId} testCount={rows.length} />
          </Stack>
        )}
      </QueryList>
    </Stack>
  );
}

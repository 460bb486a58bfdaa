import { Alert, Button, Group, MultiSelect, Stack, Tabs, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../api/client';
import { useCollections } from '../api/queries';
import { unwrap } from '../api/errors';
import { requestSchema, type RequestBody, type Scenario } from '../api/types';
import { formLevelError, withApiError } from '../components/request-form';
import { SchemaForm } from '../schema-form/schema-form';
import { pick, validate, type FieldErrors } from '../schema-form/schema-model';
import { FeaturesEditor, settingsErrors, useFeatureCatalog } from './features-editor';
import { pageToolErrors } from './page-tools-model';
import { webhookToolErrors } from './webhook-tools-model';
import { LanguagesEditor } from './languages-editor';
import { AnalysisEditor, analysisApiErrors, analysisErrors } from './analysis-editor';
import { VoiceSample } from './voice-sample';

const patchSchema = requestSchema('patch /v1/admin/scenarios/{id}');
const EDITABLE = Object.keys(patchSchema.properties ?? {});
const basicsSchema = pick(patchSchema, [
  'name',
  'language',
  'limit',
  'audio_dictation',
  'avatar_enabled',
]);
const conversationSchema = pick(patchSchema, ['prompt', 'first_message']);
const voiceSchema = pick(patchSchema, ['voice_stack', 'voice']);

type ScenarioChanges = RequestBody<'/v1/admin/scenarios/{id}', 'patch'>;

/** The fields of a scenario the API lets an admin change, as a draft to edit. */
function draftOf(scenario: Scenario): Record<string, unknown> {
  return Object.fromEntries(Object.entries(scenario).filter(([key]) => EDITABLE.includes(key)));
}

/**
 * Edits a scenario: every change is checked against the API's own request schema (and each
 * feature's settings against the catalog) as the admin types; errors the API still answers are
 * shown under the field they name.
 */
export function ScenarioEditor({ scenario }: { scenario: Scenario }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<unknown>(() => draftOf(scenario));
  const [saved, setSaved] = useState(() => JSON.stringify(draftOf(scenario)));
  const catalog = useFeatureCatalog();
  const collections = useCollections();
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH('/v1/admin/scenarios/{id}', {
          params: { path: { id: scenario.id } },
          body: draft as ScenarioChanges,
        }),
      ),
    onSuccess: (updated) => {
      const next = draftOf(updated as Scenario);
      setDraft(next);
      setSaved(JSON.stringify(next));
      queryClient.setQueryData(['scenario', scenario.id], updated);
      void queryClient.invalidateQueries({ queryKey: ['scenarios'] });
    },
  });
  const errors: FieldErrors = withApiError(
    {
      ...validate(patchSchema, draft),
      ...settingsErrors(draft, catalog.data?.features),
      ...pageToolErrors(draft),
      ...webhookToolErrors(draft),
      ...analysisErrors(draft),
      ...analysisApiErrors(save.error),
    },
    save.error,
  );
  const failure = formLevelError(save.error);
  const problems = Object.keys(errors).length;
  const dirty = JSON.stringify(draft) !== saved;
  // Leaving with unsaved changes asks first, in the studio and when the tab closes.
  useBlocker({
    shouldBlockFn: () => !window.confirm('Leave this scenario? Your changes are not saved.'),
    disabled: !dirty,
    enableBeforeUnload: () => dirty,
  });
  const edit = (next: unknown) => {
    save.reset();
    setDraft(next);
  };
  const collectionOptions = (collections.data?.collections ?? []).map((collection) => ({
    value: String(collection.id),
    label: collection.name,
  }));
  const attached = ((draft as { collection_ids?: number[] }).collection_ids ?? []).map(String);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (problems === 0) save.mutate();
      }}
    >
      <Stack>
        <Group justify="space-between">
          <Text size="sm" c={problems > 0 ? 'red' : 'dimmed'} aria-live="polite">
            {problems > 0
              ? `${problems} field${problems === 1 ? '' : 's'} to fix: ${Object.keys(errors).join(', ')}`
              : dirty
                ? 'Unsaved changes'
                : 'Saved'}
          </Text>
          <Group>
            <Button variant="default" disabled={!dirty} onClick={() => edit(JSON.parse(saved))}>
              Discard changes
            </Button>
            <Button type="submit" disabled={!dirty || problems > 0} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
        {failure && (
          <Alert color="red" role="alert" title="Not saved">
            {failure}
          </Alert>
        )}
        <Tabs defaultValue="basics" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="basics">Basics</Tabs.Tab>
            <Tabs.Tab value="conversation">Prompt and first message</Tabs.Tab>
            <Tabs.Tab value="languages">Languages</Tabs.Tab>
            <Tabs.Tab value="voice">Voice</Tabs.Tab>
            <Tabs.Tab value="features">Features</Tabs.Tab>
            <Tabs.Tab value="collections">Collections</Tabs.Tab>
            <Tabs.Tab value="analysis">After the call</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="basics" pt="md">
            <SchemaForm schema={basicsSchema} value={draft} onChange={edit} errors={errors} />
          </Tabs.Panel>
          <Tabs.Panel value="conversation" pt="md">
            <SchemaForm schema={conversationSchema} value={draft} onChange={edit} errors={errors} />
          </Tabs.Panel>
          <Tabs.Panel value="languages" pt="md">
            <LanguagesEditor draft={draft} onChange={edit} errors={errors} />
          </Tabs.Panel>
          <Tabs.Panel value="voice" pt="md">
            <Text size="sm" c="dimmed" mb="sm">
              Speech recognition (STT), the language model (LLM) and speech (TTS): a provider and
              its options each. Leave one out for the voice stack&apos;s default.
            </Text>
            <SchemaForm schema={voiceSchema} value={draft} onChange={edit} errors={errors} />
            <VoiceSample draft={draft} />
          </Tabs.Panel>
          <Tabs.Panel value="features" pt="md">
            <FeaturesEditor draft={draft} onChange={edit} errors={errors} />
          </Tabs.Panel>
          <Tabs.Panel value="collections" pt="md">
            <MultiSelect
              label="Collections attached"
              description="What the agent may search, show and compare in this scenario"
              data={collectionOptions}
              value={attached}
              error={errors.collection_ids}
              placeholder={collections.isPending ? 'Loading collections...' : undefined}
              onChange={(ids) => edit({ ...(draft as object), collection_ids: ids.map(Number) })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="analysis" pt="md">
            <AnalysisEditor draft={draft} onChange={edit} errors={errors} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </form>
  );
}

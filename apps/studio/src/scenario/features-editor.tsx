import { Card, Fieldset, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { requestSchema, type Answer } from '../api/types';
import { ErrorState } from '../components/states';
import { SchemaForm } from '../schema-form/schema-form';
import {
  defaultsOf,
  getAt,
  pick,
  setAt,
  validate,
  type FieldErrors,
  type JsonSchema,
} from '../schema-form/schema-model';
import { DangerButton } from '../components/danger-button';
import { PageToolsEditor } from './page-tools-editor';
import { newPageTool, PAGE_TOOLS_TYPE } from './page-tools-model';
import { WebhookToolsEditor } from './webhook-tools-editor';
import { newWebhookTool, WEBHOOK_TOOLS_TYPE } from './webhook-tools-model';

/** One feature type of the API's catalog. */
export type CatalogFeature = Answer<'/v1/admin/feature-catalog', 'get'>['features'][number];

const featureSchema: JsonSchema =
  requestSchema('patch /v1/admin/scenarios/{id}').properties?.features?.items ?? {};
const toolSchema = featureSchema.properties?.tools?.items ?? {};
// What the admin edits of a feature here: its name and, per tool, the overrides and what the tool
// does (its settings' `operation`, a choice; never read from the tool's name); the feature's
// settings get their own form from the catalog's schema.
/** The form of a feature's name and tools (its settings have a form of their own). */
export const featureFormSchema: JsonSchema = pick(
  {
    ...featureSchema,
    properties: {
      ...featureSchema.properties,
      tools: {
        ...featureSchema.properties?.tools,
        items: pick(toolSchema, ['name', 'type', 'settings', 'frontend_method', 'rpc_timeout_s']),
      },
    },
  },
  ['name', 'tools'],
);
/** A page-tools feature's form: its name; its tools have an editor of their own. */
const pageToolsFormSchema: JsonSchema = pick(featureFormSchema, ['name']);

/** The feature catalog, loaded once per visit. */
export function useFeatureCatalog() {
  return useQuery({
    queryKey: ['feature-catalog'],
    queryFn: () => unwrap(api.GET('/v1/admin/feature-catalog')),
    staleTime: Infinity,
  });
}

/**
 * A new feature of a catalog type: its settings' defaults and the tools the type brings; page
 * tools, which bring none, start with one for the author to write (`takenNames` are the scenario's).
 */
export function newFeature(catalog: CatalogFeature, takenNames: readonly string[] = []) {
  return {
    name: catalog.title,
    type: catalog.type,
    settings: (defaultsOf(catalog.settings_schema as JsonSchema) as Record<string, unknown>) ?? {},
    tools:
      catalog.type === PAGE_TOOLS_TYPE
        ? [newPageTool(takenNames)]
        : catalog.type === WEBHOOK_TOOLS_TYPE
          ? [newWebhookTool(takenNames)]
          : catalog.tools.map((tool) => ({
              name: tool.name,
              type: tool.type,
              settings: { operation: tool.operation },
            })),
  };
}

/** Errors of every feature's settings against its catalog schema, under `features.<i>.settings`. */
export function settingsErrors(draft: unknown, catalog: CatalogFeature[] | undefined): FieldErrors {
  const features = getAt(draft, ['features']);
  if (!Array.isArray(features) || !catalog) return {};
  const errors: FieldErrors = {};
  features.forEach((feature: { type?: unknown; settings?: unknown }, index) => {
    const entry = catalog.find((candidate) => candidate.type === feature.type);
    if (entry)
      Object.assign(
        errors,
        validate(entry.settings_schema as JsonSchema, feature.settings, [
          'features',
          String(index),
          'settings',
        ]),
      );
  });
  return errors;
}

/**
 * The scenario's features: add one from the catalog, name it, set its settings through a form
 * generated from the catalog's JSON Schema, override its tools' page method and timeout.
 */
export function FeaturesEditor({
  draft,
  onChange,
  errors,
}: {
  draft: unknown;
  onChange(draft: unknown): void;
  errors: FieldErrors;
}) {
  const catalog = useFeatureCatalog();
  const features =
    (getAt(draft, ['features']) as { type: string; tools?: { name?: string }[] }[] | undefined) ??
    [];
  const types = catalog.data?.features ?? [];
  return (
    <Stack>
      {catalog.error && <ErrorState what="the feature catalog" error={catalog.error} />}
      {errors.features && (
        <Text c="red" size="sm">
          {errors.features}
        </Text>
      )}
      {features.length === 0 && (
        <Text c="dimmed">
          No features: the agent only talks. Add one to let it search, show, compare or fill a cart.
        </Text>
      )}
      {features.map((feature, index) => {
        const entry = types.find((candidate) => candidate.type === feature.type);
        const path = ['features', String(index)];
        return (
          <Card key={index} withBorder>
            <Stack gap="sm">
              <Group justify="space-between">
                <div>
                  <Text fw={600}>{entry?.title ?? feature.type}</Text>
                  <Text size="sm" c="dimmed">
                    {entry?.description ?? 'A feature type the catalog does not list'}
                  </Text>
                </div>
                <DangerButton
                  onClick={() =>
                    onChange(
                      setAt(
                        draft,
                        ['features'],
                        features.filter((_other, other) => other !== index),
                      ),
                    )
                  }
                >
                  Remove
                </DangerButton>
              </Group>
              {errors[`${path.join('.')}.type`] && (
                <Text c="red" size="sm">
                  {errors[`${path.join('.')}.type`]}
                </Text>
              )}
              <SchemaForm
                schema={
                  feature.type === PAGE_TOOLS_TYPE || feature.type === WEBHOOK_TOOLS_TYPE
                    ? pageToolsFormSchema
                    : featureFormSchema
                }
                path={path}
                value={draft}
                onChange={onChange}
                errors={errors}
                idPrefix={`feature-${index}-`}
              />
              {feature.type === PAGE_TOOLS_TYPE && (
                <PageToolsEditor draft={draft} path={path} onChange={onChange} errors={errors} />
              )}
              {feature.type === WEBHOOK_TOOLS_TYPE && (
                <WebhookToolsEditor draft={draft} path={path} onChange={onChange} errors={errors} />
              )}
              {Object.keys((entry?.settings_schema as JsonSchema | undefined)?.properties ?? {})
                .length === 0 ? (
                <Text size="sm" c="dimmed">
                  No settings.
                </Text>
              ) : (
                <Fieldset legend="Settings">
                  <SchemaForm
                    schema={entry?.settings_schema as JsonSchema}
                    path={[...path, 'settings']}
                    value={draft}
                    onChange={onChange}
                    errors={errors}
                    idPrefix={`feature-${index}-settings-`}
                  />
                </Fieldset>
              )}
            </Stack>
          </Card>
        );
      })}
      <Select
        label="Add a feature"
        placeholder={catalog.isPending ? 'Loading the catalog...' : 'Pick a feature type'}
        data={types.map((type) => ({ value: type.type, label: type.title }))}
        value={null}
        onChange={(type) => {
          const entry = types.find((candidate) => candidate.type === type);
          const taken = features.flatMap((other) =>
            (other.tools ?? []).map((tool) => tool.name ?? ''),
          );
          if (entry) onChange(setAt(draft, ['features'], [...features, newFeature(entry, taken)]));
        }}
      />
    </Stack>
  );
}

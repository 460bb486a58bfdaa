// The seeded demo scenario as the agent receives it from the API (runtime config), built from the
// seed's own definitions, so the agent benchmarks measure the prompt, tools and vocabulary the
// demo really runs with, without a database.

import type { RuntimeConfig, ScenarioSnapshot } from '@svc/protocol/agent';
import { DEMO_COLLECTION, DEMO_SCENARIO, demoProducts } from '@svc/api/testing';

/** The id the demo collection gets in these benchmarks. */
export const DEMO_COLLECTION_ID = 1;

/** The demo's runtime config for a new conversation. */
export function demoRuntime(mode: 'audio' | 'text' = 'audio'): RuntimeConfig {
  return {
    conversation: {
      id: '00000000-0000-4000-8000-000000000000',
      language: DEMO_SCENARIO.language,
      input_mode: mode,
      output_mode: mode,
      metadata: {},
      started_at: new Date(0).toISOString(),
      ended_at: null,
    },
    visitor: { id: 1, external_id: 'bench-visitor' },
    company_id: 1,
    publication_uuid: '00000000-0000-4000-8000-000000000001',
    scenario: {
      ...DEMO_SCENARIO.definition,
      name: DEMO_SCENARIO.name,
      language: DEMO_SCENARIO.language,
      features: DEMO_SCENARIO.definition.features.map((feature) => ({
        ...feature,
        settings: { ...feature.settings, collection_id: DEMO_COLLECTION_ID },
      })),
    } as unknown as ScenarioSnapshot,
    collections: [
      {
        id: DEMO_COLLECTION_ID,
        company_id: 1,
        name: DEMO_COLLECTION.name,
        description: DEMO_COLLECTION.description,
        view: DEMO_COLLECTION.view,
        search_fields: [...DEMO_COLLECTION.search_fields],
        filter_fields: DEMO_COLLECTION.filter_fields.map((field) => ({
          ...field,
          ...('enum_options' in field ? { enum_options: [...field.enum_options] } : {}),
        })),
      },
    ],
    item_names: demoProducts().map((product) => product.name),
    restore_state: {},
    history: [],
  };
}

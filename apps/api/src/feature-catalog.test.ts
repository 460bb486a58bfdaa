import { FEATURE_TYPES } from '@svc/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFeatures, FEATURE_CATALOG } from './feature-catalog.js';
import { DEMO_SCENARIO } from './seed/demo-scenario.js';
import { ADMIN, seedFixture } from './test-fixtures.js';
import { startTestApi, type TestApi } from './testing/index.js';

const reason = (features: Parameters<typeof checkFeatures>[0]) => {
  try {
    checkFeatures(features);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('the feature catalog', () => {
  it('has the feature types, each with a settings schema and, but for the business’s own tools, tools', () => {
    expect(FEATURE_CATALOG.map((feature) => feature.type).sort()).toEqual(
      Object.values(FEATURE_TYPES).sort(),
    );
    for (const feature of FEATURE_CATALOG) {
      expect(feature.settings_schema).toMatchObject({ type: 'object' });
      // Page and webhook tools are the business's own, and the agent searches the knowledge
      // base itself: those types bring none.
      if (
        feature.type !== FEATURE_TYPES.PAGE_TOOLS_CUSTOM &&
        feature.type !== FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM &&
        feature.type !== FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH
      )
        expect(feature.tools.length).toBeGreaterThan(0);
      for (const tool of feature.tools)
        expect(tool).toMatchObject({ frontend_method: tool.name, rpc_timeout_s: 10 });
    }
    const comparison = FEATURE_CATALOG.find((f) => f.type === 'collection:items:comparison');
    expect(comparison?.settings_schema).toMatchObject({
      properties: { max_items: { type: 'integer', minimum: 2, maximum: 10 } },
    });
  });

  it('accepts the demo scenario and settings the page reads for itself', () => {
    expect(reason(DEMO_SCENARIO.definition.features)).toBeUndefined();
    expect(
      reason([{ type: 'bucket:list:crud', settings: { currency: 'EUR', bucket: 'wishlist' } }]),
    ).toBeUndefined();
  });

  it('names the field at fault', () => {
    const search = { type: 'collection:items:search', settings: {} };
    expect(
      reason([
        search,
        search,
        { type: 'collection:items:comparison', settings: { max_items: 2.5 } },
      ]),
    ).toBe('features[2].settings.max_items: must be integer');
    expect(reason([{ type: 'collection:items:comparison', settings: { max_items: 40 } }])).toBe(
      'features[0].settings.max_items: must be <= 10',
    );
    expect(reason([{ type: 'collection:items:display', settings: { collection_id: 'x' } }])).toBe(
      'features[0].settings.collection_id: must be number',
    );
    expect(reason([{ type: 'bucket:list:crud', settings: { bucket: 'no spaces' } }])).toMatch(
      /^features\[0\]\.settings\.bucket: must match pattern/,
    );
    expect(
      reason([{ type: 'bucket:list:crud', tools: [{}, { settings: { operation: 'fly' } }] }]),
    ).toMatch(/^features\[0\]\.tools\[1\]\.settings\.operation: must be one of search, /);
    expect(reason([{ type: 'widget:custom' }])).toMatch(
      /^features\[0\]\.type: unknown feature type widget:custom/,
    );
  });

  describe('through the admin API', () => {
    let api: TestApi<Awaited<ReturnType<typeof seedFixture>>>;
    let token: string;
    beforeAll(async () => {
      api = await startTestApi({ seed: seedFixture });
      token = (
        await api.app.inject({ method: 'POST', url: '/v1/admin/login', payload: ADMIN })
      ).json().token;
    }, 60_000);
    afterAll(async () => {
      await api?.close();
    });
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      api.app.inject({
        method,
        url: `/v1/admin${url}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });

    it('serves the catalog and checks scenario writes against it', async () => {
      const catalog = await call('GET', '/feature-catalog');
      expect(catalog.statusCode).toBe(200);
      expect(catalog.json().features).toHaveLength(Object.values(FEATURE_TYPES).length);
      const base = { application_id: api.seeded.applicationId, name: 'Checked' };
      const created = await call('POST', '/scenarios', {
        ...base,
        features: DEMO_SCENARIO.definition.features,
      });
      expect(created.statusCode).toBe(201);
      const bad = {
        name: 'Compare',
        type: 'collection:items:comparison',
        settings: { max_items: 'three' },
      };
      expect((await call('POST', '/scenarios', { ...base, features: [bad] })).json()).toEqual({
        error: 'features[0].settings.max_items: must be number',
      });
      const patched = await call('PATCH', `/scenarios/${created.json().id}`, {
        features: [{ name: 'Odd', type: 'odd:feature' }],
      });
      // The catalog's types are the schema's enum: refused by validation, naming the field.
      expect(patched.statusCode).toBe(400);
      expect(patched.json().error).toMatch(/^features\.0\.type: Invalid option/);
    });
  });
});

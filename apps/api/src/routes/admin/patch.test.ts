import { FEATURE_TYPES } from '@svc/protocol';
import { beforeAll, expect, it } from 'vitest';
import { adminCaller, adminToken, describeOnBothDialects } from '../../test-harness.js';

// A PATCH changes only the fields it names: the fields with defaults on create keep their stored
// values when a PATCH leaves them out, on SQLite and on PostgreSQL.
describeOnBothDialects('admin PATCH', (harness) => {
  const call = adminCaller(() => harness().app);
  let token = '';
  beforeAll(async () => {
    token = await adminToken(harness().app);
  });

  /** PATCHes one field and answers the record as read back afterwards. */
  const patchOne = async (path: string, change: object) => {
    const patched = await call('PATCH', path, token, change);
    expect(patched.status).toBe(200);
    const read = await call('GET', path, token);
    expect(read.status).toBe(200);
    return read.body as Record<string, unknown>;
  };

  it('scenarios: a PATCH of the name keeps the prompt, features, collections and settings', async () => {
    const collection = await call('POST', '/collections', token, { name: 'Kept' });
    const created = await call('POST', '/scenarios', token, {
      application_id: harness().fixture.applicationId,
      name: 'Shop',
      language: 'de-DE',
      prompt: 'You sell gear.',
      first_message: 'Hallo!',
      voice_stack: 'hosted',
      voice: { tts: { provider: 'flite', voice: 'slt' } },
      avatar_enabled: true,
      audio_dictation: true,
      limit: 9,
      collection_ids: [collection.body.id],
      features: [
        {
          name: 'Search',
          type: FEATURE_TYPES.COLLECTION_ITEMS_SEARCH,
          settings: { collection_id: collection.body.id },
          tools: [{ name: 'find_gear', type: 'frontend' }],
        },
      ],
    });
    expect(created.status).toBe(201);
    const { name: _name, updated_at: _updated, ...before } = created.body;

    const after = await patchOne(`/scenarios/${created.body.id}`, { name: 'Renamed' });
    expect(after).toMatchObject({ ...before, name: 'Renamed' });
    expect(after.features).toHaveLength(1);
  });

  it('applications: a PATCH of the name keeps the origins and limits', async () => {
    const created = await call('POST', '/applications', token, {
      name: 'Site',
      allowed_origins: ['https://shop.example'],
      limits: { requests_per_minute: 77 },
    });
    expect(created.status).toBe(201);

    const after = await patchOne(`/applications/${created.body.id}`, { name: 'Site 2' });
    expect(after).toEqual({ ...created.body, name: 'Site 2' });
    expect(after.allowed_origins).toEqual(['https://shop.example']);
  });

  it('collections: a PATCH of the name keeps the description, view and fields', async () => {
    const created = await call('POST', '/collections', token, {
      name: 'Books',
      description: 'What we sell',
      view: { template: 'card', mapping: { title: 'title' } },
      search_fields: [{ name: 'title' }],
      filter_fields: [{ name: 'Genre', filter_key: 'genre', field_type: 'enum' }],
    });
    expect(created.status).toBe(201);

    const after = await patchOne(`/collections/${created.body.id}`, { name: 'Novels' });
    expect(after).toMatchObject({ ...created.body, name: 'Novels' });
    expect(after.search_fields).toEqual([{ name: 'title', index_type: 'text' }]);
  });

  it('a PATCH that names no field changes nothing and answers the record (applications, scenarios, collections)', async () => {
    const application = await call('POST', '/applications', token, { name: 'Quiet' });
    const scenario = await call('POST', '/scenarios', token, {
      application_id: application.body.id,
      name: 'Quiet',
    });
    const collection = await call('POST', '/collections', token, { name: 'Quiet' });
    for (const path of [
      `/applications/${application.body.id}`,
      `/scenarios/${scenario.body.id}`,
      `/collections/${collection.body.id}`,
    ]) {
      const before = (await call('GET', path, token)).body as Record<string, unknown>;
      const { updated_at: _updated, ...kept } = before;
      expect(await patchOne(path, {})).toMatchObject(kept);
    }
  });
});

import type { AgentCapabilities } from '@svc/protocol/agent';
import { expect, it } from 'vitest';
import { FOREIGN_ADMIN } from '../../test-fixtures.js';
import { adminCaller, adminToken, AGENT_KEY, describeOnBothDialects } from '../../test-harness.js';

// A tenant never names an environment variable of the platform and never points the operator's
// keys at an address of its choosing; its own keys are stored sealed and reach only the agent of
// its own conversations. On SQLite and PostgreSQL.
describeOnBothDialects('provider credentials and the key rules', (harness) => {
  const call = adminCaller(() => harness().app);
  const agentConfig = async (conversationId: string) =>
    (
      await harness().app.inject({
        url: `/v1/agent/conversations/${conversationId}/config`,
        headers: { authorization: `Bearer ${AGENT_KEY}` },
      })
    ).json();
  const newScenario = async (token: string, name: string, body: object = {}) =>
    call('POST', '/scenarios', token, {
      application_id: harness().fixture.applicationId,
      name,
      ...body,
    });
  /** Stores a scenario's voice settings as an earlier version could have, past the route's checks. */
  const storeVoice = async (id: number, voice: object) => {
    const { db } = harness().fixture.database;
    const row = await db
      .selectFrom('scenarios')
      .select('definition')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const definition = { ...(JSON.parse(row.definition) as object), voice };
    await db
      .updateTable('scenarios')
      .set({ definition: JSON.stringify(definition) })
      .where('id', '=', id)
      .execute();
  };

  it('refuses on create and update every way a scenario could name a variable or send a key elsewhere', async () => {
    const token = await adminToken(harness().app);
    const refused: [object, string][] = [
      [
        {
          llm: {
            provider: 'openai-compatible',
            base_url: 'https://llm.example.com/v1',
            api_key_env: 'LIVEKIT_API_SECRET',
          },
        },
        'voice.llm.api_key_env',
      ],
      [{ stt: { provider: 'openai', api_key_env: 'SVC_AGENT_KEY' } }, 'voice.stt.api_key_env'],
      [{ tts: { provider: 'elevenlabs', api_key: 'sk-in-clear' } }, 'voice.tts.api_key'],
      [
        { llm: { provider: 'openai', base_url: 'https://collector.example.com/v1' } },
        'voice.llm.base_url',
      ],
      [
        { tts: { provider: 'cartesia', base_url: 'https://collector.example.com' } },
        'voice.tts.base_url',
      ],
      [
        { llm: { provider: 'openai-compatible', base_url: 'http://127.0.0.1:9/v1' } },
        'voice.llm.base_url',
      ],
      [
        { llm: { provider: 'openai-compatible', base_url: 'https://169.254.169.254/' } },
        'voice.llm.base_url',
      ],
      [
        { stt: { provider: 'openai-compatible', base_url: 'https://localhost:8443/' } },
        'voice.stt.base_url',
      ],
      [{ llm: { provider: 'openai-compatible' } }, 'voice.llm.base_url'],
      [
        {
          llm: {
            provider: 'openai-compatible',
            endpoint: 'lab',
            base_url: 'https://x.example.com',
          },
        },
        'voice.llm.base_url',
      ],
    ];
    const kept = (await newScenario(token, 'Kept')).body.id as number;
    for (const [voice, field] of refused) {
      const created = await newScenario(token, `Refused ${field}`, { voice });
      expect(created.status, JSON.stringify(voice)).toBe(422);
      expect(created.body.error).toContain(field);
      const updated = await call('PATCH', `/scenarios/${kept}`, token, { voice });
      expect(updated.status, JSON.stringify(voice)).toBe(422);
      expect(updated.body.error).toContain(field);
    }
    // A name the schema does not allow is a 400 of the schema.
    expect(
      (
        await newScenario(token, 'Bad name', {
          voice: { llm: { provider: 'openai', credential: 'Not A Name' } },
        })
      ).status,
    ).toBe(400);
    // What a tenant may name is accepted.
    const allowed = await newScenario(token, 'Allowed', {
      voice: {
        llm: { provider: 'openai-compatible', base_url: 'https://llm.acme.example.com/v1' },
        tts: { provider: 'elevenlabs', credential: 'acme-eleven' },
        stt: { provider: 'openai-compatible', endpoint: 'lab-whisper' },
      },
    });
    expect(allowed.status).toBe(201);
  });

  it('refuses preview, draft test runs and publish of settings stored before the rules', async () => {
    const token = await adminToken(harness().app);
    const id = (await newScenario(token, 'Stored earlier')).body.id as number;
    await storeVoice(id, {
      llm: {
        provider: 'openai-compatible',
        base_url: 'http://127.0.0.1:9/v1',
        api_key_env: 'LIVEKIT_API_SECRET',
      },
    });
    const preview = await call('POST', `/scenarios/${id}/preview`, token, {
      input_mode: 'text',
      output_mode: 'text',
    });
    expect(preview).toMatchObject({
      status: 422,
      body: { error: expect.stringContaining('voice.llm.api_key_env') },
    });
    expect(preview.body.error).toContain('voice.llm.base_url');
    await call('POST', `/scenarios/${id}/tests`, token, {
      name: 'hello',
      turns: [{ user: 'hello' }],
    });
    const run = await call('POST', `/scenarios/${id}/test-runs`, token, { target: 'draft' });
    expect(run).toMatchObject({
      status: 422,
      body: { error: expect.stringContaining('voice.llm.api_key_env') },
    });
    // A snapshot published before the rules is not served again by a rollback.
    const { db } = harness().fixture.database;
    const fine = (await newScenario(token, 'Published earlier')).body.id as number;
    const live = (await call('POST', `/scenarios/${fine}/publish`, token, { label: 'staging' }))
      .body;
    const entry = (await call('GET', `/scenarios/${fine}/history`, token)).body.history[0]
      .id as number;
    await db
      .updateTable('publication_history')
      .set({
        snapshot: JSON.stringify({
          voice: { llm: { provider: 'openai', base_url: 'http://127.0.0.1:9/v1' } },
        }),
      })
      .where('id', '=', entry)
      .execute();
    expect(
      await call('POST', `/publications/${live.uuid}/rollback`, token, { history_id: entry }),
    ).toMatchObject({
      status: 422,
      body: { error: expect.stringContaining('voice.llm.base_url') },
    });
    const published = await call('POST', `/scenarios/${id}/publish`, token, { label: 'staging' });
    expect(published).toMatchObject({
      status: 422,
      body: { error: expect.stringContaining('voice.llm.api_key_env') },
    });
  });

  it('stores a key sealed, shows only its hint, and lets only a signed-in admin change it', async () => {
    const token = await adminToken(harness().app);
    const put = await call('PUT', '/credentials/acme-llm', token, {
      provider: 'openai-compatible',
      api_key: 'acme-secret-key-1234',
      base_url: 'https://llm.acme.example.com/v1',
    });
    expect(put).toMatchObject({
      status: 201,
      body: {
        name: 'acme-llm',
        provider: 'openai-compatible',
        base_url: 'https://llm.acme.example.com/v1',
        key_hint: '…1234',
      },
    });
    expect(JSON.stringify(put.body)).not.toContain('acme-secret-key');
    expect(
      (
        await call('PUT', '/credentials/acme-llm', token, {
          provider: 'openai-compatible',
          api_key: 'acme-secret-key-5678',
          base_url: 'https://llm.acme.example.com/v1',
        })
      ).status,
    ).toBe(200);
    const listed = await call('GET', '/credentials', token);
    expect(listed.body.credentials).toEqual([
      expect.objectContaining({ name: 'acme-llm', key_hint: '…5678' }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain('acme-secret-key');
    const row = await harness()
      .fixture.database.db.selectFrom('credentials')
      .select('sealed_key')
      .where('name', '=', 'acme-llm')
      .executeTakeFirstOrThrow();
    expect(row.sealed_key).not.toContain('acme-secret-key');

    // Addresses: only openai-compatible has one, and it must be a public https host.
    for (const body of [
      { provider: 'openai-compatible', api_key: 'k', base_url: 'https://10.0.0.8/v1' },
      { provider: 'openai-compatible', api_key: 'k', base_url: 'http://llm.acme.example.com/v1' },
      { provider: 'openai-compatible', api_key: 'k' },
      { provider: 'openai', api_key: 'k', base_url: 'https://collector.example.com/v1' },
    ]) {
      const refused = await call('PUT', '/credentials/bad', token, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.error).toContain('base_url');
    }
    expect(
      (await call('PUT', '/credentials/Bad%20Name', token, { provider: 'openai', api_key: 'k' }))
        .status,
    ).toBe(400);

    // An API key may list them, not change them; another company sees none of them.
    const apiKey = (await call('POST', '/api-keys', token, { name: 'ci' })).body.key as string;
    expect((await call('GET', '/credentials', apiKey)).status).toBe(200);
    expect(
      (await call('PUT', '/credentials/acme-llm', apiKey, { provider: 'openai', api_key: 'k' }))
        .status,
    ).toBe(403);
    expect((await call('DELETE', '/credentials/acme-llm', apiKey)).status).toBe(403);
    const foreign = await adminToken(harness().app, FOREIGN_ADMIN.email);
    expect((await call('GET', '/credentials', foreign)).body.credentials).toEqual([]);
    expect((await call('DELETE', '/credentials/acme-llm', foreign)).status).toBe(404);
    expect((await call('DELETE', '/credentials/acme-llm', token)).status).toBe(204);
    expect((await call('DELETE', '/credentials/acme-llm', token)).status).toBe(404);
  });

  it("gives the agent only the credentials the conversation's scenario names, opened", async () => {
    const token = await adminToken(harness().app);
    await call('PUT', '/credentials/acme-eleven', token, {
      provider: 'elevenlabs',
      api_key: 'eleven-acme-key',
    });
    await call('PUT', '/credentials/acme-unused', token, {
      provider: 'deepgram',
      api_key: 'deepgram-acme-key',
    });
    const id = (
      await newScenario(token, 'Own voice', {
        voice: { tts: { provider: 'elevenlabs', credential: 'acme-eleven' } },
      })
    ).body.id as number;
    const preview = await call('POST', `/scenarios/${id}/preview`, token, {
      input_mode: 'text',
      output_mode: 'text',
    });
    expect(preview.status).toBe(200);
    const config = await agentConfig(preview.body.conversation_id as string);
    expect(config.credentials).toEqual({
      'acme-eleven': { provider: 'elevenlabs', api_key: 'eleven-acme-key' },
    });
    expect(JSON.stringify(config)).not.toContain('deepgram-acme-key');

    // A conversation whose scenario names none carries none (the fixture publication's visitors).
    const visitor = await harness().visitor('no-credentials');
    const plain = await agentConfig(await harness().conversation(visitor.id));
    expect(plain.credentials).toBeUndefined();

    // A credential the company lacks, or of another provider, is refused before any conversation.
    const missing = (
      await newScenario(token, 'Missing credential', {
        voice: {
          llm: { provider: 'openai', credential: 'nope' },
          stt: { provider: 'openai', credential: 'acme-eleven' },
        },
      })
    ).body.id as number;
    const refused = await call('POST', `/scenarios/${missing}/preview`, token, {
      input_mode: 'text',
      output_mode: 'text',
    });
    expect(refused).toMatchObject({ status: 422 });
    expect(refused.body.error).toContain(
      'voice.llm.credential: the company has no credential named nope',
    );
    expect(refused.body.error).toContain(
      'voice.stt.credential: the credential acme-eleven is for elevenlabs, not openai',
    );
    expect(
      (await call('POST', `/scenarios/${missing}/publish`, token, { label: 'staging' })).status,
    ).toBe(422);

    // Another company's scenario cannot name this company's credential.
    const foreign = await adminToken(harness().app, FOREIGN_ADMIN.email);
    const foreignApp = (await call('POST', '/applications', foreign, { name: 'Other shop' })).body
      .id as number;
    const stolen = (
      await call('POST', '/scenarios', foreign, {
        application_id: foreignApp,
        name: 'Borrowed',
        voice: { tts: { provider: 'elevenlabs', credential: 'acme-eleven' } },
      })
    ).body.id as number;
    expect(
      (
        await call('POST', `/scenarios/${stolen}/preview`, foreign, {
          input_mode: 'text',
          output_mode: 'text',
        })
      ).status,
    ).toBe(422);
  });

  it("checks a named endpoint against what the deployment's agent reported", async () => {
    const token = await adminToken(harness().app);
    const worker: AgentCapabilities = {
      agent_name: 'svc-agent',
      providers: { stt: ['embedded'], llm: ['embedded', 'openai-compatible'], tts: ['embedded'] },
      keys: [],
      endpoints: [{ name: 'lab-vllm', provider: 'openai-compatible', roles: ['llm'] }],
      embedded_languages: { stt: ['en'], tts: ['en'] },
    };
    await harness().app.inject({
      method: 'PUT',
      url: '/v1/agent/capabilities',
      headers: { authorization: `Bearer ${AGENT_KEY}` },
      payload: worker,
    });
    const known = (
      await newScenario(token, 'Lab', {
        voice: { llm: { provider: 'openai-compatible', endpoint: 'lab-vllm' } },
      })
    ).body.id as number;
    const unknown = (
      await newScenario(token, 'Lab other', {
        voice: { llm: { provider: 'openai-compatible', endpoint: 'other' } },
      })
    ).body.id as number;
    expect(
      (await call('POST', `/scenarios/${known}/publish`, token, { label: 'staging' })).status,
    ).toBe(200);
    expect(
      await call('POST', `/scenarios/${unknown}/publish`, token, { label: 'staging' }),
    ).toMatchObject({
      status: 422,
      body: { error: expect.stringContaining('voice.llm.endpoint') },
    });
  });
});

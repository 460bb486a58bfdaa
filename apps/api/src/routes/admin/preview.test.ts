import { expect, it } from 'vitest';
import { adminCaller, adminToken, AGENT_KEY, describeOnBothDialects } from '../../test-harness.js';

// Preview sessions on a scenario's draft, on SQLite and on PostgreSQL.
describeOnBothDialects('preview sessions', (harness) => {
  const login = (email?: string) => adminToken(harness().app, email);
  const admin = adminCaller(() => harness().app);

  it('starts a session on the draft that only the admin reaches', async () => {
    const token = await login();
    const scenario = (
      await admin('POST', '/scenarios', token, {
        application_id: harness().fixture.applicationId,
        name: 'Draft only',
        first_message: 'Draft greeting',
        collection_ids: [harness().fixture.collectionId],
      })
    ).body;
    const started = await admin('POST', `/scenarios/${scenario.id}/preview`, token, {
      input_mode: 'text',
      output_mode: 'text',
    });
    expect(started).toMatchObject({
      status: 200,
      body: {
        rt_token: expect.any(String),
        rt_url: expect.any(String),
        expires_in: 600,
        conversation_id: expect.any(String),
        publication_uuid: expect.any(String),
      },
    });
    const { conversation_id: conversationId, publication_uuid: previewUuid } = started.body;

    // The agent runs the draft.
    const config = await harness().app.inject({
      url: `/v1/agent/conversations/${conversationId}/config`,
      headers: { authorization: `Bearer ${AGENT_KEY}` },
    });
    expect(config.json()).toMatchObject({
      conversation: { input_mode: 'text', output_mode: 'text', language: 'en-US' },
      scenario: { first_message: 'Draft greeting', name: 'Draft only' },
      collections: [{ id: harness().fixture.collectionId }],
    });

    // No visitor reaches it: identify, session start and the visitor routes answer 404.
    const identify = await harness().app.inject({
      method: 'POST',
      url: '/v1/public/token',
      payload: { scenario_uuid: previewUuid, external_id: 'curious' },
    });
    expect(identify.statusCode).toBe(404);
    const visitor = await harness().visitor('curious');
    const session = await harness().app.inject({
      method: 'POST',
      url: '/v1/public/session',
      headers: { authorization: `Bearer ${visitor.token}` },
      payload: { scenario_uuid: previewUuid },
    });
    expect(session.statusCode).toBe(404);
    const resumed = await harness().app.inject({
      method: 'POST',
      url: '/v1/public/session',
      headers: { authorization: `Bearer ${visitor.token}` },
      payload: {
        scenario_uuid: harness().fixture.publicationUuid,
        resume_conversation_id: conversationId,
      },
    });
    expect(resumed.statusCode).toBe(404);
    // Nor is it a publication the admin manages.
    expect((await admin('GET', `/scenarios/${scenario.id}/publications`, token)).body).toEqual({
      publications: [],
      next_offset: null,
    });
    expect((await admin('GET', `/publications/${previewUuid}`, token)).status).toBe(404);
    expect(
      (await admin('GET', `/scenarios/${scenario.id}/diff`, token)).body.labels.map(
        (entry: { label: string }) => entry.label,
      ),
    ).toEqual(['staging', 'production']);
    // Its transcript is there for the studio's timeline; the dashboard does not count it.
    expect((await admin('GET', `/conversations/${conversationId}`, token)).body).toMatchObject({
      label: '_preview',
    });
    const ids = async (query: string) =>
      (
        await admin('GET', `/conversations?scenario_id=${scenario.id}&${query}`, token)
      ).body.conversations.map((c: { id: string }) => c.id);
    expect(await ids('previews=only')).toEqual([conversationId]);
    expect(await ids('previews=exclude')).toEqual([]);
    const stats = await admin('GET', `/stats?scenario_id=${scenario.id}`, token);
    expect(stats.body.publications).toEqual([]);

    // A changed draft: the next preview runs it, on the same hidden publication.
    await admin('PATCH', `/scenarios/${scenario.id}`, token, { first_message: 'Changed' });
    const next = await admin('POST', `/scenarios/${scenario.id}/preview`, token, {});
    expect(next.body.publication_uuid).toBe(previewUuid);
    const nextConfig = await harness().app.inject({
      url: `/v1/agent/conversations/${next.body.conversation_id}/config`,
      headers: { authorization: `Bearer ${AGENT_KEY}` },
    });
    expect(nextConfig.json().scenario.first_message).toBe('Changed');
    expect(nextConfig.json().conversation.input_mode).toBe('audio');

    const other = await login('admin@other.example');
    expect((await admin('POST', `/scenarios/${scenario.id}/preview`, other, {})).status).toBe(404);
    expect(
      (await admin('POST', `/scenarios/${scenario.id}/preview`, visitor.token, {})).status,
    ).toBe(401);
  });
});

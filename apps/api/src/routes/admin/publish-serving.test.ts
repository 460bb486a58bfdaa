import type { AgentCapabilities } from '@svc/protocol/agent';
import { expect, it } from 'vitest';
import { adminCaller, adminToken, AGENT_KEY, describeOnBothDialects } from '../../test-harness.js';

// The publish route refuses a scenario the deployment's agent cannot serve, from what the agent's
// workers reported when they started (`PUT /v1/agent/capabilities`), on SQLite and PostgreSQL.
describeOnBothDialects('publishing what the agent can serve', (harness) => {
  const call = adminCaller(() => harness().app);
  const report = (capabilities: unknown, key = AGENT_KEY) =>
    harness().app.inject({
      method: 'PUT',
      url: '/v1/agent/capabilities',
      headers: { authorization: `Bearer ${key}` },
      payload: capabilities as object,
    });
  const worker: AgentCapabilities = {
    agent_name: 'svc-agent',
    providers: {
      stt: ['embedded', 'openai', 'openai-compatible', 'deepgram', 'cartesia'],
      llm: ['embedded', 'openai', 'openai-compatible'],
      tts: ['embedded', 'openai', 'openai-compatible', 'elevenlabs', 'deepgram', 'cartesia'],
    },
    keys: ['DEEPGRAM_API_KEY'],
    embedded_languages: { stt: ['en'], tts: ['en'] },
  };

  it('answers 422 naming the field for a provider without its key or a language the engines lack', async () => {
    const token = await adminToken(harness().app);
    const scenario = async (body: object) =>
      (
        await call('POST', '/scenarios', token, {
          application_id: harness().fixture.applicationId,
          name: `Served ${JSON.stringify(body).length}`,
          ...body,
        })
      ).body.id as number;
    const publish = async (id: number) =>
      call('POST', `/scenarios/${id}/publish`, token, { label: 'staging' });
    const hostedTts = await scenario({ voice: { tts: { provider: 'elevenlabs' } } });
    const french = await scenario({ language: 'fr-FR' });
    const english = await scenario({ voice: { stt: { provider: 'deepgram' } } });

    // Before any worker reported, nothing is known to refuse on.
    expect((await publish(hostedTts)).status).toBe(200);

    // Reports need the agent key and a whole body.
    expect((await report(worker, 'not-the-key')).statusCode).toBe(401);
    expect((await report({ ...worker, keys: 'all' })).statusCode).toBe(400);
    expect((await report(worker)).json()).toEqual({ stored: true });

    expect(await publish(hostedTts)).toMatchObject({
      status: 422,
      body: {
        error:
          "voice.tts.provider: elevenlabs needs ELEVEN_API_KEY, which this deployment's agent does not have: name a credential of the company",
      },
    });
    expect(await publish(french)).toMatchObject({
      status: 422,
      body: { error: expect.stringMatching(/^language: the embedded recognizer speaks en/) },
    });
    expect((await publish(english)).status).toBe(200);

    // A worker that starts with the key (the latest report wins) serves it.
    await report({ ...worker, keys: ['DEEPGRAM_API_KEY', 'ELEVEN_API_KEY'] });
    expect((await publish(hostedTts)).status).toBe(200);
  });
});

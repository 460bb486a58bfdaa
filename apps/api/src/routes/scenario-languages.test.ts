import { expect, it } from 'vitest';
import { adminCaller, adminToken, AGENT_KEY, describeOnBothDialects } from '../test-harness.js';

// A scenario in several languages, on SQLite and PostgreSQL: a session's `language` picks one of
// the languages the scenario declares (its own and its translations'), a language it does not
// declare is refused at session start, the agent gets that language's prompt and first message,
// and publishing checks every declared language against what the agent's workers can speak.
describeOnBothDialects('a scenario in several languages', (harness) => {
  const call = adminCaller(() => harness().app);
  const app = () => harness().app;

  /** Creates and publishes a scenario; answers its publication's uuid and the response. */
  async function published(body: object) {
    const token = await adminToken(app());
    const created = await call('POST', '/scenarios', token, {
      application_id: harness().fixture.applicationId,
      name: `Languages ${Math.random()}`,
      ...body,
    });
    expect(created.status).toBe(201);
    const publish = await call('POST', `/scenarios/${created.body.id}/publish`, token, {
      label: 'production',
    });
    return { publish, uuid: publish.body?.uuid as string, scenario: created.body };
  }

  async function visitorOf(uuid: string, externalId: string) {
    const response = await app().inject({
      method: 'POST',
      url: '/v1/public/token',
      payload: { scenario_uuid: uuid, external_id: externalId },
    });
    expect(response.statusCode).toBe(200);
    return response.json().user_token as string;
  }

  const start = (token: string, body: object) =>
    app().inject({
      method: 'POST',
      url: '/v1/public/session',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });

  /** The visitor's latest conversation and the agent's runtime config for it. */
  async function latestConversation() {
    const row = await harness()
      .fixture.database.db.selectFrom('conversations')
      .select(['id', 'language'])
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const config = await app().inject({
      method: 'GET',
      url: `/v1/agent/conversations/${row.id}/config`,
      headers: { authorization: `Bearer ${AGENT_KEY}` },
    });
    expect(config.statusCode).toBe(200);
    return { id: row.id, language: row.language, scenario: config.json().scenario };
  }

  const translations = {
    'fr-FR': { prompt: 'Vous vendez du matériel de camping.', first_message: 'Bonjour !' },
    'de-DE': { first_message: 'Hallo!' },
  };

  it('starts a session in a declared language, with its prompt and first message', async () => {
    const { uuid, scenario } = await published({
      language: 'en-US',
      prompt: 'You sell camping gear.',
      first_message: 'Hello!',
      translations,
    });
    expect(scenario.translations).toEqual(translations);
    const token = await visitorOf(uuid, 'polyglot');

    // Naming none: the scenario's own language.
    expect((await start(token, { scenario_uuid: uuid })).statusCode).toBe(200);
    expect(await latestConversation()).toMatchObject({
      language: 'en-US',
      scenario: { prompt: 'You sell camping gear.', first_message: 'Hello!' },
    });

    // A regional tag of a declared language gets that language.
    expect((await start(token, { scenario_uuid: uuid, language: 'fr-CA' })).statusCode).toBe(200);
    const french = await latestConversation();
    expect(french).toMatchObject({
      language: 'fr-FR',
      scenario: { prompt: 'Vous vendez du matériel de camping.', first_message: 'Bonjour !' },
    });

    // A translation that leaves the prompt out keeps the scenario's own. (Another visitor: one
    // visitor runs at most two conversations at once.)
    const german = await visitorOf(uuid, 'polyglot-de');
    expect((await start(german, { scenario_uuid: uuid, language: 'de-de' })).statusCode).toBe(200);
    expect(await latestConversation()).toMatchObject({
      language: 'de-DE',
      scenario: { prompt: 'You sell camping gear.', first_message: 'Hallo!' },
    });

    // Resuming an ended conversation in another declared language switches it to that language
    // (a running one is joined in its room as it is).
    await harness()
      .fixture.database.db.updateTable('conversations')
      .set({ ended_at: new Date().toISOString(), end_reason: 'visitor_left' })
      .where('id', '=', french.id)
      .execute();
    const resumed = await start(token, {
      scenario_uuid: uuid,
      language: 'en',
      resume_conversation_id: french.id,
    });
    expect(resumed.statusCode).toBe(200);
    const row = await harness()
      .fixture.database.db.selectFrom('conversations')
      .select('language')
      .where('id', '=', french.id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('en-US');
  });

  it('refuses a language the scenario does not declare with 400, starting nothing', async () => {
    const { uuid } = await published({ language: 'en-US', translations });
    const token = await visitorOf(uuid, 'monolingual');
    const count = async () =>
      (
        await harness()
          .fixture.database.db.selectFrom('conversations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    const refused = await start(token, { scenario_uuid: uuid, language: 'it-IT' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'language it-IT is not one this scenario serves (en-US, fr-FR, de-DE)',
    });
    expect(Number(await count())).toBe(before);

    // Resuming in an undeclared language is refused too, and the conversation keeps its own.
    expect((await start(token, { scenario_uuid: uuid })).statusCode).toBe(200);
    const { id } = await latestConversation();
    const resume = await start(token, {
      scenario_uuid: uuid,
      language: 'es-ES',
      resume_conversation_id: id,
    });
    expect(resume.statusCode).toBe(400);
    expect((await latestConversation()).language).toBe('en-US');
  });

  it('refuses bad translations: a tag that is not BCP-47, a prompt too long', async () => {
    const token = await adminToken(app());
    const create = (body: object) =>
      call('POST', '/scenarios', token, {
        application_id: harness().fixture.applicationId,
        name: 'Bad translations',
        ...body,
      });
    // Any key fits the schema; one that is not a language tag is refused naming it.
    expect(await create({ translations: { french: { prompt: 'x' } } })).toMatchObject({
      status: 422,
      body: { error: expect.stringContaining('translations.french') },
    });
    expect(
      (await create({ translations: { 'fr-FR': { prompt: 'x'.repeat(20_001) } } })).status,
    ).toBe(400);
  });

  it("publishing names the translation whose language the agent's engines do not speak", async () => {
    const report = await app().inject({
      method: 'PUT',
      url: '/v1/agent/capabilities',
      headers: { authorization: `Bearer ${AGENT_KEY}` },
      payload: {
        agent_name: 'svc-agent',
        providers: { stt: ['embedded'], llm: ['embedded'], tts: ['embedded'] },
        keys: [],
        embedded_languages: { stt: ['en', 'fr'], tts: ['en', 'fr', 'de'] },
      },
    });
    expect(report.statusCode).toBe(200);
    const { publish } = await published({ language: 'en-US', translations });
    expect(publish.status).toBe(422);
    expect(publish.body.error).toMatch(
      /^translations\.de-DE: the embedded recognizer speaks en, fr/,
    );
    const served = await published({
      language: 'en-US',
      translations: { 'fr-FR': translations['fr-FR'] },
    });
    expect(served.publish.status).toBe(200);
  });
});

import { AGENT_PUBLICATIONS_PATH, type AgentPublicationPage } from '@svc/protocol/agent';
import { expect, it } from 'vitest';
import { createPublications } from '../publications.js';
import type { Scenario } from '../scenarios.js';
import { adminCaller, adminToken, AGENT_KEY, describeOnBothDialects } from '../test-harness.js';

// The workers' list of live publications, on SQLite and PostgreSQL: what a worker reads to
// evaluate a publication's prompt before its first conversation.
describeOnBothDialects('the live publications for the workers', (harness) => {
  const admin = adminCaller(() => harness().app);

  const list = async (query = '', key = AGENT_KEY) => {
    const response = await harness().app.inject({
      method: 'GET',
      url: `/v1${AGENT_PUBLICATIONS_PATH}${query}`,
      headers: key ? { authorization: `Bearer ${key}` } : {},
    });
    return { status: response.statusCode, body: response.json<AgentPublicationPage>() };
  };

  /** Creates a scenario (with the fixture's collection and a translation) and publishes it. */
  async function published(token: string) {
    const created = await admin('POST', '/scenarios', token, {
      application_id: harness().fixture.applicationId,
      name: `Warmed ${Math.random()}`,
      language: 'en-US',
      prompt: 'You sell camping gear.',
      collection_ids: [harness().fixture.collectionId],
      translations: { 'fr-FR': { prompt: 'Vous vendez du matériel de camping.' } },
    });
    expect(created.status).toBe(201);
    const publish = await admin('POST', `/scenarios/${created.body.id}/publish`, token, {
      label: 'production',
    });
    expect(publish.status).toBe(200);
    return { uuid: publish.body.uuid as string, scenario: created.body as Scenario };
  }

  it('refuses a caller without the agent key', async () => {
    expect((await list('', '')).status).toBe(401);
    expect((await list('', 'not-the-key')).status).toBe(401);
  });

  it('lists the most recent, then what is published since the cursor, oldest first', async () => {
    // A label published without a history entry (as the demo is seeded) is listed on a first
    // read, the oldest.
    const seeded = await list('?limit=50');
    expect(seeded.body.publications[0]?.uuid).toBe(harness().fixture.publicationUuid);

    const token = await adminToken(harness().app);
    const latest = await published(token);
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.publications.at(-1)?.uuid).toBe(latest.uuid);
    expect((await list(`?after=${first.body.next}`)).body).toEqual({
      publications: [],
      next: first.body.next,
    });

    const one = await published(token);
    const two = await published(token);
    const since = await list(`?after=${first.body.next}`);
    expect(since.status).toBe(200);
    expect(since.body.publications.map((publication) => publication.uuid)).toEqual([
      one.uuid,
      two.uuid,
    ]);
    const [listed] = since.body.publications;
    expect(listed?.languages).toEqual(['en-US', 'fr-FR']);
    expect(listed?.scenario.prompt).toBe('You sell camping gear.');
    expect(listed?.scenario.translations?.['fr-FR']?.prompt).toBe(
      'Vous vendez du matériel de camping.',
    );
    expect(listed?.collections.map((collection) => collection.id)).toEqual([
      harness().fixture.collectionId,
    ]);
    expect(Number(since.body.next)).toBeGreaterThan(Number(first.body.next));

    // Published again, a publication is listed again after the cursor; a page holds `limit`.
    const again = await admin('POST', `/scenarios/${one.scenario.id}/publish`, token, {
      label: 'production',
    });
    expect(again.status).toBe(200);
    const republished = await list(`?after=${since.body.next}&limit=1`);
    expect(republished.body.publications.map((publication) => publication.uuid)).toEqual([
      one.uuid,
    ]);
    expect((await list('?limit=1')).body.publications.map((p) => p.uuid)).toEqual([one.uuid]);

    // Unpublished, it is not listed; nor is a preview of a draft, which has no history.
    expect((await admin('POST', `/publications/${two.uuid}/unpublish`, token)).status).toBe(200);
    const preview = await createPublications(harness().fixture.database).preview(two.scenario);
    const uuids = (await list(`?after=${first.body.next}`)).body.publications.map((p) => p.uuid);
    expect(uuids).not.toContain(two.uuid);
    expect(uuids).not.toContain(preview.uuid);
  });

  it('refuses a cursor or a limit out of range, with an error body', async () => {
    for (const query of ['?after=-1', '?after=x', '?after=2147483648', '?limit=0', '?limit=51']) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toHaveProperty('error');
    }
  });
});

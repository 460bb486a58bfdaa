import type { Embedder } from '@svc/embeddings';
import { FEATURE_TYPES } from '@svc/protocol';
import { expect, it } from 'vitest';
import { patchPublicationSnapshot } from '../testing/publication-snapshot.js';
import { FOREIGN_ADMIN } from '../test-fixtures.js';
import { adminToken, AGENT_KEY, describeOnBothDialects, type Harness } from '../test-harness.js';

/** Uploads, attaches and searches through the routes, on the suite's app. */
function helpers(harness: () => Harness) {
  const upload = async (token: string, title: string, text: string): Promise<number> => {
    const response = await harness().app.inject({
      method: 'POST',
      url: `/v1/admin/knowledge/documents?title=${encodeURIComponent(title)}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: text,
    });
    return response.json().id as number;
  };
  /** Attaches `documentIds` to the fixture publication and opens a conversation on it. */
  const conversationWith = async (documentIds: number[]) => {
    await patchPublicationSnapshot(
      harness().fixture.database,
      harness().fixture.publicationUuid,
      (snapshot) => ({
        ...snapshot,
        features: [
          ...(snapshot.features ?? []).filter(
            (feature) => feature.type !== FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH,
          ),
          {
            name: 'Clinic knowledge',
            type: FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH,
            settings: { document_ids: documentIds },
            tools: [],
          },
        ],
      }),
    );
    const visitor = await harness().visitor(`patient-${Math.random()}`);
    return harness().conversation(visitor.id);
  };
  const search = async (conversationId: string, query: string) => {
    const response = await harness().app.inject({
      method: 'POST',
      url: `/v1/agent/conversations/${conversationId}/knowledge/search`,
      headers: { authorization: `Bearer ${AGENT_KEY}` },
      payload: { query },
    });
    return { status: response.statusCode, body: response.json() };
  };
  return { upload, conversationWith, search };
}

// The agent searches only the documents its published scenario attached, of its own company, and
// is told to say it does not know when nothing relevant is found. On SQLite and PostgreSQL.
describeOnBothDialects('the agent’s knowledge search', (harness) => {
  const { upload, conversationWith, search } = helpers(harness);

  it('gives the model the attached documents’ passages with their titles, and nothing else', async () => {
    const token = await adminToken(harness().app);
    const hours = await upload(
      token,
      'Opening hours',
      'The clinic is open Monday to Friday from 8:00 to 18:30 and on Saturday from 9:00 to 13:00.',
    );
    const fees = await upload(
      token,
      'Fees for private services',
      'A holiday cancellation form costs 35 pounds and an insurance report 110 pounds.',
    );
    const theirs = await upload(
      await adminToken(harness().app, FOREIGN_ADMIN.email),
      'Opening hours',
      'We are open around the clock, every day of the year.',
    );
    const conversation = await conversationWith([hours, theirs]);
    const found = await search(conversation, 'What time do you close on weekdays?');
    expect(found.status).toBe(200);
    expect(found.body.ok).toBe(true);
    expect(found.body.result.passages).toEqual([
      {
        document: 'Opening hours',
        text: 'The clinic is open Monday to Friday from 8:00 to 18:30 and on Saturday from 9:00 to 13:00.',
        similarity: expect.any(Number),
      },
    ]);
    expect(found.body.result.confident).toBe(true);
    expect(found.body.note).toMatch(/only from these passages/);
    // The fees document is the company's, but this scenario did not attach it.
    const notAttached = await search(conversation, 'How much is a holiday cancellation form?');
    expect(JSON.stringify(notAttached.body)).not.toContain('35 pounds');
    expect(fees).toBeGreaterThan(0);
  });

  it('says it does not know when nothing relevant is attached', async () => {
    const conversation = await conversationWith([]);
    const answer = await search(conversation, 'Do you offer acupuncture?');
    expect(answer).toMatchObject({
      status: 200,
      body: {
        ok: true,
        result: { passages: [], confident: false },
        note: expect.stringMatching(/do not know/),
      },
    });
  });

  it('tells a passage only near the question from one that answers it', async () => {
    const token = await adminToken(harness().app);
    const physiotherapy = await upload(
      token,
      'Physiotherapy',
      'You can refer yourself to the community physiotherapy team for back, neck and joint pain.',
    );
    const conversation = await conversationWith([physiotherapy]);
    const near = await search(conversation, 'Do you offer massages?');
    expect(near.body.result.passages).toMatchObject([{ document: 'Physiotherapy' }]);
    expect(near.body.result.confident).toBe(false);
    expect(near.body.note).toMatch(/may not answer it/);
    const answers = await search(conversation, 'My back hurts, who can help?');
    expect(answers.body.result.confident).toBe(true);
  });

  it('refuses a caller without the agent key', async () => {
    const conversation = await conversationWith([]);
    const response = await harness().app.inject({
      method: 'POST',
      url: `/v1/agent/conversations/${conversation}/knowledge/search`,
      payload: { query: 'hours' },
    });
    expect(response.statusCode).toBe(401);
  });
});

/**
 * A model of a few meanings: a text's vector marks which of the words it holds, so a text shares
 * its words' meanings, and each word shared counts alike.
 */
function wordModel(words: readonly string[]): Embedder {
  return {
    dimension: words.length,
    model: 'word-model',
    async embed(text) {
      const lower = text.toLowerCase();
      const vector = Float32Array.from(words, (word) => (lower.includes(word) ? 1 : 0));
      const norm = Math.hypot(...vector);
      return norm > 0 ? vector.map((value) => value / norm) : vector;
    },
  };
}

const VACCINES = [
  'flu',
  'travel',
  'baby',
  'covid',
  'hpv',
  'measles',
  'polio',
  'rabies',
  'typhoid',
  'tetanus',
  'cholera',
];

// Whether the first passage answers is judged by how far it stands above the passages next to it,
// not by how near it is: a question no document covers, on the subject of many, is as near to
// each of them (cosine 0.5 here, above the 0.4 an answer once needed) and none stands out.
describeOnBothDialects(
  'the agent’s knowledge search, judging the first passage',
  (harness) => {
    const { upload, conversationWith, search } = helpers(harness);

    it('reads a passage apart from the rest as the answer, not one among several as near', async () => {
      const token = await adminToken(harness().app);
      const ids: number[] = [];
      for (const vaccine of VACCINES)
        ids.push(
          await upload(token, `${vaccine} vaccine`, `Ask the nurse about the ${vaccine} vaccine.`),
        );
      const conversation = await conversationWith(ids);

      const covered = await search(conversation, 'When can I get the flu vaccine?');
      expect(covered.body.result.passages[0]).toMatchObject({
        document: 'flu vaccine',
        similarity: 1,
      });
      expect(covered.body.result.confident).toBe(true);

      const uncovered = await search(conversation, 'Do you give the shingles vaccine?');
      expect(uncovered.body.result.passages[0]).toMatchObject({ similarity: 0.5 });
      expect(uncovered.body.result.confident).toBe(false);
      expect(uncovered.body.note).toMatch(/may not answer it/);
    });
  },
  { embedder: async () => wordModel(['vaccine', 'shingles', ...VACCINES]) },
);

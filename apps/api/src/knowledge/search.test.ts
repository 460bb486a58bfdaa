import type { Embedder } from '@svc/embeddings';
import { expect, it } from 'vitest';
import { describeOnBothDialects } from '../test-harness.js';
import { createKnowledgeBase } from './index.js';
import { marginOf, RELEVANCE_THRESHOLD } from './search.js';
import type { KnowledgeTables } from './store.js';

/** A model of three meanings: a text's vector marks which of the words it holds. */
function keywordModel(model: string): Embedder {
  const words = ['parking', 'opening', 'refund'];
  return {
    dimension: words.length,
    model,
    async embed(text) {
      const vector = Float32Array.from(words, (word) => (text.includes(word) ? 1 : 0));
      const norm = Math.hypot(...vector);
      return norm > 0 ? vector.map((value) => value / norm) : vector;
    },
  };
}

/** A model that sees every text alike, standing for vectors another model made. */
const formerModel: Embedder = {
  dimension: 3,
  model: 'former-model',
  async embed() {
    return Float32Array.from([1, 0, 0]);
  },
};

// A change of embedding model: passages stored with the former model's vectors are embedded again
// with the current one when first searched, and the document records which model made them.
describeOnBothDialects('the knowledge search after a change of model', (harness) => {
  it('embeds a document of another model again, then ranks it by the new vectors', async () => {
    const { database, companyId } = harness().fixture;
    const upload = (title: string, text: string) =>
      createKnowledgeBase(database, async () => formerModel).add(companyId, {
        title,
        type: 'text/plain',
        bytes: new TextEncoder().encode(text),
        source: 'upload',
      });
    const parking = await upload('Getting here', 'Free parking behind the building.');
    const hours = await upload('Hours', 'Our opening hours are nine to five.');

    const current = keywordModel('current-model');
    const knowledge = createKnowledgeBase(database, async () => current);
    const hits = await knowledge.search.search(
      { companyId, documentIds: [parking.id, hours.id] },
      'opening times?',
      2,
    );
    expect(hits[0]?.document_id).toBe(hours.id);
    expect(hits[0]?.similarity).toBeCloseTo(1, 5);

    const models = await database.db
      .withTables<KnowledgeTables>()
      .selectFrom('knowledge_documents')
      .select(['id', 'embedding_model'])
      .where('id', 'in', [parking.id, hours.id])
      .execute();
    expect(models.map((row) => row.embedding_model)).toEqual(['current-model', 'current-model']);
  });
});

// The margin says how far a passage stands above the next ones, which is what tells a question a
// document answers from one only near the subject of several.
it('measures a margin from the ten best others, counting those a small scope lacks at the floor', () => {
  const ranking = [0.9, 0.5, ...Array.from({ length: 12 }, () => 0.3)].map((similarity) => ({
    similarity,
  }));
  // The ten best after the first: 0.5 and nine at 0.3.
  expect(marginOf(ranking, 0)).toBeCloseTo(0.9 - (0.5 + 9 * 0.3) / 10, 6);
  // The second is measured against the first and nine at 0.3.
  expect(marginOf(ranking, 1)).toBeCloseTo(0.5 - (0.9 + 9 * 0.3) / 10, 6);
  // A lone passage stands above the floor by its similarity less the floor.
  expect(marginOf([{ similarity: 0.6 }], 0)).toBeCloseTo(0.6 - RELEVANCE_THRESHOLD, 6);
});

describeOnBothDialects('the knowledge search’s margin', (harness) => {
  it('gives the first passage the margin by which it stands above the next', async () => {
    const { database, companyId } = harness().fixture;
    const knowledge = createKnowledgeBase(database, async () => keywordModel('margin-model'));
    const documents: [title: string, text: string][] = [
      ['Getting here', 'Free parking behind the building.'],
      ['Hours', 'Our opening hours are nine to five.'],
      ['Parking and hours', 'The parking opening hours follow the clinic’s.'],
    ];
    const ids: number[] = [];
    for (const [title, text] of documents) {
      const stored = await knowledge.add(companyId, {
        title,
        type: 'text/plain',
        bytes: new TextEncoder().encode(text),
        source: 'upload',
      });
      ids.push(stored.id);
    }
    const [first, second] = await knowledge.search.search(
      { companyId, documentIds: ids },
      'is there parking?',
      2,
    );
    expect(first?.similarity).toBeCloseTo(1, 5);
    // The others: the passage of both words (cosine 1/√2), the hours' (0), eight the scope lacks.
    expect(first?.margin).toBeCloseTo(1 - (Math.SQRT1_2 + 8 * RELEVANCE_THRESHOLD) / 10, 5);
    expect(second?.margin).toBeCloseTo(Math.SQRT1_2 - (1 + 8 * RELEVANCE_THRESHOLD) / 10, 5);
  });
});

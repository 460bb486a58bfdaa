import type { Embedder } from '@svc/embeddings';
import { expect, it } from 'vitest';
import { describeOnBothDialects } from '../test-harness.js';
import { createKnowledgeBase } from './index.js';
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

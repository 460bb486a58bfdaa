import type { Embedder } from '@svc/embeddings';
import { describe, expect, it } from 'vitest';
import { sentenceEmbedders } from './sentence-embedders.js';

/** An embedder whose vectors say which model made them. */
function marked(mark: number): Embedder {
  return {
    dimension: 1,
    model: `model-${mark}`,
    embed: () => Promise.resolve(Float32Array.of(mark)),
  };
}

describe("the model host's sentence embedders", () => {
  it('embeds English with the English model and other languages with the multilingual one, each loaded once', async () => {
    const loads: string[] = [];
    const embed = sentenceEmbedders({
      english: () => (loads.push('english'), Promise.resolve(marked(1))),
      multilingual: () => (loads.push('multilingual'), Promise.resolve(marked(2))),
    });
    expect(await embed(['a', 'b'], 'en-GB')).toEqual([Float32Array.of(1), Float32Array.of(1)]);
    expect(await embed(['c'], 'fr')).toEqual([Float32Array.of(2)]);
    expect(await embed(['d'], 'EN')).toEqual([Float32Array.of(1)]);
    expect(loads).toEqual(['english', 'multilingual']);
  });

  it('loads a model again after it failed to load', async () => {
    let fail = true;
    const embed = sentenceEmbedders({
      english: () =>
        fail ? Promise.reject(new Error('not installed')) : Promise.resolve(marked(1)),
      multilingual: () => Promise.resolve(marked(2)),
    });
    await expect(embed(['a'], 'en')).rejects.toThrow('not installed');
    fail = false;
    expect(await embed(['a'], 'en')).toEqual([Float32Array.of(1)]);
  });
});

// The model host's sentence embedders: all-MiniLM-L6-v2 for English, the Universal Sentence
// Encoder Multilingual for other languages (as the API reads meaning), each loaded on first use
// from the set-up's cache and shared by every conversation of the worker.
import { loadMiniLm, loadUse, minilmFolder, useFolder, type Embedder } from '@svc/embeddings';
import { languageOf } from '@svc/languages';
import type { HostEmbedder } from './host.js';

/**
 * Embeds with MiniLM in English and USE in other languages, each model loaded once when first
 * asked for; a model that fails to load is tried again at the next request.
 */
export function sentenceEmbedders(
  load: { english: () => Promise<Embedder>; multilingual: () => Promise<Embedder> } = {
    english: () => loadMiniLm(minilmFolder()),
    multilingual: () => loadUse(useFolder()),
  },
): HostEmbedder {
  const loaded = new Map<'english' | 'multilingual', Promise<Embedder>>();
  const model = (which: 'english' | 'multilingual') => {
    let embedder = loaded.get(which);
    if (!embedder) {
      embedder = load[which]();
      loaded.set(which, embedder);
      embedder.catch(() => loaded.delete(which));
    }
    return embedder;
  };
  return async (texts, language) => {
    const embedder = await model(languageOf(language) === 'en' ? 'english' : 'multilingual');
    const vectors: Float32Array[] = [];
    // One at a time: the host's cores serve the LLM and the recognizer too.
    for (const text of texts) vectors.push(await embedder.embed(text));
    return vectors;
  };
}

// The knowledge base: documents per company, split into passages, searched by words and meaning.
import { loadMiniLm, loadUse, minilmFolder, useFolder, type Embedder } from '@svc/embeddings';
import type { OpenDatabase } from '../db/database.js';
import { HttpError } from '../errors.js';
import { extractText, type DocumentType } from './extract.js';
import { splitPassages } from './passages.js';
import { createKnowledgeSearch, type KnowledgeFusion, type KnowledgeSearch } from './search.js';
import { createKnowledgeStore, type KnowledgeDocument, type KnowledgeStore } from './store.js';

export { DOCUMENT_TYPES, documentTypeOf, extractText, type DocumentType } from './extract.js';
export { MAX_PASSAGE_CHARS, splitPassages, type Passage } from './passages.js';
export {
  ANSWER_MARGIN,
  RELEVANCE_THRESHOLD,
  type KnowledgeFusion,
  type KnowledgeHit,
  type KnowledgeScope,
  type KnowledgeSearch,
} from './search.js';
export type { KnowledgeDocument, KnowledgeStore, StoredPassage } from './store.js';

/** The largest document accepted, in bytes (a PDF of a few hundred pages). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** The most passages one document may become: about 700 pages of text. */
export const MAX_DOCUMENT_PASSAGES = 2000;

/** A document to add: its bytes as uploaded or fetched, and what they are. */
export interface DocumentUpload {
  title: string;
  type: DocumentType;
  bytes: Uint8Array;
  source: 'upload' | 'url';
  source_url?: string | undefined;
}

/** The store, the search and the way in for new documents. */
export interface KnowledgeBase {
  store: KnowledgeStore;
  search: KnowledgeSearch;
  /** Reads, splits, embeds and stores a document; 413 or 422 when it cannot be. */
  add(companyId: number, upload: DocumentUpload): Promise<KnowledgeDocument>;
}

/**
 * The embedder the API uses unless told otherwise: all-MiniLM-L6-v2 from the set-up's cache,
 * loaded once (it found the answering document first for 88% of the dev questions, wordllama's
 * table for 67%: bench/knowledge).
 */
export function defaultEmbedder(): () => Promise<Embedder> {
  return loadedOnce(() => loadMiniLm(minilmFolder()));
}

/**
 * The embedder of the items of collections in French, Spanish and German unless told otherwise:
 * Universal Sentence Encoder Multilingual from the set-up's cache, loaded once. MiniLM reads
 * English only; this one places a sentence and its translation near each other.
 */
export function defaultMultilingualEmbedder(): () => Promise<Embedder> {
  return loadedOnce(() => loadUse(useFolder()));
}

/** `load` once, again after a failure, which answers 503 (the set-up installs the models). */
function loadedOnce(load: () => Promise<Embedder>): () => Promise<Embedder> {
  let loading: Promise<Embedder> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new HttpError(
        503,
        `the embedding model is not installed (run node scripts/setup.mjs): ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    return loading;
  };
}

/** The knowledge base over an open database. */
export function createKnowledgeBase(
  database: OpenDatabase,
  embedder: () => Promise<Embedder> = defaultEmbedder(),
  fusion?: KnowledgeFusion,
): KnowledgeBase {
  const store = createKnowledgeStore(database, embedder);
  return {
    store,
    search: createKnowledgeSearch(database, embedder, fusion),
    async add(companyId, upload) {
      if (upload.bytes.byteLength > MAX_DOCUMENT_BYTES)
        throw new HttpError(413, `a document is at most ${MAX_DOCUMENT_BYTES} bytes`);
      const text = await extractText(upload.bytes, upload.type);
      const passages = splitPassages(text);
      if (passages.length > MAX_DOCUMENT_PASSAGES)
        throw new HttpError(
          422,
          `the document makes ${passages.length} passages, more than ${MAX_DOCUMENT_PASSAGES}: split it`,
        );
      return store.create(companyId, {
        title: upload.title,
        source: upload.source,
        source_url: upload.source_url,
        content_type: upload.type,
        bytes: upload.bytes.byteLength,
        text_chars: text.length,
        passages,
      });
    },
  };
}

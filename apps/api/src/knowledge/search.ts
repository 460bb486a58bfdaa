// Hybrid search over a scope of documents: a vector ranking (cosine of unit vectors) picks the
// candidates, a full-text ranking of them (FTS5's bm25 on SQLite, `ts_rank` on PostgreSQL) lifts
// those whose words match, and the two are fused by reciprocal rank.
// The vectors are ranked in this process, on both dialects alike: a document's passages never
// change, so their vectors are read once and kept (up to a bound), and a search reads only which
// documents of the scope still exist. At 10,000 passages of 384 numbers that is about 3.8 million
// multiply-adds a question: a few milliseconds, no database extension needed.
import type { Embedder } from '@svc/embeddings';
import { sql } from 'kysely';
import { queryTerms } from '../collections/search.js';
import type { OpenDatabase } from '../db/database.js';
import { dot, vectorFromBytes } from '../vectors.js';
import { ENGLISH_STOP_WORDS } from '../stop-words.js';
import { reembedDocuments, type KnowledgeTables } from './store.js';

/** Where a search looks: a company's documents, only those listed. */
export interface KnowledgeScope {
  companyId: number;
  documentIds: readonly number[];
}

/** A passage found, with its document and how it ranked. */
export interface KnowledgeHit {
  passage_id: number;
  document_id: number;
  document_title: string;
  position: number;
  heading: string | null;
  text: string;
  /** The fused score (reciprocal rank fusion), higher is better. */
  score: number;
  /** The cosine similarity of the question and the passage, -1 to 1. */
  similarity: number;
  /**
   * How far `similarity` stands above the mean similarity of the ten other passages most like the
   * question (one the scope lacks counting as {@link RELEVANCE_THRESHOLD}): large when the passage
   * alone is about the question, small when it is one of several only near it.
   */
  margin: number;
  /** 1-based rank in the full-text ranking of the vector candidates; null when its words did not match. */
  text_rank: number | null;
  /** 1-based rank in the vector ranking; every passage found is one of its candidates. */
  vector_rank: number | null;
}

/** The knowledge base's search. */
export interface KnowledgeSearch {
  search(scope: KnowledgeScope, question: string, limit: number): Promise<KnowledgeHit[]>;
}

/**
 * The constant of reciprocal rank fusion and the weight of the full-text ranking in it, chosen on
 * the knowledge sets' dev parts (bench/knowledge): questions asked in other words than the
 * documents use are found by meaning far more than by words, so the words' ranking only lifts a
 * passage the vectors already rank near the top (see the README for the figures).
 */
const FUSION_K = 5;
const TEXT_WEIGHT = 0.1;

/**
 * The similarity (MiniLM's) under which a passage is not relevant enough to answer from, chosen on
 * the knowledge sets' dev parts: at 0.25, 38 of the 39 questions whose answer is found keep it
 * (the 39th's best is 0.22), and 6 of 10 questions none covers still find a passage above it
 * (9 at 0.2; 0.3 keeps and passes the same), so the model's instructions (answer only from the
 * passages) do the rest; this only keeps what is plainly off the subject away.
 */
export const RELEVANCE_THRESHOLD = 0.25;

/**
 * The margin (MiniLM's similarity above the mean of the ten next passages, `KnowledgeHit.margin`)
 * from which the best passage is taken to answer the question by itself; under it, a relevant
 * passage may be only near the subject ("do you do acupuncture?" finds the physiotherapy passage),
 * and the agent says it has nothing on exactly that before it reads what it found. A question no
 * document covers finds a passage near its subject among others as near, one a document answers
 * finds that document apart from the rest; how near the best is says less (several uncovered
 * questions reach 0.35-0.45, as do covered ones asked in other words). Chosen on the knowledge
 * sets' dev parts (bench/knowledge): at 0.15, none of the 10 questions no document covers is above
 * it and 31 of the 37 whose first passage answers are (the similarity 0.4 used before: 1 uncovered
 * above, 30 of 37). With the missing ones counted at the floor, a lone passage asks 0.4 as before.
 */
export const ANSWER_MARGIN = 0.15;

/** How many of the next passages make the reference a passage's margin is measured from. */
const MARGIN_PASSAGES = 10;

/** How many of each ranking are fused: enough that one ranking's 10th can be lifted by the other. */
const CANDIDATES = 50;

/**
 * The vectors' first pass, for a model whose prefix is itself an embedding (the embedder's
 * `prefixWidth`): the question is compared with that prefix of every passage, and only the
 * ROUGH_CANDIDATES best are compared whole. With wordllama, a quarter of the work over 10,000
 * passages and the same dev retrieval (bench/knowledge); other models are compared whole.
 */
const ROUGH_CANDIDATES = 500;

/** Passages whose vectors are kept in memory, over every document (about 1.5 KB each at 384). */
const CACHED_PASSAGES = 200_000;

interface DocumentVectors {
  ids: number[];
  vectors: Float32Array;
}

/** How the two rankings are fused (the benchmark tries others; the API uses the defaults). */
export interface KnowledgeFusion {
  /** The reciprocal rank fusion's constant. */
  k: number;
  /** The full-text ranking's weight against the vectors' 1 (0: the vectors alone). */
  textWeight: number;
}

/** The search over an open database; `embedder` embeds the question as the passages were. */
export function createKnowledgeSearch(
  database: OpenDatabase,
  embedder: () => Promise<Embedder>,
  fusion: KnowledgeFusion = { k: FUSION_K, textWeight: TEXT_WEIGHT },
): KnowledgeSearch {
  const db = database.db.withTables<KnowledgeTables>();
  const cache = new Map<number, DocumentVectors>();
  let cachedPassages = 0;

  async function vectorsOf(documentIds: number[], model: Embedder): Promise<DocumentVectors[]> {
    const missing = documentIds.filter((id) => !cache.has(id));
    if (missing.length > 0) {
      // Embedded lazily, when first searched after a change of model: no start-up waits on every
      // company's documents, and a document nobody searches costs nothing.
      await reembedDocuments(database, missing, model);
      const rows = await db
        .selectFrom('knowledge_passages as p')
        .innerJoin('knowledge_documents as d', 'd.id', 'p.document_id')
        .select(['p.id', 'p.document_id', 'p.embedding', 'd.embedding_model'])
        .where('p.document_id', 'in', missing)
        .orderBy('p.id')
        .execute();
      const byDocument = new Map<number, typeof rows>();
      for (const row of rows) {
        // Embedded again above; one another process embedded meanwhile is left out, not compared.
        if (row.embedding_model !== model.model) continue;
        const passages = byDocument.get(row.document_id);
        if (passages) passages.push(row);
        else byDocument.set(row.document_id, [row]);
      }
      for (const id of missing) {
        const passages = byDocument.get(id) ?? [];
        const width = passages[0] ? passages[0].embedding.byteLength / 4 : 0;
        const vectors = new Float32Array(passages.length * width);
        passages.forEach((passage, index) => {
          const bytes = passage.embedding;
          vectors.set(vectorFromBytes(bytes), index * width);
        });
        if (cachedPassages + passages.length > CACHED_PASSAGES) {
          cache.clear();
          cachedPassages = 0;
        }
        cache.set(id, { ids: passages.map((passage) => passage.id), vectors });
        cachedPassages += passages.length;
      }
    }
    return documentIds.flatMap((id) => cache.get(id) ?? []);
  }

  /** The `count` passages most like the question, best first (ties in the scope's order). */
  async function vectorRanking(
    documentIds: number[],
    question: Float32Array,
    model: Embedder,
    count: number,
  ): Promise<{ id: number; similarity: number }[]> {
    const width = question.length;
    const prefix = Math.min(width, model.prefixWidth ?? width);
    const stored = await vectorsOf(documentIds, model);
    const total = stored.reduce((sum, { ids }) => sum + ids.length, 0);
    // First pass, when it saves work: the prefix of every vector, for a floor that lets the
    // widest few through.
    const rough = new Float32Array(total).fill(Infinity);
    let next = 0;
    let floor = -Infinity;
    if (prefix < width && total > ROUGH_CANDIDATES) {
      for (const { ids, vectors } of stored) {
        for (let row = 0; row < ids.length; row += 1) {
          rough[next] = dot(vectors, row * width, question, prefix);
          next += 1;
        }
      }
      floor = rough.slice().sort()[total - ROUGH_CANDIDATES] ?? -Infinity;
    }
    // Second pass: the whole width for those over the floor, the best kept in order as they come.
    const best: { id: number; similarity: number }[] = [];
    next = 0;
    for (const { ids, vectors } of stored) {
      for (let row = 0; row < ids.length; row += 1, next += 1) {
        if ((rough[next] ?? -Infinity) < floor) continue;
        const similarity = dot(vectors, row * width, question, width);
        if (best.length === count && similarity <= (best.at(-1)?.similarity ?? -Infinity)) continue;
        let at = best.length;
        while (at > 0 && (best[at - 1]?.similarity ?? Infinity) < similarity) at -= 1;
        best.splice(at, 0, { id: ids[row] ?? 0, similarity });
        if (best.length > count) best.pop();
      }
    }
    return best;
  }

  /**
   * The candidates ordered by how well their words match, best first; those whose words do not
   * match are left out. Only the vector candidates are ranked: with the fusion's weights a passage
   * found by its words alone scores at most TEXT_WEIGHT / (FUSION_K + 1), under every vector
   * candidate's 1 / (FUSION_K + CANDIDATES), so it could never reach a result (at most 20). Ranking
   * every matching passage instead cost most of a search over 10,000 passages whose words match by
   * the thousand (bench/knowledge/latency.ts).
   */
  async function textRanking(candidates: number[], terms: string[]): Promise<number[]> {
    if (terms.length === 0 || candidates.length === 0) return [];
    if (database.dialect === 'postgres') {
      const query = sql`to_tsquery('english', ${terms.join(' | ')})`;
      const rows = await sql<{ id: number }>`select id from knowledge_passages
        where id in (${sql.join(candidates)}) and search_vector @@ ${query}
        order by ts_rank(search_vector, ${query}) desc, id`.execute(db);
      return rows.rows.map((row) => row.id);
    }
    // Whole words: both indexes stem (porter, `english`), and a prefix query costs about half as
    // much again.
    const match = [...new Set(terms)].map((term) => `"${term}"`).join(' OR ');
    const rows = await sql<{ id: number }>`select rowid as id from knowledge_passages_fts
      where knowledge_passages_fts match ${match} and rowid in (${sql.join(candidates)})
      order by bm25(knowledge_passages_fts), rowid`.execute(db);
    return rows.rows.map((row) => row.id);
  }

  return {
    async search(scope, question, limit) {
      if (scope.documentIds.length === 0) return [];
      const documentIds = (
        await db
          .selectFrom('knowledge_documents')
          .select('id')
          .where('company_id', '=', scope.companyId)
          .where('id', 'in', [...scope.documentIds])
          .execute()
      ).map((row) => row.id);
      if (documentIds.length === 0) return [];
      const model = await embedder();
      const byVector = await vectorRanking(
        documentIds,
        await model.embed(question),
        model,
        CANDIDATES,
      );
      const byText = await textRanking(
        byVector.map(({ id }) => id),
        queryTerms(question).filter((term) => !ENGLISH_STOP_WORDS.has(term)),
      );
      const fused = new Map<
        number,
        {
          score: number;
          similarity: number;
          margin: number;
          text: number | null;
          vector: number | null;
        }
      >();
      byVector.forEach(({ id, similarity }, index) =>
        fused.set(id, {
          score: 1 / (fusion.k + index + 1),
          similarity,
          margin: marginOf(byVector, index),
          text: null,
          vector: index + 1,
        }),
      );
      byText.forEach((id, index) => {
        const entry = fused.get(id);
        if (!entry) return;
        entry.score += fusion.textWeight / (fusion.k + index + 1);
        entry.text = index + 1;
      });
      const top = [...fused.entries()]
        .sort((a, b) => b[1].score - a[1].score || a[0] - b[0])
        .slice(0, limit);
      if (top.length === 0) return [];
      const rows = await db
        .selectFrom('knowledge_passages as p')
        .innerJoin('knowledge_documents as d', 'd.id', 'p.document_id')
        .select(['p.id', 'p.document_id', 'p.position', 'p.heading', 'p.text', 'd.title'])
        .where(
          'p.id',
          'in',
          top.map(([id]) => id),
        )
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return top.flatMap(([id, rank]) => {
        const row = byId.get(id);
        if (!row) return [];
        return [
          {
            passage_id: id,
            document_id: row.document_id,
            document_title: row.title,
            position: row.position,
            heading: row.heading,
            text: row.text,
            score: rank.score,
            similarity: rank.similarity,
            margin: rank.margin,
            text_rank: rank.text,
            vector_rank: rank.vector,
          },
        ];
      });
    },
  };
}

/**
 * The margin of the `index`th of a vector ranking (best first): its similarity less the mean of
 * the ten best others. A scope of fewer passages counts each one it lacks at the relevance floor,
 * as the nearest unrelated passage would be, so a lone passage is judged by its similarity alone.
 */
export function marginOf(ranking: readonly { similarity: number }[], index: number): number {
  const similarity = ranking[index]?.similarity ?? -1;
  let sum = 0;
  let counted = 0;
  for (let at = 0; at < ranking.length && counted < MARGIN_PASSAGES; at += 1) {
    if (at === index) continue;
    sum += ranking[at]?.similarity ?? RELEVANCE_THRESHOLD;
    counted += 1;
  }
  sum += (MARGIN_PASSAGES - counted) * RELEVANCE_THRESHOLD;
  return similarity - sum / MARGIN_PASSAGES;
}

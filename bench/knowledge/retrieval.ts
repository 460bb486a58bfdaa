// Retrieval on the knowledge sets: each set's documents stored as a company's knowledge base (on
// SQLite, or PostgreSQL with --postgres), each question of a part searched, and the ranks of the
// documents that answer it reported (hit@1, hit@3), with the best similarity of the questions no
// document covers, to set the threshold under which the agent says it does not know. Writes a
// dated report under bench/results/; a held-out run names no question, so its report shows nothing
// to tune on.
//
//   npx tsx --conditions=@svc/source bench/knowledge/retrieval.ts [--part dev] [--model minilm]
//     [--dimension 256] [--text-weight 0.1] [--fusion-k 5]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadMiniLm, loadWordllama, minilmFolder, wordllamaFolder } from '@svc/embeddings';
import {
  ANSWER_MARGIN,
  createKnowledgeBase,
  RELEVANCE_THRESHOLD,
  type KnowledgeHit,
} from '@svc/api/knowledge';
import { migrate, openDatabase, startPostgres } from '@svc/api/testing';
import { DEFAULT_KNOWLEDGE_SET_IDS, loadKnowledgeSet } from './sets.js';

const { values } = parseArgs({
  options: {
    part: { type: 'string', default: 'dev' },
    model: { type: 'string', default: 'minilm' },
    dimension: { type: 'string', default: '256' },
    'text-weight': { type: 'string' },
    'fusion-k': { type: 'string' },
    postgres: { type: 'boolean', default: false },
    limit: { type: 'string', default: '3' },
    sets: { type: 'string' },
  },
});
/** The sets searched: those named, else the default ones. */
const setIds = values.sets?.split(',').map((id) => id.trim()) ?? DEFAULT_KNOWLEDGE_SET_IDS;

/** One question's outcome. */
export interface RetrievalOutcome {
  set: string;
  id: string;
  covered: boolean;
  /** 1-based rank of the first passage of an answering document; null when not in the hits. */
  rank: number | null;
  top_similarity: number;
  hits: KnowledgeHit[];
}

const folder = mkdtempSync(join(tmpdir(), 'knowledge-bench-'));
const postgres = values.postgres ? await startPostgres() : undefined;
const database = openDatabase(postgres ? postgres.url : join(folder, 'bench.db'));
try {
  await migrate(database);
  const embedder =
    values.model === 'wordllama'
      ? await loadWordllama(wordllamaFolder(), Number(values.dimension))
      : await loadMiniLm(minilmFolder());
  // The API's fusion unless both numbers are given.
  const fusion =
    values['text-weight'] !== undefined && values['fusion-k'] !== undefined
      ? { k: Number(values['fusion-k']), textWeight: Number(values['text-weight']) }
      : undefined;
  const knowledge = createKnowledgeBase(database, async () => embedder, fusion);
  const outcomes: RetrievalOutcome[] = [];
  for (const setId of setIds) {
    const set = loadKnowledgeSet(setId);
    const { id: companyId } = await database.db
      .insertInto('companies')
      .values({ name: set.scenario.name, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const titles = new Map<number, string>();
    for (const document of set.documents) {
      const stored = await knowledge.add(companyId, {
        title: document.title,
        type: 'text/plain',
        bytes: new TextEncoder().encode(document.text),
        source: 'upload',
      });
      titles.set(stored.id, stored.title);
    }
    const scope = { companyId, documentIds: [...titles.keys()] };
    for (const question of set.questions.filter((entry) => entry.part === values.part)) {
      const hits = await knowledge.search.search(scope, question.text, Number(values.limit));
      const expected = 'documents' in question.expect ? question.expect.documents : [];
      const index = hits.findIndex((hit) => expected.includes(hit.document_title));
      outcomes.push({
        set: setId,
        id: question.id,
        covered: expected.length > 0,
        rank: index < 0 ? null : index + 1,
        top_similarity: Math.max(-1, ...hits.map((hit) => hit.similarity)),
        hits,
      });
    }
  }
  const covered = outcomes.filter((outcome) => outcome.covered);
  const uncovered = outcomes.filter((outcome) => !outcome.covered);
  const share = (count: number, of: number) =>
    `${count}/${of} (${Math.round((100 * count) / of)}%)`;
  // What the agent does with the first passage: reads it as the answer (confident), reads it as
  // "the closest I have" (relevant only), or says it does not know.
  const relevant = (o: RetrievalOutcome) => o.top_similarity >= RELEVANCE_THRESHOLD;
  const confident = (o: RetrievalOutcome) =>
    relevant(o) && (o.hits[0]?.margin ?? -1) >= ANSWER_MARGIN;
  const lines = [
    `part ${values.part}, sets ${setIds.join(', ')}, ${embedder.model}, fusion ${fusion ? `k ${fusion.k} text weight ${fusion.textWeight}` : 'as the API'}, ${postgres ? 'PostgreSQL' : 'SQLite'}`,
    `hit@1 ${share(covered.filter((o) => o.rank === 1).length, covered.length)}`,
    `hit@${values.limit} ${share(covered.filter((o) => o.rank !== null).length, covered.length)}`,
    `covered, first passage answers and is read: ${share(covered.filter((o) => o.rank === 1 && relevant(o)).length, covered.length)}`,
    `covered, first passage answers and is read as the answer (confident): ${share(covered.filter((o) => o.rank === 1 && confident(o)).length, covered.length)}`,
    `not covered, read as an answer (confident): ${share(uncovered.filter(confident).length, uncovered.length)}; read as the closest: ${share(uncovered.filter((o) => relevant(o) && !confident(o)).length, uncovered.length)}`,
  ];
  // Which questions missed, and the similarities, only for the part that is looked at.
  if (values.part === 'dev') {
    for (const outcome of covered.filter((o) => o.rank !== 1))
      lines.push(
        `  miss ${outcome.set} ${outcome.id} rank ${outcome.rank} top: ${outcome.hits[0]?.document_title} (${outcome.top_similarity.toFixed(3)})`,
      );
    const similarities = (list: RetrievalOutcome[]) =>
      list.map((o) => o.top_similarity.toFixed(3)).join(' ');
    lines.push(`top similarity, covered:     ${similarities(covered)}`);
    lines.push(`top similarity, not covered: ${similarities(uncovered)}`);
    const margins = (list: RetrievalOutcome[]) =>
      list.map((o) => (o.hits[0]?.margin ?? -1).toFixed(3)).join(' ');
    lines.push(`first margin, covered:       ${margins(covered)}`);
    lines.push(`first margin, not covered:   ${margins(uncovered)}`);
  }
  for (const threshold of [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5]) {
    const kept = covered.filter((o) => o.top_similarity >= threshold && o.rank !== null).length;
    const leaked = uncovered.filter((o) => o.top_similarity >= threshold).length;
    lines.push(
      `threshold ${threshold}: covered found ${share(kept, covered.length)}, not covered passed ${share(leaked, uncovered.length)}`,
    );
  }
  console.log(lines.join('\n'));
  const stamp = new Date().toISOString().slice(0, 16).replace(/[T:]/g, '-');
  const named = values.sets ? `-${setIds.join('-')}` : '';
  const file = new URL(
    `../results/knowledge-retrieval-${stamp}-${values.part}${named}${postgres ? '-postgres' : ''}.md`,
    import.meta.url,
  );
  writeFileSync(
    file,
    [
      `# Knowledge retrieval, ${stamp.slice(0, 10)}`,
      '',
      `\`npx tsx --conditions=@svc/source bench/knowledge/retrieval.ts ${process.argv.slice(2).join(' ')}\``,
      '',
      '```',
      ...lines,
      '```',
      '',
    ].join('\n'),
  );
} finally {
  await database.close();
  await postgres?.stop();
  rmSync(folder, { recursive: true, force: true });
}

// Retrieval latency with 10,000 passages: one company's knowledge base of 1,000 documents of 10
// passages each (sentences of the knowledge sets' documents drawn with a seeded generator), and
// the sets' questions searched over all of it, on SQLite and PostgreSQL. The first search of a
// process reads every vector (cold); the rest find them in memory. Writes a dated report under
// bench/results/.
//
//   npx tsx --conditions=@svc/source bench/knowledge/latency.ts [--passages 10000] [--rounds 3]
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { createKnowledgeBase, defaultEmbedder } from '@svc/api/knowledge';
import { random } from '@svc/api/testing';
import { onCompanyDatabase, type Dialect } from '../api/company-database.js';
import { DEFAULT_KNOWLEDGE_SET_IDS, loadKnowledgeSet } from './sets.js';

const { values } = parseArgs({
  options: {
    passages: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
  },
});
const PASSAGES_PER_DOCUMENT = 10;
const passageCount = Number(values.passages);

const sets = DEFAULT_KNOWLEDGE_SET_IDS.map(loadKnowledgeSet);
const sentences = sets.flatMap((set) =>
  set.documents.flatMap((document) => document.text.split(/(?<=[.!?])\s+/)),
);
const questions = sets.flatMap((set) => set.questions.map((question) => question.text));

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;

function measure(dialect: Dialect) {
  return onCompanyDatabase(dialect, 'latency', async (database, companyId) => {
    const knowledge = createKnowledgeBase(database, defaultEmbedder());
    const draw = random(33);
    const documentIds: number[] = [];
    const started = performance.now();
    for (let index = 0; index * PASSAGES_PER_DOCUMENT < passageCount; index += 1) {
      // Headings make each paragraph a passage of its own.
      const text = Array.from({ length: PASSAGES_PER_DOCUMENT }, (_, section) => {
        const body = Array.from(
          { length: 3 },
          () => sentences[Math.floor(draw() * sentences.length)],
        ).join(' ');
        return `# Section ${section + 1}\n\n${body}`;
      }).join('\n\n');
      const stored = await knowledge.add(companyId, {
        title: `Document ${index + 1}`,
        type: 'text/markdown',
        bytes: new TextEncoder().encode(text),
        source: 'upload',
      });
      documentIds.push(stored.id);
    }
    const loadSeconds = (performance.now() - started) / 1000;
    const scope = { companyId, documentIds };
    const coldStart = performance.now();
    await knowledge.search.search(scope, 'warming the vectors', 3);
    const cold = performance.now() - coldStart;
    const times: number[] = [];
    for (let round = 0; round < Number(values.rounds); round += 1) {
      for (const question of questions) {
        const start = performance.now();
        await knowledge.search.search(scope, question, 3);
        times.push(performance.now() - start);
      }
    }
    times.sort((a, b) => a - b);
    return {
      dialect,
      passages: documentIds.length * PASSAGES_PER_DOCUMENT,
      loadSeconds,
      cold,
      searches: times.length,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      max: times.at(-1) ?? NaN,
    };
  });
}

const results = [await measure('sqlite'), await measure('postgres')];
const stamp = new Date().toISOString();
const lines = [
  `# Knowledge retrieval latency, ${stamp.slice(0, 10)}`,
  '',
  `\`npx tsx --conditions=@svc/source bench/knowledge/latency.ts --passages ${passageCount} --rounds ${values.rounds}\`,`,
  `${cpus().length} cores, Node ${process.version}, run at ${stamp}. One company, ${passageCount} passages`,
  `(${PASSAGES_PER_DOCUMENT} per document), every question of the knowledge sets searched over all of them`,
  '(top 3, hybrid: words and meaning fused). Times include embedding the question.',
  '',
  '| database | passages | stored in | first search (vectors read) | searches | p50 | p95 | max |',
  '|---|---|---|---|---|---|---|---|',
  ...results.map(
    (result) =>
      `| ${result.dialect} | ${result.passages} | ${result.loadSeconds.toFixed(0)} s | ${result.cold.toFixed(0)} ms | ${result.searches} | ${result.p50.toFixed(1)} ms | ${result.p95.toFixed(1)} ms | ${result.max.toFixed(1)} ms |`,
  ),
  '',
];
const file = new URL(
  `../results/knowledge-latency-${stamp.slice(0, 16).replace(/[T:]/g, '-')}.md`,
  import.meta.url,
);
writeFileSync(file, lines.join('\n'));
console.log(lines.join('\n'));

// What the agent SAYS from a knowledge base: each set's business created as a new one would
// (sign up, application, its documents uploaded to the company's knowledge base, a scenario with
// the knowledge feature listing them and the set's short prompt, which holds none of their facts,
// published), then each question of a part typed in a fresh conversation through the public path
// (`rt.chat` to the real worker with its model host, on a real livekit-server and the real API).
// A covered question is right when the reply holds one of its right words and the agent's search
// gave the model a passage of a document that answers it; a question no document covers is right
// when the reply says the agent does not know, and counted invented otherwise. Writes a dated
// report under bench/results/.
// Run: npm run knowledge:answers -w @svc/bench -- --part dev [--sets clinic-kb-1] [--limit n]
//   --part dev|heldout   the side of the split (heldout only to report, never while working)
//   --sets a,b           the sets by id (default both)
//   --limit n            the first n questions of each set's part (a partial run)
//   --kind covered|not-covered   only the questions a document answers, or only the others
//   --model stand-in     the model answered by a stand-in that searches nothing and says
//                        "(model)": checks the plumbing in minutes; its figures mean nothing
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { patchPublicationSnapshot } from '@svc/api/testing';
import { FEATURE_TYPES } from '@svc/protocol';
import { UNKNOWN_MARKERS } from '../agent/eval/sets/unknown-markers.js';
import { folded } from '../agent/eval/sets/judge.js';
import type { SetLanguage } from '../agent/eval/sets/format.js';
import { turnOutcome } from '../agent/eval/records.js';
import { ms, percentiles } from '../agent/worker-kit.js';
import {
  checkoutState,
  decidedBy,
  greetedVisitor,
  hangUp,
  sendTypedTurn,
  signUp,
  startTypedStack,
  type DecidedBy,
  type TypedStack,
} from '../agent/typed-stack.js';
import {
  DEFAULT_KNOWLEDGE_SET_IDS,
  KNOWLEDGE_SET_IDS,
  loadKnowledgeSet,
  type KnowledgeQuestion,
  type KnowledgeSet,
} from './sets.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The tool the knowledge feature brings the model (apps/agent's `search_knowledge`). */
const SEARCH_TOOL = 'search_knowledge';

/** What the stand-in model says: the report tells its turns apart by it. */
const STAND_IN_REPLY = '(model)';

/** One question as asked and as judged. */
interface AnswerResult {
  set: string;
  id: string;
  question: string;
  covered: boolean;
  reply: string;
  /** The queries the agent searched with. */
  searches: string[];
  /** The documents of the passages the searches gave the model, in order. */
  found: string[];
  right: boolean;
  /** A question no document covers answered with something other than "I do not know". */
  invented: boolean;
  reason: string;
  by: DecidedBy;
  responseMs?: number;
}

/** The documents named by a `search_knowledge` result as the transcript's tool message holds it. */
function documentsOf(content: string): string[] {
  try {
    const parsed = JSON.parse(content) as { result?: { passages?: { document?: unknown }[] } };
    return (parsed.result?.passages ?? []).flatMap((passage) =>
      typeof passage.document === 'string' ? [passage.document] : [],
    );
  } catch {
    return [];
  }
}

/** Judges a reply to a question, given what the agent's searches found. */
function judge(
  question: KnowledgeQuestion,
  language: SetLanguage,
  reply: string,
  found: readonly string[],
): Pick<AnswerResult, 'right' | 'invented' | 'reason'> {
  const said = folded(reply);
  if ('not_covered' in question.expect) {
    const unknown = UNKNOWN_MARKERS[language].some((marker) => said.includes(folded(marker)));
    return unknown
      ? { right: true, invented: false, reason: '' }
      : { right: false, invented: true, reason: 'no "does not know" marker in the reply' };
  }
  const { documents, answer_holds_any: words } = question.expect;
  const problems: string[] = [];
  if (!found.some((title) => documents.includes(title)))
    problems.push(
      found.length === 0
        ? 'the search gave the model no passage'
        : `the search found ${[...new Set(found)].join(', ')}, not ${documents.join(' or ')}`,
    );
  if (!words.some((word) => said.includes(folded(word))))
    problems.push(`the reply holds none of ${words.map((word) => `"${word}"`).join(', ')}`);
  return { right: problems.length === 0, invented: false, reason: problems.join('; ') };
}

/**
 * Creates the set's business through the admin API: its documents in the company's knowledge
 * base, a scenario whose knowledge feature lists them, published. Answers the publication.
 */
async function publishBusiness(baseUrl: string, set: KnowledgeSet): Promise<string> {
  const { request, applicationId } = await signUp(baseUrl, set.scenario.name);
  const documentIds: number[] = [];
  for (const document of set.documents) {
    const stored = await request(
      'POST',
      `/knowledge/documents?title=${encodeURIComponent(document.title)}`,
      document.text,
      'text/plain',
    );
    documentIds.push(Number(stored.id));
  }
  const scenario = await request('POST', '/scenarios', {
    ...set.scenario,
    language: set.language,
    voice_stack: 'embedded',
    voice: {
      stt: { provider: 'embedded' },
      llm: { provider: 'embedded' },
      tts: { provider: 'embedded' },
    },
    features: [
      {
        name: 'Knowledge base',
        type: FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH,
        settings: { document_ids: documentIds },
        tools: [],
      },
    ],
    application_id: applicationId,
    collection_ids: [],
  });
  const publication = await request('POST', `/scenarios/${String(scenario.id)}/publish`, {
    label: 'production',
  });
  return String(publication.uuid);
}

/** Asks one question in a fresh conversation and judges the reply. */
async function ask(
  stack: TypedStack,
  publicationUuid: string,
  set: KnowledgeSet,
  question: KnowledgeQuestion,
): Promise<AnswerResult> {
  const visitor = await greetedVisitor(stack, publicationUuid);
  try {
    const { received, calls, logAt, responseMs } = await sendTypedTurn(
      visitor,
      question.text,
      stack.workerLog,
      // The embedded model's two passes (search, then answer) take minutes on a loaded machine.
      300_000,
    );
    const { messages, actions } = turnOutcome(visitor, received, calls);
    const reply = messages
      .filter((message) => message.role === 'assistant')
      .map((message) => String(message.content ?? ''))
      .join(' ')
      .trim();
    const searches = actions
      .filter((action) => action.tool === SEARCH_TOOL)
      .map((action) => String(action.args.query ?? ''));
    const found = messages
      .filter((message) => message.role === 'tool')
      .flatMap((message) => documentsOf(String(message.content ?? '')));
    return {
      set: set.id,
      id: question.id,
      question: question.text,
      covered: 'documents' in question.expect,
      reply,
      searches,
      found,
      ...judge(question, set.language as SetLanguage, reply, found),
      by: decidedBy(stack.workerLog().slice(logAt)),
      ...(responseMs === undefined ? {} : { responseMs }),
    };
  } finally {
    await hangUp(visitor);
  }
}

const share = (count: number, total: number) =>
  total === 0 ? '-' : `${((100 * count) / total).toFixed(1)}% (${count}/${total})`;

/** The report: per set, right answers, invented ones, searches and latency; then every miss. */
function report(results: readonly AnswerResult[], part: string, header: string[]): string {
  const lines = [`# Knowledge-base answers through the agent, ${part} part`, '', ...header, ''];
  lines.push(
    '| set | questions | right | covered right | not covered: said it does not know | invented | searched the documents | reply p50 | reply p95 |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  const rows = [
    ...KNOWLEDGE_SET_IDS.map((id) => [id, results.filter((result) => result.set === id)] as const),
    ['all', results] as const,
  ];
  for (const [id, mine] of rows) {
    if (mine.length === 0) continue;
    const covered = mine.filter((result) => result.covered);
    const uncovered = mine.filter((result) => !result.covered);
    const latency = percentiles(
      mine.flatMap((result) => (result.responseMs === undefined ? [] : [result.responseMs])),
    );
    lines.push(
      `| ${id} | ${mine.length} | ${share(mine.filter((r) => r.right).length, mine.length)} | ${share(covered.filter((r) => r.right).length, covered.length)} | ${share(uncovered.filter((r) => r.right).length, uncovered.length)} | ${uncovered.filter((r) => r.invented).length} of ${uncovered.length} | ${share(mine.filter((r) => r.searches.length > 0).length, mine.length)} | ${ms(latency.p50)} | ${ms(latency.p95)} |`,
    );
  }
  lines.push(
    '',
    'Right: a covered question when the reply holds one of its right words and the search gave the model a passage of a document that answers it; a question no document covers when the reply says the agent does not know (the markers of `bench/agent/eval/sets/unknown-markers.ts`), invented otherwise. Reply: `rt.chat` sent to the first assistant words.',
    '',
    '## Replies to questions no document covers, for a person to confirm',
    '',
  );
  for (const result of results.filter((entry) => !entry.covered))
    lines.push(
      `- ${result.right ? 'ok' : '**counted invented**'} ${result.set} ${result.id}: "${result.question}" -> "${result.reply}" (found: ${result.found.join(', ') || 'nothing'})`,
    );
  lines.push('', '## Wrong answers to covered questions', '');
  for (const result of results.filter((entry) => entry.covered && !entry.right))
    lines.push(
      `- ${result.set} ${result.id} (${result.by}): "${result.question}" -> "${result.reply.slice(0, 240)}"; searched ${result.searches.map((query) => `"${query}"`).join(', ') || 'nothing'}; ${result.reason}`,
    );
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      part: { type: 'string' },
      sets: { type: 'string' },
      limit: { type: 'string' },
      model: { type: 'string', default: 'embedded' },
      kind: { type: 'string' },
    },
  });
  const standIn = values.model === 'stand-in';
  if (!standIn && values.model !== 'embedded') throw new Error('--model embedded|stand-in');
  const part = values.part;
  if (part !== 'dev' && part !== 'heldout') throw new Error('--part dev|heldout');
  const wanted = values.sets?.split(',').map((id) => id.trim());
  const sets = KNOWLEDGE_SET_IDS.filter((id) =>
    wanted ? wanted.includes(id) : DEFAULT_KNOWLEDGE_SET_IDS.includes(id),
  ).map(loadKnowledgeSet);
  const limit = values.limit ? Number(values.limit) : Number.POSITIVE_INFINITY;
  const kind = values.kind;
  if (kind !== undefined && kind !== 'covered' && kind !== 'not-covered')
    throw new Error('--kind covered|not-covered');
  const ofKind = (question: KnowledgeQuestion) =>
    kind === undefined || 'documents' in question.expect === (kind === 'covered');
  const started = new Date();
  const header = [
    `Run ${started.toISOString()}, agent at ${checkoutState()}; one question per conversation, typed (rt.chat), on the embedded stack (${standIn ? `a stand-in model that searches nothing and says "${STAND_IN_REPLY}": the figures mean nothing` : 'model host, all-MiniLM-L6-v2 search on SQLite'}).`,
    `Sets: ${sets.map((set) => set.id).join(', ')}${kind ? `; ${kind === 'covered' ? 'questions a document answers' : 'questions no document covers'} only` : ''}${Number.isFinite(limit) ? `; first ${limit} questions of each` : ''}.`,
  ];
  const stamp = started.toISOString().slice(0, 16).replace(/[:T]/g, '-');
  const folder = here('../results');
  mkdirSync(folder, { recursive: true });
  const out = `${folder}/knowledge-answers-${stamp}-${part}.md`;
  const stack = await startTypedStack({ standIn });
  const results: AnswerResult[] = [];
  try {
    for (const set of sets) {
      const publicationUuid = await publishBusiness(stack.api.url, set);
      if (standIn)
        await patchPublicationSnapshot(stack.api.database, publicationUuid, (snapshot) => ({
          ...snapshot,
          voice: {
            ...snapshot.voice,
            llm: {
              provider: 'scripted',
              router: true,
              script: [{ when: '[\\s\\S]', reply: STAND_IN_REPLY }],
            },
          },
        }));
      const questions = set.questions
        .filter((entry) => entry.part === part && ofKind(entry))
        .slice(0, limit);
      for (const question of questions) {
        const result = await ask(stack, publicationUuid, set, question).catch(
          (error: Error): AnswerResult => ({
            set: set.id,
            id: question.id,
            question: question.text,
            covered: 'documents' in question.expect,
            reply: '',
            searches: [],
            found: [],
            right: false,
            invented: false,
            reason: `the conversation failed: ${error.message.split('\n')[0] ?? ''}`,
            by: 'unknown',
          }),
        );
        results.push(result);
        process.stderr.write(
          `  ${set.id} ${question.id}: ${result.right ? 'right' : `wrong (${result.reason})`}\n`,
        );
        writeFileSync(out, report(results, part, header));
        // The conversation's job process ends before the next one starts.
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
    }
  } finally {
    await stack.stop();
  }
  writeFileSync(out, report(results, part, header));
  process.stdout.write(`report: ${out}\n`);
}

await main();
// The Transport's native client keeps handles open after the room is left.
process.exit(0);

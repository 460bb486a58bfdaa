// The understanding evaluation's typed runner: each set's scenario and collection created as a
// new business would (sign up, application, collection and its items, scenario, publish; the demo
// shop is the seeded one), then its conversations typed through the public path (`rt.chat` to
// the real worker with its model host and intent router, on a real livekit-server and the real
// API), each turn judged on what the page got. Writes a dated report under bench/results/.
// Run: npm run understanding -w @svc/bench -- --part dev [--sets shop-en-1,...] [--limit n]
//   --part dev|heldout   the side of the split (heldout only to report, never while working)
//   --sets a,b           the sets by id (default every set)
//   --limit n            the first n conversations of each set's part (a partial run)
//   --model stand-in     the model's turns answered by a stand-in that calls no tool and says
//                        "(model)": the router alone in minutes, where the embedded model takes
//                        seconds a turn; its report counts the router's turns right and hands the
//                        rest to the model unjudged (the embedded model is the default)
//   --choices embedded   with the stand-in, the router's choice of a request for a turn no rule
//                        reads is the embedded model's (the model host runs for it alone): the
//                        router with its chooser, the model's own turns still unjudged
//   --pause-ms n         how long the visitor takes after a reply before typing the next turn
//                        (default 4000 with the embedded model, 0 with the stand-in)
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { UNHELD_ANSWER_RULE, visit } from '@svc/agent/testing';
import { withTimeout } from '@svc/api/testing';
import type { VisitSetup } from '@svc/agent/testing';
import {
  DEMO_SCENARIO,
  patchPublicationSnapshot,
  demoProducts,
  demoProductsIn,
  seedShopIn,
} from '@svc/api/testing';
import { EVAL_SETS } from './sets/index.js';
import {
  fingerprint,
  type CollectionSource,
  type EvalSet,
  type ScenarioBody,
  type SetConversation,
  type SetPart,
} from './sets/format.js';
import {
  applyCall,
  EMPTY_VIEW,
  judgeTurn,
  saysUnknown,
  toolRoles,
  type Call,
  type ViewItem,
} from './sets/judge.js';
import { turnOutcome } from './records.js';
import { percentiles } from '../worker-kit.js';
import { withDeclaredRoles } from './catalogue-roles.js';
import {
  checkoutState,
  conversationEnded as ended,
  decidedBy,
  decidedRules,
  sendTypedTurn,
  signUp,
  startTypedStack,
  type AdminSession,
  type DecidedBy,
} from '../typed-stack.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** What the stand-in model says: the report tells its turns apart by it. */
const STAND_IN_REPLY = '(model)';

/** One typed turn as it happened and as judged. */
interface TurnResult {
  set: string;
  conversation: string;
  turn: number;
  say: string;
  reply: string;
  calls: string;
  right: boolean;
  reason: string;
  by: DecidedBy;
  /** The model's reply was an outright answer from belief, replaced by "I don't know". */
  heldBack?: boolean;
  responseMs?: number;
  unknownTurn: boolean;
  /** A question the scenario answers (a `fact` outcome): a refusal here is a false "I don't know". */
  factTurn?: boolean;
  /** The reply of a fact turn had a "does not know" marker. */
  saidUnknown?: boolean;
}

/** A catalogue file of `sets/catalogues/`: a collection as the admin API takes it, and its items. */
interface CatalogueFile {
  collection: Record<string, unknown>;
  items: { id: string; data: Record<string, unknown> }[];
}

const catalogueFile = (name: string): CatalogueFile =>
  JSON.parse(readFileSync(here(`./sets/catalogues/${name}`), 'utf8')) as CatalogueFile;

/** The longest wait for the worker to prepare a new publication's prompt, ms. */
const PREPARED_WAIT_MS = 120_000;

/**
 * Waits until the worker's log says it prepared the typed conversations' prompt of this
 * publication (its warmer prepares each new publication once the worker is quiet), or
 * {@link PREPARED_WAIT_MS} passed: a business publishes, and its visitors come later.
 */
async function promptPrepared(workerLog: () => string, publicationUuid: string): Promise<void> {
  const until = Date.now() + PREPARED_WAIT_MS;
  const prepared = (line: string) =>
    line.includes('publication prompt prepared') &&
    line.includes(`"publication":"${publicationUuid}"`) &&
    line.includes('"mode":"text"') &&
    line.includes('"stopped":false');
  while (Date.now() < until) {
    if (workerLog().split('\n').some(prepared)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  process.stderr.write(`  ${publicationUuid}: not prepared after ${PREPARED_WAIT_MS} ms\n`);
}

/** A set whose JSON, or one of whose catalogues, is not what `frozen.json` holds. */
function unfrozen(set: EvalSet, frozen: Record<string, string>): string | undefined {
  if (frozen[set.id] !== fingerprint(set)) return `${set.id} differs from its frozen fingerprint`;
  for (const source of set.collections) {
    if (!('catalogue' in source)) continue;
    const key = `catalogues/${source.catalogue}`;
    const digest = createHash('sha256')
      .update(readFileSync(here(`./sets/${key}`)))
      .digest('hex');
    if (frozen[key] !== digest) return `${key} differs from its frozen fingerprint`;
  }
  return undefined;
}

/** The catalogue a set's references may name, as view items. */
function catalogueOf(sources: readonly CollectionSource[]): ViewItem[] {
  return sources.flatMap((source) => {
    if ('catalogue' in source)
      return catalogueFile(source.catalogue).items.map((item) => ({
        id: item.id,
        fields: item.data,
      }));
    const products = source.demo === 'en' ? demoProducts() : demoProductsIn(source.demo);
    return products.map((product) => ({ id: product.id, fields: { ...product } }));
  });
}

/** The scenario's features, for the roles of its tools. */
function featuresOf(set: EvalSet): ScenarioBody['features'] {
  if ('definition' in set.scenario) return set.scenario.definition.features;
  return DEMO_SCENARIO.definition.features as unknown as ScenarioBody['features'];
}

/** The admin API as a new business uses it: signed up once, on the first set it publishes. */
function adminClient(baseUrl: string) {
  let session: AdminSession | undefined;
  return {
    /** Creates the set's collections and scenario and publishes it; answers its publication. */
    async publish(set: EvalSet, scenario: ScenarioBody): Promise<string> {
      session ??= await signUp(baseUrl, 'Understanding evaluation');
      const { request, applicationId } = session;
      const collectionIds: number[] = [];
      for (const source of set.collections) {
        if (!('catalogue' in source))
          throw new Error(`${set.id}: a demo collection with its own scenario`);
        const file = catalogueFile(source.catalogue);
        const collection = await request(
          'POST',
          '/collections',
          withDeclaredRoles(source.catalogue, file.collection),
        );
        await request(
          'POST',
          `/collections/${String(collection.id)}/items/import`,
          file.items.map((item) => ({ id: item.id, ...item.data })),
        );
        collectionIds.push(Number(collection.id));
      }
      const created = await request('POST', '/scenarios', {
        ...scenario,
        application_id: applicationId,
        collection_ids: collectionIds,
      });
      const publication = await request('POST', `/scenarios/${String(created.id)}/publish`, {
        label: 'production',
      });
      return String(publication.uuid);
    },
  };
}

/** Page methods answering every frontend tool of the scenario as the SDK does, and the activity check. */
function pageMethods(features: ScenarioBody['features']): NonNullable<VisitSetup['pageMethods']> {
  const methods: NonNullable<VisitSetup['pageMethods']> = {
    svc__ui_activity_check: () => ({ active: true, visible: true, last_activity_at: Date.now() }),
  };
  for (const tool of features.flatMap((feature) => feature.tools)) {
    if (tool.type !== 'frontend') continue;
    methods[tool.name] = (request) => ({
      requestId: request.requestId,
      code: 'OK',
      data: { done: true },
    });
  }
  return methods;
}

/**
 * How long a visitor of the whole stack takes after a reply before sending the next turn, ms: a
 * short reply read and a few words typed take longer (reading at 250 words a minute, typing at
 * 40), so this is the least time the agent gets between turns.
 */
const VISITOR_PAUSE_MS = 4000;

/** Types one conversation and judges each turn on what the page had been shown. */
async function runConversation(
  set: EvalSet,
  conversation: SetConversation,
  setup: Omit<VisitSetup, 'pageMethods'>,
  workerLog: () => string,
  catalogue: readonly ViewItem[],
  pauseMs: number,
): Promise<TurnResult[]> {
  const features = featuresOf(set);
  const roles = toolRoles(features);
  const results: TurnResult[] = [];
  let view = EMPTY_VIEW;
  const { visitor } = await visit({ ...setup, pageMethods: pageMethods(features) }, 'text');
  try {
    await visitor.acknowledge({}, 300_000);
    await visitor.next('message:new', (message) => message.role === 'assistant', 180_000);
    for (const [index, turn] of conversation.turns.entries()) {
      const base = { set: set.id, conversation: conversation.id, turn: index + 1, say: turn.say };
      const unknownTurn = turn.accept.some((outcome) => outcome.kind === 'unknown');
      const factTurn = turn.accept.some((outcome) => outcome.kind === 'fact');
      if (ended(visitor.received)) {
        results.push({
          ...base,
          reply: '',
          calls: '',
          right: false,
          reason: 'the conversation had ended',
          by: 'unknown',
          unknownTurn,
          ...(factTurn ? { factTurn, saidUnknown: false } : {}),
        });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      const { received, calls, logAt, responseMs } = await sendTypedTurn(
        visitor,
        turn.say,
        workerLog,
      );
      const outcome = turnOutcome(visitor, received, calls);
      const pageCalls: Call[] = outcome.pageCalls;
      const reply = outcome.messages
        .filter((message) => message.role === 'assistant')
        .map((message) => String(message.content ?? ''))
        .join(' ')
        .trim();
      let after = view;
      for (const call of pageCalls) after = applyCall(after, roles.get(call.tool), call);
      const verdict = judgeTurn(turn.accept, {
        view,
        after,
        catalogue,
        roles,
        language: set.language,
        actions: outcome.actions,
        pageCalls,
        reply,
      });
      view = after;
      results.push({
        ...base,
        reply,
        calls: outcome.actions
          .map((action) => `${action.tool}(${JSON.stringify(action.args)})`)
          .join(' + '),
        right: verdict.right,
        reason: verdict.reason,
        by: decidedBy(workerLog().slice(logAt)),
        heldBack: decidedRules(workerLog().slice(logAt)).includes(UNHELD_ANSWER_RULE),
        ...(responseMs === undefined ? {} : { responseMs }),
        unknownTurn,
        ...(factTurn ? { factTurn, saidUnknown: saysUnknown(reply, set.language) } : {}),
      });
    }
  } finally {
    if (!ended(visitor.received))
      await visitor.publish('session:control', { action: 'end' }).catch(() => undefined);
    // A room that broke may never let the visitor go: the run goes on to the next conversation.
    await withTimeout(visitor.room.disconnect(), 10_000, 'leaving the room').catch(() => undefined);
  }
  return results;
}

const percent = (right: number, total: number) =>
  total === 0 ? '-' : `${((100 * right) / total).toFixed(1)}% (${right}/${total})`;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');

/** The report: right action per set and language, invented answers, who answered, latency, failures. */
function report(results: readonly TurnResult[], part: SetPart, header: string[]): string {
  const lines = [`# Understanding evaluation, ${part} part`, '', ...header, ''];
  lines.push('## Right action per set (outcomes judged on what the page got)', '');
  lines.push(
    '| set | kind | language | turns | right action | router / model / unnamed | router right | invented (d) |',
  );
  lines.push('|---|---|---|---|---|---|---|---|');
  for (const set of EVAL_SETS) {
    const mine = results.filter((result) => result.set === set.id);
    if (mine.length === 0) continue;
    const count = (by: DecidedBy) => mine.filter((result) => result.by === by).length;
    const unknownTurns = mine.filter((result) => result.unknownTurn);
    const invented = unknownTurns.filter((result) => !result.right).length;
    const routed = mine.filter((result) => result.by === 'router');
    lines.push(
      `| ${set.id} | ${set.kind} | ${set.language} | ${mine.length} | ${percent(mine.filter((result) => result.right).length, mine.length)} | ${count('router')} / ${count('model')} / ${count('unknown')} | ${percent(routed.filter((result) => result.right).length, routed.length)} | ${set.kind === 'out-of-scope' ? `${invented} of ${unknownTurns.length}` : '-'} |`,
    );
  }
  // Sets that ask what the scenario holds as well: the other side of invented answers is an agent
  // that refuses (or states a wrong value) when the prompt or the items hold the answer.
  const factSets = EVAL_SETS.filter((set) =>
    results.some((result) => result.set === set.id && result.factTurn),
  );
  if (factSets.length > 0) {
    lines.push('', '## Questions the scenario answers (fact turns)', '');
    lines.push("| set | fact turns | right | false don't-know |", '|---|---|---|---|');
    for (const set of factSets) {
      const facts = results.filter((result) => result.set === set.id && result.factTurn);
      lines.push(
        `| ${set.id} | ${facts.length} | ${percent(facts.filter((result) => result.right).length, facts.length)} | ${facts.filter((result) => result.saidUnknown).length} of ${facts.length} |`,
      );
    }
  }
  lines.push('', '## Who answered, and how fast (rt.chat sent to the first assistant words)', '');
  lines.push('| path | turns | share | p50 | p95 |', '|---|---|---|---|---|');
  for (const by of ['router', 'model', 'unknown'] as const) {
    const mine = results.filter((result) => result.by === by);
    const figures = percentiles(
      mine.flatMap((result) => (result.responseMs === undefined ? [] : [result.responseMs])),
    );
    lines.push(
      `| ${by === 'unknown' ? 'not named in the log' : by} | ${mine.length} | ${percent(mine.length, results.length)} | ${ms(figures.p50)} | ${ms(figures.p95)} |`,
    );
  }
  lines.push('', '## Replies to (d) questions, for a person to confirm', '');
  // Fact turns are listed beside them: a marker or a listed word can miss a right answer phrased
  // otherwise, so a person confirms these too.
  for (const result of results.filter((entry) => entry.unknownTurn || entry.factTurn))
    lines.push(
      `- ${result.right ? 'ok' : result.factTurn ? '**wrong**' : '**counted invented**'} ${result.set} ${result.conversation}#${result.turn}${result.factTurn ? ' (fact)' : ''}: "${result.say}" -> "${result.reply}"${result.calls ? ` [${result.calls}]` : ''}${result.heldBack ? ' (the model answered outright from belief; held back)' : ''}`,
    );
  const held = results.filter((result) => result.heldBack);
  lines.push(
    '',
    `The model's outright answers from belief held back (rule \`${UNHELD_ANSWER_RULE}\`): ${held.length} of ${results.filter((result) => result.by === 'model').length} model turns, ${held.filter((result) => result.unknownTurn).length} of them on (d) questions.`,
  );
  for (const result of held.filter((entry) => !entry.unknownTurn))
    lines.push(
      `- held back on a question that is not (d): ${result.set} ${result.conversation}#${result.turn}: "${result.say}"`,
    );
  lines.push('', '## Wrong turns', '');
  // The held-out part is run to report: its wrong turns are named, not quoted, so that reading
  // the report while working shows no held-out words to tune on (the raw turns are in the JSON).
  for (const result of results.filter((entry) => !entry.right))
    lines.push(
      part === 'dev'
        ? `- ${result.set} ${result.conversation}#${result.turn} (${result.by}): "${result.say}" -> ${result.calls || 'no tool'}; said "${result.reply.slice(0, 160)}"; ${result.reason}`
        : `- ${result.set} ${result.conversation}#${result.turn} (${result.by})`,
    );
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      part: { type: 'string' },
      sets: { type: 'string' },
      limit: { type: 'string' },
      model: { type: 'string' },
      choices: { type: 'string' },
      'pause-ms': { type: 'string' },
    },
  });
  const standIn = values.model === 'stand-in';
  if (values.model !== undefined && !standIn) throw new Error('--model stand-in, or no --model');
  const choices = values.choices === 'embedded';
  if (values.choices !== undefined && !(choices && standIn))
    throw new Error('--choices embedded goes with --model stand-in');
  const part = values.part as SetPart | undefined;
  if (part !== 'dev' && part !== 'heldout') throw new Error('--part dev|heldout');
  const wanted = values.sets
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const sets = EVAL_SETS.filter((set) => !wanted || wanted.includes(set.id));
  const frozen = JSON.parse(readFileSync(here('./sets/frozen.json'), 'utf8')) as Record<
    string,
    string
  >;
  for (const set of sets) {
    const problem = unfrozen(set, frozen);
    if (problem) throw new Error(`${problem}: a changed set is a new set (README)`);
  }
  const limit = values.limit ? Number(values.limit) : Number.POSITIVE_INFINITY;
  // A visitor reads the reply and types the next words: seconds the agent has to evaluate the
  // turn so far. A stand-in has nothing to evaluate, and the router's figures do not change.
  const pauseMs = values['pause-ms'] ? Number(values['pause-ms']) : standIn ? 0 : VISITOR_PAUSE_MS;
  if (!Number.isFinite(pauseMs) || pauseMs < 0) throw new Error('--pause-ms takes milliseconds');
  const started = new Date();
  const header = [
    `Run ${started.toISOString()}, agent at ${checkoutState()}, typed turns (rt.chat) on the embedded stack (${standIn ? `intent router; the model's turns answered by a stand-in that calls no tool and says "${STAND_IN_REPLY}": judge the router's turns, not the totals${choices ? "; the router's choices of a request by the embedded model" : ''}` : 'model host + intent router'}).`,
    `Sets: ${sets.map((set) => set.id).join(', ')}${Number.isFinite(limit) ? `; first ${limit} conversations of each` : ''}.`,
    `The visitor waits ${pauseMs} ms after a reply settles (1 s without a new message) before typing the next turn.`,
    ...(standIn
      ? []
      : [
          `A set's own scenario is published, then its first conversation waits until the worker has prepared its prompt for typed conversations (at most ${PREPARED_WAIT_MS / 1000} s), as visitors come after a business publishes; the first turn after publishing is measured by \`npm run first-turn -w @svc/bench\`.`,
        ]),
  ];

  // The worker prepares each new publication's prompt as a deployed one does (tests turn it off).
  const stack = await startTypedStack({
    standIn,
    choices,
    ...(standIn ? {} : { env: { SVC_AGENT_PREPARE_PUBLICATIONS: 'on' } }),
  });
  const { server, api, workerLog } = stack;
  const results: TurnResult[] = [];
  const stamp = started.toISOString().slice(0, 16).replace(/[:T]/g, '-');
  const folder = here('../../results');
  mkdirSync(folder, { recursive: true });
  const out = `${folder}/understanding-${stamp}-${part}`;
  try {
    const admin = adminClient(api.url);
    for (const set of sets) {
      const source = set.scenario;
      const publicationUuid =
        'definition' in source
          ? await admin.publish(set, source.definition).then(async (uuid) => {
              if (!standIn) await promptPrepared(workerLog, uuid);
              return uuid;
            })
          : source.demo === 'en'
            ? api.seeded.publicationUuid
            : (await seedShopIn(api.database, source.demo, api.seeded)).publication;
      if (standIn)
        await patchPublicationSnapshot(api.database, publicationUuid, (snapshot) => ({
          ...snapshot,
          voice: {
            ...snapshot.voice,
            llm: {
              provider: 'scripted',
              router: true,
              ...(choices ? { choices: 'embedded' } : {}),
              script: [{ when: '[\\s\\S]', reply: STAND_IN_REPLY }],
            },
          },
        }));
      const setup = {
        server,
        api: {
          conversation: (externalId?: string, mode: 'audio' | 'text' = 'text') =>
            api.openConversation({ ...(externalId ? { externalId } : {}), mode, publicationUuid }),
        },
        workerLog,
      };
      const catalogue = catalogueOf(set.collections);
      const conversations = set.conversations.filter((c) => c.part === part).slice(0, limit);
      for (const conversation of conversations) {
        const mine = await runConversation(
          set,
          conversation,
          setup,
          workerLog,
          catalogue,
          pauseMs,
        ).catch((error: Error) =>
          conversation.turns.map((turn, index) => ({
            set: set.id,
            conversation: conversation.id,
            turn: index + 1,
            say: turn.say,
            reply: '',
            calls: '',
            right: false,
            reason: `the conversation failed: ${error.message.split('\n')[0] ?? ''}`,
            by: 'unknown' as const,
            unknownTurn: turn.accept.some((outcome) => outcome.kind === 'unknown'),
            ...(turn.accept.some((outcome) => outcome.kind === 'fact')
              ? { factTurn: true, saidUnknown: false }
              : {}),
          })),
        );
        results.push(...mine);
        process.stderr.write(
          `  ${set.id} ${conversation.id}: ${mine.filter((result) => result.right).length}/${mine.length} right\n`,
        );
        writeFileSync(`${out}.json`, JSON.stringify(results, null, 1));
        writeFileSync(`${out}.md`, report(results, part, header));
        // The conversation's job process ends before the next one starts.
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
    }
  } finally {
    await stack.stop();
  }
  writeFileSync(`${out}.md`, report(results, part, header));
  process.stdout.write(`report: ${out}.md\n`);
}

await main();
// The Transport's native client keeps handles open after the room is left.
process.exit(0);

// The spoken evaluation of the voice agent: the demo conversations of `conversations.ts`, spoken
// by synthetic voices the agent was not tuned on, to the real worker (embedded speech stack,
// model host, intent router) on a real livekit-server and the real Platform API, through an
// rtc-node microphone track and through Chromium's microphone with the SDK. What the agent heard
// is the visitor's `message:new` messages; what it did is its tool calls.
// Run: npm run bench:agent -- eval
//   EVAL_PATHS=direct,browser,browser-raw  the paths (default the three spoken ones); `typed`
//                                          sends what was said as text, once per conversation
//   EVAL_REPLAY=run.json[:browser]         no speech: types what the agent heard on that path
//                                          (default browser) in a saved run, per voice
//   EVAL_VOICES=flite-slt,espeak-en-us     the voices (default all of voices.ts)
//   EVAL_CONVERSATIONS=tents-basics,...    the conversations, or a number: the first n
//   EVAL_VOICES_PER_CONVERSATION=n         how many voices speak each conversation (default 1,
//                                          taking turns over the voices); `all` for every voice
//   EVAL_RAW_EVERY=n                       browser-raw on every n-th conversation only (default 1)
//   EVAL_GAP_MS=9000                       browser silence after an utterance when the direct
//                                          path did not time that turn (long enough for most
//                                          answers: the visitor waits for the agent)
//   EVAL_OUT=file.json                     where the raw records go (default in the temp folder)
//   EVAL_REPORT=a.json,b.json              no run: the report of saved records, later files
//                                          replacing earlier ones' conversations; files of
//                                          several languages (an English run's with a French
//                                          one's) also print the languages side by side, with
//                                          responses as ratios to English's; files joined by
//                                          `+` (a.json+b.json) are runs of one set, pooled: every
//                                          turn of each counts
//   EVAL_LANGUAGE=fr|es|de                 the shop and its conversations in that language
//                                          (conversations-i18n.ts, voices VOICES_IN; default
//                                          English), on the demo's catalogue in the language
//   EVAL_NOISE=babble|street               the browser paths hear the utterances in a noisy room
//                                          (noise.ts: the project's voices talking over each
//                                          other, or synthesized traffic), at EVAL_SNR_DB=10 dB
//                                          speech to noise; the direct path stays clean
//   EVAL_SET=paused                        English requests with a pause in the middle
//                                          (paused-conversations.ts), judged on each paused
//                                          turn's last action; EVAL_PART=heldout for the
//                                          held-out part (only to report; dev by default)
//   EVAL_VOICE_SET=recorded                with EVAL_LANGUAGE: the language's voices made of
//                                          recorded speech (MBROLA, Pico: RECORDED_VOICES_IN,
//                                          fetched into the cache on first use) instead of
//                                          espeak-ng's
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnAgentWorker, TEST_AGENT_KEY, workerConnected } from '@svc/agent/testing';
import { createLiveKitAdmin, seedShopIn, startTestApi } from '@svc/api/testing';
import { voicePageScript, VOICE_PAGE_HTML, type VoicePageCapture } from '@svc/e2e/support';
import { startLivekitServer } from '@svc/livekit-dev';
import { runBrowserConversation } from './browser-path.js';
import { CONVERSATIONS, type Conversation } from './conversations.js';
import { CONVERSATIONS_IN, type EvalLanguage } from './conversations-i18n.js';
import { runDirectConversation } from './direct-path.js';
import { PAUSED_CONVERSATIONS, type PausedConversation } from './paused-conversations.js';
import { noiseFromEnvironment } from './noise.js';
import { runTypedConversation } from './typed-path.js';
import type { ConversationRecord, PathName } from './records.js';
import {
  figuresOf,
  formatEval,
  formatFailures,
  formatLanguages,
  goalsFor,
  languageOf,
} from './scoring.js';
import { RECORDED_VOICES_IN, VOICES, VOICES_IN, type Voice } from './voices.js';
import { ms, percentiles } from '../worker-kit.js';

/** The evaluation's language: English, or one with a shop and conversations of its own. */
type Language = 'en' | EvalLanguage;

/** `EVAL_LANGUAGE`, checked. */
function languageFromEnvironment(): Language {
  const language = process.env.EVAL_LANGUAGE ?? 'en';
  if (language === 'en' || language in CONVERSATIONS_IN) return language as Language;
  throw new Error(`EVAL_LANGUAGE=${language}: en, ${Object.keys(CONVERSATIONS_IN).join(', ')}`);
}

/**
 * `EVAL_SET=paused`: the requests with a pause in the middle (`paused-conversations.ts`), English,
 * the part `EVAL_PART` names (dev unless `heldout`, which is run only to report). Each paused
 * turn's pause is written into its text as the voices read it (`|800|`).
 */
function pausedSet(): Conversation[] {
  const file = readFileSync(new URL('./paused-conversations.ts', import.meta.url));
  const frozen = JSON.parse(
    readFileSync(new URL('./sets/frozen.json', import.meta.url), 'utf8'),
  ) as Record<string, string>;
  if (createHash('sha256').update(file).digest('hex') !== frozen['paused-requests-1'])
    throw new Error(
      'paused-conversations.ts differs from its frozen sha256: a changed set is a new set',
    );
  const part = process.env.EVAL_PART === 'heldout' ? 'heldout' : 'dev';
  // One list for the run: a conversation's place in it picks its voice.
  pausedConversations ??= PAUSED_CONVERSATIONS[part].map(withPauses);
  return pausedConversations;
}
let pausedConversations: Conversation[] | undefined;

const withPauses = (conversation: PausedConversation): Conversation => ({
  id: conversation.id,
  turns: conversation.turns.map(({ say, pauseMs, expect }) => ({
    say: pauseMs === undefined ? say : say.replace(' | ', ` |${pauseMs}| `),
    expect,
  })),
});

/** The conversations and voices of a language. */
function setOf(language: Language) {
  if (process.env.EVAL_SET === 'paused') {
    if (language !== 'en') throw new Error('EVAL_SET=paused: English only');
    return { conversations: pausedSet(), voices: VOICES };
  }
  return language === 'en'
    ? { conversations: CONVERSATIONS, voices: VOICES }
    : {
        conversations: CONVERSATIONS_IN[language],
        voices: (process.env.EVAL_VOICE_SET === 'recorded' ? RECORDED_VOICES_IN : VOICES_IN)[
          language
        ],
      };
}

/** Every conversation and voice of every language (a saved run's records name theirs by id). */
const ALL_CONVERSATIONS = [
  CONVERSATIONS,
  ...Object.values(CONVERSATIONS_IN),
  [...PAUSED_CONVERSATIONS.dev, ...PAUSED_CONVERSATIONS.heldout].map(withPauses),
].flat();
const ALL_VOICES = [
  VOICES,
  ...Object.values(VOICES_IN),
  ...Object.values(RECORDED_VOICES_IN),
].flat();

/** What to run; every field defaults from the environment (see the file's head). */
export interface EvalOptions {
  language?: Language;
  paths?: PathName[];
  voices?: Voice[];
  conversations?: Conversation[];
  voicesPerConversation?: number;
  log?: (line: string) => void;
}

function fromEnvironment(): Required<Omit<EvalOptions, 'log'>> {
  const language = languageFromEnvironment();
  const set = setOf(language);
  const list = (name: string) =>
    (process.env[name] ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  const paths = list('EVAL_PATHS') as PathName[];
  const voiceIds = list('EVAL_VOICES');
  const conversationIds = list('EVAL_CONVERSATIONS');
  const first = conversationIds.length === 1 ? Number(conversationIds[0]) : Number.NaN;
  const voices =
    voiceIds.length > 0
      ? set.voices.filter((voice) => voiceIds.includes(voice.id))
      : [...set.voices];
  const perConversation = process.env.EVAL_VOICES_PER_CONVERSATION;
  return {
    language,
    paths: paths.length > 0 ? paths : ['direct', 'browser', 'browser-raw'],
    voices,
    conversations: Number.isInteger(first)
      ? set.conversations.slice(0, first)
      : conversationIds.length > 0
        ? set.conversations.filter((conversation) => conversationIds.includes(conversation.id))
        : [...set.conversations],
    voicesPerConversation:
      perConversation === 'all' ? voices.length : Number(perConversation ?? 1) || 1,
  };
}

/** The browser's silence after each utterance: what the agent took on the direct path, and more. */
function gapsFrom(direct: ConversationRecord | undefined, conversation: Conversation): number[] {
  // 7 s left German answers (longer words, longer sentences) talked over in 26 turns of 44, and
  // turns the LLM answered in more than 7 s out of the response figures: a visitor waits.
  const fallback = Number(process.env.EVAL_GAP_MS ?? 9000);
  return conversation.turns.map((_, index) => {
    const settled = direct?.turns[index]?.settledMs;
    // The browser path may hear differently and take longer (an LLM turn): 1.5 s more, 4 s least.
    return settled === undefined ? fallback : Math.min(30_000, Math.max(4000, settled + 1500));
  });
}

/** The commit the run started on, and how many files differed from it. */
function treeState(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
    const changed = git('status', '--porcelain').split('\n').filter(Boolean).length;
    return `  agent under test: commit ${git('rev-parse', '--short', 'HEAD')} with ${changed} files changed in the working tree, ${new Date().toISOString()}`;
  } catch {
    return '  agent under test: not a git checkout';
  }
}

/**
 * The report of earlier runs' raw records (`EVAL_OUT` files), joined: a rerun of some
 * conversations replaces their records in the files before it.
 */
export function reportFromFiles(files: readonly string[]): string {
  const records = new Map<string, ConversationRecord>();
  // A run of a pooled group (`a.json+b.json`) keeps its records beside the group's other runs'.
  const runs = files.flatMap((group) =>
    group.split('+').map((file, run) => ({ file, run: group.includes('+') ? run : 0 })),
  );
  for (const { file, run } of runs) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as ConversationRecord[];
    for (const record of saved) {
      // Expectations are functions: they come back from the set by the conversation's id.
      const conversation = ALL_CONVERSATIONS.find((known) => known.id === record.conversation.id);
      const voice = ALL_VOICES.find((known) => known.id === record.voice.id);
      if (!conversation || !voice) continue;
      records.set(`${run} ${record.path} ${voice.id} ${conversation.id}`, {
        ...record,
        conversation,
        voice,
      });
    }
  }
  const all = [...records.values()];
  const voices = ALL_VOICES.filter((voice) => all.some((record) => record.voice.id === voice.id));
  // Files of several languages: each language's report against its goals, then them side by side.
  const languages = [...new Set(all.map((record) => languageOf(record.voice)))];
  const reports =
    languages.length > 1
      ? [
          ...languages.map((language) =>
            formatEval(
              all.filter((record) => languageOf(record.voice) === language),
              voices.filter((voice) => languageOf(voice) === language),
              goalsFor(language),
            ),
          ),
          formatLanguages(all),
        ].join('\n\n')
      : formatEval(all, voices, goalsFor(languages[0] ?? 'en'));
  return `${reports}\n  from ${files.join(', ')}\n\n${formatFailures(all)}`;
}

/** Runs the evaluation; resolves with the report. */
export async function runEvalBench(options: EvalOptions = {}): Promise<string> {
  if (process.env.EVAL_REPORT) return reportFromFiles(process.env.EVAL_REPORT.split(','));
  const defaults = fromEnvironment();
  const language = options.language ?? defaults.language;
  const set = setOf(language);
  const paths = options.paths ?? defaults.paths;
  const voices = options.voices ?? defaults.voices;
  const conversations = options.conversations ?? defaults.conversations;
  const perConversation = Math.min(
    voices.length,
    options.voicesPerConversation ?? defaults.voicesPerConversation,
  );
  // The raw capture answers one question (the SDK's default): a share of the set can answer it.
  const rawEvery = Math.max(1, Number(process.env.EVAL_RAW_EVERY ?? 1) || 1);
  const noise = noiseFromEnvironment();
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));

  // The agent under test is the working tree's: say which one the figures are for.
  const tree = treeState();
  const server = await startLivekitServer();
  const script = await voicePageScript();
  const api = await startTestApi({
    listen: true,
    transport: createLiveKitAdmin({ ...server, agentName: 'svc-agent' }),
    // Every page identifies from loopback: the per-IP limit would count them all as one visitor.
    app: { publicRateLimit: 100_000 },
    routes: (app) => {
      app.get('/', { schema: { hide: true } }, (_request, reply) =>
        reply.type('text/html').send(VOICE_PAGE_HTML),
      );
      app.get('/app.js', { schema: { hide: true } }, (_request, reply) =>
        reply.type('text/javascript').send(script),
      );
    },
  });
  const healthPort = await freePort();
  const worker = spawnAgentWorker({
    livekit: server,
    apiUrl: api.url,
    agentKey: TEST_AGENT_KEY,
    healthPort,
    // The embedded LLM and Whisper loaded once, in the worker's model host, as `npm start` runs
    // it; the recognizer a scenario gets by default unless the run names one.
    env: {
      SVC_LLM_HOST: 'on',
      SVC_EMBEDDED_STT: process.env.SVC_EMBEDDED_STT ?? 'whisper',
      // With WORKER_LOG, `debug` keeps the worker's every transcription and turn decision.
      ...(process.env.SVC_AGENT_LOG_LEVEL
        ? { SVC_AGENT_LOG_LEVEL: process.env.SVC_AGENT_LOG_LEVEL }
        : {}),
    },
  });
  const workerLog = () => worker.log.join('');
  const records: ConversationRecord[] = [];
  let measures = '';
  const out = process.env.EVAL_OUT ?? join(tmpdir(), `svc-eval-${Date.now()}.json`);
  try {
    await server.waitForAgentWorker('svc-agent', 180_000);
    await workerConnected(healthPort);
    // The shop in the evaluation's language: the seeded English one, or its catalogue and
    // scenario in the language on the demo's application.
    const publicationUuid =
      language === 'en'
        ? api.seeded.publicationUuid
        : (await seedShopIn(api.database, language, api.seeded)).publication;
    const pageUrl = `${api.url}/?publication=${publicationUuid}`;
    const directSetup = {
      server,
      api: {
        conversation: (externalId?: string, mode: 'audio' | 'text' = 'text') =>
          api.openConversation({
            ...(externalId ? { externalId } : {}),
            mode,
            publicationUuid,
          }),
      },
      workerLog,
    };
    const replay = process.env.EVAL_REPLAY;
    if (replay) {
      const [file = '', from = 'browser'] = replay.split(':');
      const saved = JSON.parse(readFileSync(file, 'utf8')) as ConversationRecord[];
      for (const earlier of saved.filter((record) => record.path === from)) {
        const conversation = conversations.find((c) => c.id === earlier.conversation.id);
        const voice = ALL_VOICES.find((known) => known.id === earlier.voice.id);
        if (!conversation || !voice) continue;
        const texts = earlier.turns.map((turn) => (turn.spoken ? turn.heard.join(' ') : undefined));
        const record = await runTypedConversation(
          directSetup,
          voice,
          conversation,
          'replay',
          texts,
        );
        records.push(record);
        log(
          `  replay ${voice.id} ${conversation.id}: ${figuresOf([record]).right}/${record.turns.length} right`,
        );
        writeFileSync(out, JSON.stringify(records, null, 1));
      }
    }
    // Each (conversation, voice) pair on every path in turn, so the paths meet the same load.
    for (const conversation of replay ? [] : conversations) {
      // The place in the whole set picks the voices, so a filtered rerun speaks with the same ones.
      const index = set.conversations.indexOf(conversation);
      for (let offset = 0; offset < perConversation; offset += 1) {
        const voice = voices[(index + offset) % voices.length] as Voice;
        let direct: ConversationRecord | undefined;
        for (const path of paths) {
          if (path === 'browser-raw' && index % rawEvery !== 0) continue;
          // Text does not depend on the voice: one typed run per conversation.
          if ((path === 'typed' && offset > 0) || path === 'replay') continue;
          const started = Date.now();
          const record =
            path === 'direct'
              ? await runDirectConversation(directSetup, voice, conversation)
              : path === 'typed'
                ? await runTypedConversation(directSetup, voice, conversation, 'typed')
                : await runBrowserConversation(
                    { pageUrl, workerLog },
                    voice,
                    conversation,
                    (path === 'browser' ? 'default' : 'raw') satisfies VoicePageCapture,
                    gapsFrom(direct, conversation),
                    noise,
                  );
          if (path === 'direct') direct = record;
          records.push(record);
          const figures = figuresOf([record]);
          log(
            `  ${path} ${voice.id} ${conversation.id}: ${figures.right}/${figures.turns} right, word error ${(figures.wordError * 100).toFixed(0)}%, ${((Date.now() - started) / 1000).toFixed(0)} s${record.error ? ` (${record.error})` : ''}\n` +
              record.turns
                .map((turn) => `      "${turn.said}" -> "${turn.heard.join(' | ')}"`)
                .join('\n'),
          );
          writeFileSync(out, JSON.stringify(records, null, 1));
          // The conversation's job process ends before the next one starts.
          await new Promise((resolve) => setTimeout(resolve, 1500));
        }
      }
    }
    measures = await agentMeasures(api);
  } finally {
    if (process.env.WORKER_LOG) writeFileSync(process.env.WORKER_LOG, workerLog());
    if (worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 3000));
      if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    }
    await api.close();
    await server.stop();
  }
  log(`  raw records: ${out}`);
  const room = noise
    ? `the browser paths in a noisy room: ${noise.kind} at ${noise.snrDb} dB speech to noise (noise.ts)\n`
    : '';
  return `${room}${formatEval(records, voices, goalsFor(language))}\n${measures}\n${tree}\n\n${formatFailures(records)}`;
}

/**
 * Where the agent's response time went, from the turn metrics every conversation of the run
 * stored (the run's API is its own, so its every row is this run's): the agent's own measures of
 * the same turns the response figures time at the visitor, for comparing languages.
 */
async function agentMeasures(api: Awaited<ReturnType<typeof startTestApi>>): Promise<string> {
  const rows = await api.database.db.selectFrom('turn_metrics').selectAll().execute();
  const column = (name: 'end_of_turn_ms' | 'stt_ms' | 'llm_ttft_ms' | 'tts_ttfb_ms' | 'e2e_ms') =>
    percentiles(rows.flatMap((row) => (typeof row[name] === 'number' ? [row[name]] : [])));
  const line = (label: string, figures: ReturnType<typeof percentiles>) =>
    `  ${label.padEnd(44)} p50 ${ms(figures.p50).padStart(7)}  p95 ${ms(figures.p95).padStart(7)}  (n=${figures.n})`;
  return [
    `where the agent's time went, every turn of the run (the agent's turn metrics, ms)`,
    line('end of speech -> end of turn committed', column('end_of_turn_ms')),
    line('end of speech -> final transcript', column('stt_ms')),
    line('reply: first token', column('llm_ttft_ms')),
    line('reply: first audio synthesized', column('tts_ttfb_ms')),
    line('end of speech -> first audio out of the agent', column('e2e_ms')),
  ].join('\n');
}

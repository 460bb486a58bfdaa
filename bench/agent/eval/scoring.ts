// Scores of the spoken evaluation: per turn (right action, and when wrong whether the agent
// misheard or misrouted), per voice and path (word error, right action, response time), and the
// totals per path against the goals.
import { wordErrorRate, wordErrors } from '@svc/agents-plugin-embedded';
import { applyPageCall, EMPTY_VIEW, judge, type Action } from './expectations.js';
import { PATH_LABELS, type ConversationRecord, type PathName } from './records.js';
import { spellNumbers } from './spoken-numbers.js';
import { pausesIn, spokenWords, type Voice } from './voices.js';

/** What the figures are held against: at most this word error, at least this share right. */
export interface Goals {
  wordError: number;
  rightAction: number;
}

/** English's goals (the conversation-speed issue's). */
export const GOALS: Goals = { wordError: 0.08, rightAction: 0.9 };

/** French, Spanish and German: the languages issue's goals. */
export const GOALS_OTHER_LANGUAGES: Goals = { wordError: 0.12, rightAction: 0.85 };

/** The goals of an evaluation in `language` (`en`, `fr`, ...). */
export function goalsFor(language: string): Goals {
  return language === 'en' ? GOALS : GOALS_OTHER_LANGUAGES;
}

/** Whether `figures` meet `goals`: word error at most, right action at least. */
function verdict(figures: Figures, goals: Goals): { wordError: boolean; rightAction: boolean } {
  return {
    wordError: figures.wordError <= goals.wordError,
    rightAction: figures.right / Math.max(1, figures.turns) >= goals.rightAction,
  };
}

const meets = (met: boolean) => (met ? 'meets' : 'misses');

/** Why a turn went wrong. */
export type Failure =
  | 'not spoken' // the conversation had ended before the turn
  | 'not heard' // no user message at all
  | 'misheard' // the agent heard other words
  | 'misrouted'; // the agent heard every word and still did the wrong thing

/** One turn, judged. */
export interface TurnScore {
  conversation: string;
  turn: number;
  said: string;
  heard: string;
  expected: string;
  got: string;
  right: boolean;
  reason: string;
  /** Whether the turn was said (not once the conversation had ended). */
  spoken: boolean;
  failure?: Failure;
  responseMs?: number;
  overlapped?: boolean;
}

const describe = (actions: readonly Action[]) =>
  actions.length === 0
    ? 'no tool'
    : actions
        .map((action) => {
          const { result: _result, ...args } = action.args;
          return `${action.tool}(${JSON.stringify(args)})`;
        })
        .join(' + ');

/**
 * Text as the scorer compares it: in French, Spanish and German the numbers spelled in the
 * language first (Whisper writes "100" for "cent"); English spells its own in `normalizeWords`.
 */
function scored(text: string, record: ConversationRecord): string {
  const language = record.voice.language ?? 'en';
  return language === 'en' ? text : spellNumbers(text, language);
}

/** Judges every turn of a conversation against what the page had received before it. */
export function scoreConversation(record: ConversationRecord): TurnScore[] {
  let view = EMPTY_VIEW;
  return record.conversation.turns.map((turn, index) => {
    const done = record.turns[index] ?? {
      said: turn.say,
      spoken: false,
      heard: [],
      actions: [],
      pageCalls: [],
    };
    const heard = done.heard.join(' ');
    // A visitor who paused mid-request may get an answer to its first half, then to the whole:
    // what they end up with is the turn's last action.
    const judged = pausesIn(turn.say) ? done.actions.slice(-1) : done.actions;
    const verdict = done.spoken
      ? judge(turn.expect, judged, view)
      : { right: false, reason: record.error ?? 'the conversation had ended' };
    for (const call of done.pageCalls) view = applyPageCall(view, call.tool, call.args);
    let failure: Failure | undefined;
    if (!verdict.right) {
      if (!done.spoken) failure = 'not spoken';
      else if (heard.trim() === '') failure = 'not heard';
      else
        failure =
          wordErrors(scored(spokenWords(turn.say), record), scored(heard, record)).errors === 0
            ? 'misrouted'
            : 'misheard';
    }
    return {
      conversation: record.conversation.id,
      turn: index + 1,
      said: spokenWords(turn.say),
      heard,
      expected: turn.expect.map((expectation) => expectation.label).join(' | '),
      got: describe(done.actions),
      right: verdict.right,
      reason: verdict.reason,
      spoken: done.spoken,
      ...(failure ? { failure } : {}),
      ...(done.responseMs === undefined ? {} : { responseMs: done.responseMs }),
      ...(done.overlapped ? { overlapped: true } : {}),
    };
  });
}

/** The figures of a group of conversations. */
export interface Figures {
  conversations: number;
  turns: number;
  right: number;
  wordError: number;
  /** Turns lost per failure kind. */
  failures: Record<Failure, number>;
  responseP50: number;
  responseP95: number;
  /**
   * Spoken turns the agent did not start answering before the visitor spoke again (or the run
   * ended): they have no response time, so the percentiles leave them out and this counts them.
   */
  unanswered: number;
  overlapped: number;
}

function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Figures over conversation records (each conversation's heard words against its said words). */
export function figuresOf(records: readonly ConversationRecord[]): Figures {
  const scores = records.flatMap(scoreConversation);
  // All user messages of a conversation against all it said, so a turn the agent split in two or
  // joined with the next still counts its words once.
  const pairs = records.map((record) => ({
    reference: scored(
      record.turns
        .filter((turn) => turn.spoken)
        .map((turn) => spokenWords(turn.said))
        .join(' '),
      record,
    ),
    hypothesis: scored(record.turns.flatMap((turn) => turn.heard).join(' '), record),
  }));
  const failures: Record<Failure, number> = {
    'not spoken': 0,
    'not heard': 0,
    misheard: 0,
    misrouted: 0,
  };
  for (const score of scores) if (score.failure) failures[score.failure] += 1;
  const responses = scores
    .map((score) => score.responseMs)
    .filter((value): value is number => value !== undefined);
  return {
    conversations: records.length,
    turns: scores.length,
    right: scores.filter((score) => score.right).length,
    wordError: wordErrorRate(pairs),
    failures,
    responseP50: percentile(responses, 0.5),
    responseP95: percentile(responses, 0.95),
    unanswered: scores.filter((score) => score.spoken && score.responseMs === undefined).length,
    overlapped: scores.filter((score) => score.overlapped).length,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : '-');

function row(path: string, voice: string, held: string, figures: Figures): string {
  const { failures } = figures;
  return [
    path.padEnd(11),
    voice.padEnd(18),
    held.padEnd(8),
    String(figures.conversations).padStart(5),
    String(figures.turns).padStart(6),
    percent(figures.wordError).padStart(8),
    `${percent(figures.right / Math.max(1, figures.turns))} (${figures.right}/${figures.turns})`.padStart(
      16,
    ),
    `${failures.misheard}/${failures.misrouted}/${failures['not heard']}/${failures['not spoken']}`.padStart(
      13,
    ),
    `${ms(figures.responseP50)}/${ms(figures.responseP95)}`.padStart(12),
    String(figures.unanswered).padStart(9),
    String(figures.overlapped).padStart(8),
  ].join('  ');
}

/** The report: figures per path and voice, totals per path against the goals, the failures. */
export function formatEval(
  records: readonly ConversationRecord[],
  voices: readonly Voice[],
  goals: Goals = GOALS,
): string {
  const paths = [...new Set(records.map((record) => record.path))] as PathName[];
  const lines = [
    `eval: spoken demo conversations, what the agent heard and did (goals: word error <= ${percent(goals.wordError)}, right action >= ${percent(goals.rightAction)})`,
    ...paths.map((path) => `  ${path}: ${PATH_LABELS[path]}`),
    '  held: "in" = a voice the project\'s other tests speak (flite slt, rms); "out" = held out',
    '  wrong = turns lost as misheard / misrouted (heard every word) / not heard / not spoken (ended early)',
    "  response = end of speech to first agent audio (direct) or to the agent's speaking state (browser), ms",
    '  no answer = spoken turns not answered before the next one (or the end): not in the response figures',
    '',
    [
      'path'.padEnd(11),
      'voice'.padEnd(18),
      'held'.padEnd(8),
      'convs'.padStart(5),
      'turns'.padStart(6),
      'word err'.padStart(8),
      'right action'.padStart(16),
      'wrong h/r/n/s'.padStart(13),
      'resp p50/p95'.padStart(12),
      'no answer'.padStart(9),
      'overlaps'.padStart(8),
    ].join('  '),
  ];
  for (const path of paths) {
    const onPath = records.filter((record) => record.path === path);
    for (const voice of voices) {
      const mine = onPath.filter((record) => record.voice.id === voice.id);
      if (mine.length > 0)
        lines.push(row(path, voice.id, voice.heldIn ? 'in' : 'out', figuresOf(mine)));
    }
    const heldOut = onPath.filter((record) => !record.voice.heldIn);
    if (heldOut.length > 0 && heldOut.length < onPath.length)
      lines.push(row(path, 'held-out voices', 'out', figuresOf(heldOut)));
    const total = figuresOf(onPath);
    const met = verdict(total, goals);
    lines.push(
      `${row(path, 'TOTAL', '', total)}   word error ${meets(met.wordError)} the goal, right action ${meets(met.rightAction)} it`,
      '',
    );
  }
  return lines.join('\n');
}

/** Every wrong turn, one line each, for the report of what failed and why. */
export function formatFailures(records: readonly ConversationRecord[]): string {
  const lines = [
    'wrong turns (path voice conversation#turn [why]: said -> heard; expected; got; reason)',
  ];
  for (const record of records) {
    for (const score of scoreConversation(record)) {
      if (score.right) continue;
      lines.push(
        `  ${record.path} ${record.voice.id} ${score.conversation}#${score.turn} [${score.failure}${score.overlapped ? ', overlapped' : ''}]: "${score.said}" -> "${score.heard}"; expected ${score.expected}; got ${score.got}${score.reason ? `; ${score.reason}` : ''}`,
      );
    }
  }
  return lines.join('\n');
}

/** A voice's language (English when it names none); a record's is its voice's. */
export function languageOf(voice: Pick<Voice, 'language'>): string {
  return voice.language ?? 'en';
}

/** The languages issue's goal for responses: at most 20% longer than English's. */
const RESPONSE_RATIO_GOAL = 1.2;

/**
 * Languages side by side, per path: word error and right action against each language's goals,
 * and responses as ratios to English's on the same path. English's figures come from the same
 * records (an English run's file given with them).
 */
export function formatLanguages(records: readonly ConversationRecord[]): string {
  const recordLanguage = (record: ConversationRecord) => languageOf(record.voice);
  const languages = [...new Set(records.map(recordLanguage))].sort((a, b) =>
    a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b),
  );
  const paths = [...new Set(records.map((record) => record.path))] as PathName[];
  const lines = [
    'languages: totals per language and path; response ratios against English on the same path',
    [
      'path'.padEnd(11),
      'lang'.padEnd(4),
      'turns'.padStart(6),
      'word err'.padStart(8),
      'right action'.padStart(16),
      'resp p50/p95'.padStart(12),
      'no answer'.padStart(9),
      'vs en p50/p95'.padStart(13),
      '  goals',
    ].join('  '),
  ];
  for (const path of paths) {
    const onPath = records.filter((record) => record.path === path);
    const figuresIn = (language: string) =>
      figuresOf(onPath.filter((record) => recordLanguage(record) === language));
    const english = figuresIn('en');
    for (const language of languages) {
      const figures = figuresIn(language);
      if (figures.conversations === 0) continue;
      const met = verdict(figures, goalsFor(language));
      // Ratios only where English was run on this path and both have responses.
      const ratios =
        language !== 'en' && english.conversations > 0 && english.responseP50 > 0
          ? [
              figures.responseP50 / english.responseP50,
              figures.responseP95 / english.responseP95,
            ].filter(Number.isFinite)
          : [];
      const againstEnglish =
        ratios.length === 2
          ? `, response ${ratios.every((ratio) => ratio <= RESPONSE_RATIO_GOAL) ? 'within' : 'not within'} 20% of English`
          : '';
      lines.push(
        [
          path.padEnd(11),
          language.padEnd(4),
          String(figures.turns).padStart(6),
          percent(figures.wordError).padStart(8),
          `${percent(figures.right / Math.max(1, figures.turns))} (${figures.right}/${figures.turns})`.padStart(
            16,
          ),
          `${ms(figures.responseP50)}/${ms(figures.responseP95)}`.padStart(12),
          String(figures.unanswered).padStart(9),
          (language === 'en'
            ? ''
            : ratios.length === 2
              ? ratios.map((ratio) => `x${ratio.toFixed(2)}`).join('/')
              : '-/-'
          ).padStart(13),
          `  word error ${meets(met.wordError)}, right action ${meets(met.rightAction)}${againstEnglish}`,
        ].join('  '),
      );
    }
  }
  return lines.join('\n');
}

import type { llm } from '@livekit/agents';
import type { HeardSureness } from './heard-sureness.js';
import { soundsUnfinished, turnLanguage, type TurnLanguage } from './unfinished-words.js';

/** What the framework's end-of-turn check reads from a text turn detector. */
interface TextTurnDetector {
  readonly model: string;
  readonly provider: string;
  unlikelyThreshold(language?: string): Promise<number | undefined>;
  supportsLanguage(language?: string): Promise<boolean>;
  predictEndOfTurn(chatCtx: llm.ChatContext, timeoutMs?: number): Promise<number>;
}

/**
 * Whether a turn's text so far may be cut at a pause: it ends on a word that cannot close a
 * request, or on a last word the recognizer doubted.
 */
export function readsUnfinished(
  text: string,
  language: TurnLanguage,
  sureness?: HeardSureness,
): boolean {
  return soundsUnfinished(text, language) || (sureness?.doubtsEnding(text) ?? false);
}

/** The probability reported for a transcript that reads as cut off. */
const UNFINISHED = 0.05;
/** The probability reported for any other transcript. */
const FINISHED = 0.95;

/**
 * An end-of-turn detector that reads the recognizer's early transcript: at a pause, a request
 * whose words so far end on a word that cannot close a sentence ("a tent that", "compare it with"),
 * or on a last word the recognizer doubted while sure of the rest (see {@link HeardSureness}), is
 * held open for the endpointing's longer delay; any other keeps today's short one. It needs no
 * model and no process, and answers at once: the early transcript is in before the pause is long
 * enough to end the turn, so turns that are complete end as fast as with the VAD alone.
 */
export class TranscriptTurnDetector implements TextTurnDetector {
  readonly model = 'transcript-completeness';
  readonly provider = 'svc';
  readonly #language: string | undefined;
  readonly #sureness: HeardSureness | undefined;

  /**
   * @param language The conversation's, used when the recognizer reports none.
   * @param sureness How sure the recognizer was of what it heard, when it says.
   */
  constructor(language?: string, sureness?: HeardSureness) {
    this.#language = language;
    this.#sureness = sureness;
  }

  unlikelyThreshold(): Promise<number> {
    return Promise.resolve(0.5);
  }

  supportsLanguage(language?: string): Promise<boolean> {
    return Promise.resolve(turnLanguage(language ?? this.#language) !== undefined);
  }

  predictEndOfTurn(chatCtx: llm.ChatContext): Promise<number> {
    const language = turnLanguage(this.#language);
    const last = chatCtx.items.findLast((item) => item.type === 'message' && item.role === 'user');
    const transcript = last?.type === 'message' ? (last.textContent ?? '') : '';
    if (!language) return Promise.resolve(FINISHED);
    return Promise.resolve(
      readsUnfinished(transcript, language, this.#sureness) ? UNFINISHED : FINISHED,
    );
  }
}

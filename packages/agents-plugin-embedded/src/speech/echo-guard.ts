// What the agent itself is saying, so that its own voice coming back through a visitor's
// speakers is not taken for the visitor. A browser cancels that echo when its echo canceller has
// the played audio to compare with; when it does not (a canceller that lags, a fake device,
// speakers turned up), the recognizer hears the agent's words again. A transcript made mostly of
// the word pairs the agent spoke moments ago is that echo.
import { normalizeWords } from './spoken-words.js';

/**
 * How long after its audio was due to end the agent's speech can still come back as a transcript,
 * in ms: the echo reaches the recognizer through the visitor's capture, the network, the VAD and
 * the decoder, and the audio starts later than it was handed out (seconds on a loaded machine).
 */
const ECHO_TAIL_MS = 10_000;
/**
 * Share of a transcript's word pairs the agent must have just said for the transcript to be its
 * echo: a visitor who names what the agent named ("the blue ridge down jacket, please") keeps
 * words of their own around it.
 */
const ECHO_SHARE = 0.6;

/** Speech the agent produced, heard until `until` (ms since the epoch). */
interface Spoken {
  pairs: string[];
  until: number;
}

/** The word pairs of a text, as the recognizer would print its words. */
function wordPairs(text: string): string[] {
  const words = normalizeWords(text);
  return words.slice(1).map((word, index) => `${words[index]} ${word}`);
}

/**
 * The agent's recent speech of one conversation: its voice tells what it is about to play
 * ({@link EchoGuard.speaking}), its recognizer asks whether a transcript is that speech coming
 * back ({@link EchoGuard.isEcho}).
 */
export class EchoGuard {
  #spoken: Spoken[] = [];
  /** When the audio handed out so far ends playing, if played without a gap. */
  #playedUntil = 0;
  readonly #now: () => number;

  /** @param now The clock (ms since the epoch): a test's own. */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The agent's voice hands out `seconds` of audio saying `text`, played after what came before. */
  speaking(text: string, seconds: number): void {
    const now = this.#now();
    this.#playedUntil = Math.max(now, this.#playedUntil) + seconds * 1000;
    this.#spoken = this.#spoken.filter((spoken) => spoken.until > now);
    this.#spoken.push({ pairs: wordPairs(text), until: this.#playedUntil + ECHO_TAIL_MS });
  }

  /**
   * Whether `transcript` is the agent's own recent speech: at least two words, and most of its
   * word pairs said by the agent in the last seconds. A single word is never taken for an echo
   * (the visitor's "yes" counts even while the agent says it).
   */
  isEcho(transcript: string): boolean {
    const pairs = wordPairs(transcript);
    if (pairs.length === 0) return false;
    const now = this.#now();
    const said = new Set(
      this.#spoken.filter((spoken) => spoken.until > now).flatMap((spoken) => spoken.pairs),
    );
    if (said.size === 0) return false;
    const echoed = pairs.filter((pair) => said.has(pair)).length;
    return echoed / pairs.length >= ECHO_SHARE;
  }
}

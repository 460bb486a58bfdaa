// What the agent itself is saying, so that its own voice coming back through a visitor's
// speakers is not taken for the visitor. A browser cancels that echo when its echo canceller has
// the played audio to compare with; when it does not (a canceller that lags, a fake device,
// speakers turned up), the recognizer hears the agent's words again, often misheard ("Hi, welcome
// to Trailhead" as "Bye, welcome to trail"). A transcript whose words are mostly words the agent
// spoke moments ago, or near misses of them, is that echo.
import { normalizeWords } from './spoken-words.js';

/**
 * How long after its audio was due to end the agent's speech can still come back as a transcript,
 * in ms: the echo reaches the recognizer through the visitor's capture, the network, the VAD and
 * the decoder, and the audio starts later than it was handed out (seconds on a loaded machine).
 */
const ECHO_TAIL_MS = 10_000;
/**
 * Share of a transcript's words the agent must have just said for the transcript to be its echo:
 * a visitor who names what the agent named ("put the blue ridge down jacket in my cart") keeps
 * words of their own around it.
 */
const ECHO_SHARE = 0.7;

/**
 * How long after the agent's audio was due to end an utterance may still begin and be its echo,
 * in ms (the VAD's look-back and the playout's own lag). A visitor who answers once the agent has
 * finished, naming what it named ("the Summit Dome Tent"), starts later than that.
 */
const ECHO_START_TAIL_MS = 1_500;

/** Speech the agent produced, heard until `until` (ms since the epoch). */
interface Spoken {
  words: string[];
  /** When its audio ends playing, if played without a gap. */
  ends: number;
  until: number;
}

/** Whether two words differ by at most one letter added, removed or changed. */
function oneEditApart(first: string, second: string): boolean {
  if (Math.abs(first.length - second.length) > 1) return false;
  let [index, other] = [0, 0];
  let edits = 0;
  while (index < first.length && other < second.length) {
    if (first[index] === second[other]) {
      index += 1;
      other += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    if (first.length > second.length) index += 1;
    else if (second.length > first.length) other += 1;
    else [index, other] = [index + 1, other + 1];
  }
  return edits + (first.length - index) + (second.length - other) <= 1;
}

/**
 * Whether a heard word is a word the agent said as a recognizer mishears it: the same, cut short
 * or run on ("trail" for "trailhead"), or one letter off ("drail" for "trail").
 */
function heardAs(heard: string, said: string): boolean {
  if (heard === said) return true;
  if (heard.length >= 3 && said.length >= 3 && (said.startsWith(heard) || heard.startsWith(said))) {
    return true;
  }
  return heard.length >= 4 && said.length >= 4 && oneEditApart(heard, said);
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
    this.#spoken.push({
      words: normalizeWords(text),
      ends: this.#playedUntil,
      until: this.#playedUntil + ECHO_TAIL_MS,
    });
  }

  /**
   * Whether `transcript` is the agent's own recent speech: at least two words, and most of them
   * words the agent said in the last seconds or near misses of them. A single word is never
   * taken for an echo (the visitor's "yes" counts even while the agent says it).
   *
   * @param startedAt When the utterance began (ms since the epoch), when the recognizer says: only
   *   speech that began while the agent's audio played, or just after, can be its echo.
   */
  isEcho(transcript: string, startedAt?: number): boolean {
    const words = normalizeWords(transcript);
    if (words.length < 2) return false;
    const now = this.#now();
    const said = new Set(
      this.#spoken
        .filter((spoken) => spoken.until > now)
        .filter(
          (spoken) => startedAt === undefined || startedAt <= spoken.ends + ECHO_START_TAIL_MS,
        )
        .flatMap((spoken) => spoken.words),
    );
    if (said.size === 0) return false;
    const echoed = words.filter((word) => [...said].some((known) => heardAs(word, known))).length;
    return echoed / words.length >= ECHO_SHARE;
  }
}

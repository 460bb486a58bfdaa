// How the embedded Whisper hears speech over the agent's, which the voice session decides: the
// recognizer is built before the session, so it asks this object, which the session fills in
// once it exists.
// - A second time, without the scenario's prompt. Under the prompt Whisper writes the scenario's
//   words into sounds: on the barge-in set, a hummed "mm-hmm" or a laugh over the agent came out
//   "Adiós", "Momentum" or "Thank you", and half of the backchannels and sounds stopped the agent
//   (a quarter heard bare). The session wants the bare hearing for speech over its own that would
//   interrupt it.
// - Before it ends. The agent stops on a word, and the words of a whole utterance come a pause
//   after its last one: a visitor saying "actually, cancel that, I want the blue one" over the
//   agent would talk over it to the end. Speech over the agent is heard while it goes on (after
//   `INTERIM_HEARING_MS` of it, then after each further `INTERIM_HEARING_MS` while the agent still
//   speaks), and its words stop the agent then.

/**
 * How much speech over the agent is heard before it ends, ms: the framework's shortest speech
 * that interrupts by voice activity (`interruption.minDuration`), and on the barge-in set's dev
 * part the length at which the agent stopped soonest for no more false stops than at 700 ms
 * (bench/agent/turn/README.md).
 */
export const INTERIM_HEARING_MS = 500;

/**
 * What the session says of speech over the agent: whether to hear it bare, and whether the agent
 * speaks now.
 */
export class OverAgentHearing {
  #wanted: (text: string) => boolean = () => false;
  #agentSpeaking: () => boolean = () => false;

  /** Set by the voice session once it exists. */
  decideWith(wanted: (text: string) => boolean, agentSpeaking: () => boolean): void {
    this.#wanted = wanted;
    this.#agentSpeaking = agentSpeaking;
  }

  /** Whether the utterance heard (under the prompt) as `text` is heard again bare. */
  wanted(text: string): boolean {
    return this.#wanted(text);
  }

  /**
   * Whether the agent speaks now: the visitor's speech is then heard before it ends, to stop it.
   * Once it has stopped, the rest of the utterance waits for its end like any other.
   */
  agentSpeaking(): boolean {
    return this.#agentSpeaking();
  }
}

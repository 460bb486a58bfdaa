// When the embedded Whisper hears an utterance a second time, without the scenario's prompt.
// Under the prompt it writes the scenario's words into sounds: on the barge-in set, a hummed
// "mm-hmm" or a laugh over the agent came out "Adiós", "Momentum" or "Thank you", and half of the
// backchannels and sounds stopped the agent (a quarter heard bare). The session decides when it
// wants the bare hearing (speech over its own that would interrupt it); the recognizer is built
// before the session, so it asks this object, which the session fills in once it exists.

/** Whether an utterance heard as some text is heard again without the prompt. */
export class SecondHearing {
  #wanted: (text: string) => boolean = () => false;

  /** Set by the voice session once it exists. */
  decideWith(wanted: (text: string) => boolean): void {
    this.#wanted = wanted;
  }

  /** Whether the utterance heard (under the prompt) as `text` is heard again bare. */
  wanted(text: string): boolean {
    return this.#wanted(text);
  }
}

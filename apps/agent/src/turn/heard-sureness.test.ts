import { llm } from '@livekit/agents';
import { describe, expect, it } from 'vitest';
import {
  doubtsLastWord,
  HeardSureness,
  LAST_WORD_DOUBT,
  SURE_OF_OTHERS,
} from './heard-sureness.js';
import { TranscriptTurnDetector } from './transcript-turn-detector.js';

const doubted = { lastWord: LAST_WORD_DOUBT - 0.2, otherWords: SURE_OF_OTHERS + 0.1 };
const sure = { lastWord: 0.95, otherWords: 0.9 };

/** A chat context whose last user message is `text`. */
function turn(text: string): llm.ChatContext {
  const context = llm.ChatContext.empty();
  context.addMessage({ role: 'assistant', content: 'Hello! How can I help?' });
  context.addMessage({ role: 'user', content: text });
  return context;
}

describe("the recognizer's doubt about a last word", () => {
  it('says a pause may be mid-sentence only when the other words were heard surely', () => {
    expect(doubtsLastWord(doubted)).toBe(true);
    expect(doubtsLastWord(sure)).toBe(false);
    // A voice the recognizer hears badly: every word is doubtful, the last says nothing.
    expect(doubtsLastWord({ lastWord: 0.2, otherWords: SURE_OF_OTHERS - 0.2 })).toBe(false);
    // One word alone has nothing to be compared with.
    expect(doubtsLastWord({ lastWord: 0.2 })).toBe(false);
    expect(doubtsLastWord(undefined)).toBe(false);
  });

  it("is asked about the turn's text, which ends with the latest transcript", () => {
    const heard = new HeardSureness();
    heard.record({ text: 'I would like to order the head lamp.', sureness: doubted });
    expect(heard.doubtsEnding('I would like to order the head lamp.')).toBe(true);
    // The turn joins an earlier utterance: its ending is what was heard last.
    expect(heard.doubtsEnding('Hi there. I would like to order the head lamp')).toBe(true);
    // A transcript the recognizer was sure of, heard later, is the ending now.
    heard.record({ text: 'And two packs of batteries.', sureness: sure });
    expect(
      heard.doubtsEnding('I would like to order the head lamp. And two packs of batteries.'),
    ).toBe(false);
    // A text that ends on nothing heard (a typed turn, a transcript a filter rewrote) is not doubted.
    expect(heard.doubtsEnding('Do you have tents?')).toBe(false);
    expect(heard.doubtsEnding('')).toBe(false);
  });

  it('holds the turn open in the transcript detector, where the words alone read as finished', async () => {
    const heard = new HeardSureness();
    const detector = new TranscriptTurnDetector('en-US', heard);
    heard.record({ text: 'My son needs a sleeping bag.', sureness: doubted });
    const held = await detector.predictEndOfTurn(turn('My son needs a sleeping bag.'));
    heard.record({ text: 'I need new hiking boots.', sureness: sure });
    const ended = await detector.predictEndOfTurn(turn('I need new hiking boots.'));
    const threshold = await detector.unlikelyThreshold();
    expect(held).toBeLessThan(threshold);
    expect(ended).toBeGreaterThan(threshold);
    // Without what the recognizer said of its words, the text decides alone, as before.
    const alone = new TranscriptTurnDetector('en-US');
    expect(await alone.predictEndOfTurn(turn('My son needs a sleeping bag.'))).toBeGreaterThan(
      threshold,
    );
    expect(await alone.predictEndOfTurn(turn('My son needs a sleeping bag for'))).toBeLessThan(
      threshold,
    );
  });
});

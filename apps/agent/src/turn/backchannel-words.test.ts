import { describe, expect, it } from 'vitest';
import { isBackchannel } from './backchannel-words.js';

describe('feedback over the agent', () => {
  it('continuers, acknowledgements and laughter as recognizers write them are feedback', () => {
    for (const heard of [
      'Mm-hmm.',
      'MMHMM',
      'mm hmm',
      'Uh-huh',
      'Mmmm.',
      'Okay.',
      'Yeah, yeah.',
      'Ha ha!',
    ])
      expect(isBackchannel(heard, 'en-US'), heard).toBe(true);
    // A hum spelled letter by letter, or with no vowel, in any language served.
    for (const heard of ['M-H-N-N.', 'Hmn.', 'mhmm'])
      expect(isBackchannel(heard, 'en-US'), heard).toBe(true);
    expect(isBackchannel('M-M-H-M.', 'de')).toBe(true);
    expect(isBackchannel("D'accord.", 'fr')).toBe(true);
    expect(isBackchannel('Sí, vale.', 'es')).toBe(true);
    expect(isBackchannel('Ja, genau.', 'de')).toBe(true);
  });

  it('an acknowledgement said as a phrase is feedback, its words alone are not', () => {
    for (const heard of ['I see.', 'Oh, I see.', 'Got it, okay.', 'That makes sense.', 'Go on.'])
      expect(isBackchannel(heard, 'en'), heard).toBe(true);
    expect(isBackchannel('Je vois.', 'fr')).toBe(true);
    expect(isBackchannel('Ah, ya veo.', 'es')).toBe(true);
    expect(isBackchannel('Alles klar.', 'de')).toBe(true);
    // A phrase's words with others, or one of its words alone, are a turn.
    for (const heard of ['I see a blue one.', 'Got it in blue?', 'See.', 'I want it.'])
      expect(isBackchannel(heard, 'en'), heard).toBe(false);
    expect(isBackchannel('Je vois le rouge.', 'fr')).toBe(false);
  });

  it('a sound spelled as lone letters is not words, in any language', () => {
    for (const heard of ['C.', 'C C C', 'N-M-A.', 'M-H-N-A.'])
      for (const language of ['en', 'fr', 'es', 'de', 'ja'])
        expect(isBackchannel(heard, language), `${heard} ${language}`).toBe(true);
    // A number said over the agent is a turn.
    expect(isBackchannel('2.', 'en')).toBe(false);
  });

  it('a cough, a laugh or silence written as non-speech is feedback in any language', () => {
    for (const heard of ['[coughs]', '(laughing)', '*cough*', '[BLANK_AUDIO]', '♪', ''])
      expect(isBackchannel(heard, 'ja'), heard).toBe(true);
  });

  it('"wait", "no, the other one" or a new request takes the turn', () => {
    for (const heard of [
      'Wait.',
      'No, the other one.',
      'Okay, do you have it in blue?',
      'mm-hmm wait',
      // Letters beside a word, or a lone vowel (a word in Spanish and French), are a turn.
      'B, the other one.',
      'O.',
    ])
      expect(isBackchannel(heard, 'en'), heard).toBe(false);
    expect(isBackchannel('Attendez.', 'fr')).toBe(false);
    expect(isBackchannel('No, el otro.', 'es')).toBe(false);
    expect(isBackchannel('Moment mal.', 'de')).toBe(false);
    // Where the feedback words are not known, every word counts.
    expect(isBackchannel('hai', 'ja')).toBe(false);
  });
});

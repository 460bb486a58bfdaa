// The replies of the registered languages, as the agent looks them up by a conversation's tag.
import { describe, expect, it } from 'vitest';
import { REPLIES, templatesFor } from './index.js';

describe('replies', () => {
  it('reads a regional tag as its language, and has none for a language without a pack', () => {
    expect(templatesFor('de-AT')).toBe(REPLIES.de);
    expect(templatesFor('fr_CA')).toBe(REPLIES.fr);
    expect(templatesFor('it-IT')).toBeUndefined();
  });
});

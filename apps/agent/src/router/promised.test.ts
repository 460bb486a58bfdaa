// A sentence of the model's reply that says the agent does what a business's tool does, read from
// the tools' own names; questions, denials and doubts promise nothing.
import { lexiconFor } from '@svc/languages/router';
import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '@svc/protocol/agent';
import { unownedToolWords } from './index.js';
import { promisedTool, toolNameWords } from './promised.js';

const english = lexiconFor('en-US')!;
const tools = ['book_appointment', 'cancelBooking', 'open-ticket'];

describe('toolNameWords', () => {
  it('splits a name at underscores, hyphens and capitals', () => {
    expect(toolNameWords('book_appointment')).toEqual(['book', 'appointment']);
    expect(toolNameWords('cancelBooking')).toEqual(['cancel', 'booking']);
    expect(toolNameWords('open-ticket')).toEqual(['open', 'ticket']);
  });
});

describe('promisedTool', () => {
  it("names the tool whose every name word the sentence says, in any of the words' forms", () => {
    expect(
      promisedTool("Sure, I'll book your appointment for Tuesday at 10.", tools, english),
    ).toBe('book_appointment');
    expect(promisedTool('I will open a ticket to help you.', tools, english)).toBe('open-ticket');
    expect(promisedTool('Let me cancel that booking for you.', tools, english)).toBe(
      'cancelBooking',
    );
  });

  it("promises nothing in a question, a denial, a doubt, the visitor's part, or with half a name", () => {
    expect(
      promisedTool('If it still fails tomorrow, open a ticket from your account.', tools, english),
    ).toBeUndefined();
    expect(promisedTool('Your booking is cancelled now.', tools, english)).toBeUndefined();
    expect(promisedTool('Shall I book an appointment for you?', tools, english)).toBeUndefined();
    expect(promisedTool("I can't open a ticket on a Sunday.", tools, english)).toBeUndefined();
    expect(promisedTool('I am not sure I can book that appointment.', tools, english)).toBe(
      undefined,
    );
    expect(promisedTool('We sell our tickets at the door.', tools, english)).toBeUndefined();
    expect(promisedTool('We open at nine.', tools, english)).toBeUndefined();
  });

  it('names none when the sentence says two tools at once', () => {
    expect(
      promisedTool('I will cancel the booking and book an appointment.', tools, english),
    ).toBeUndefined();
  });
});

describe('unownedToolWords', () => {
  it('reads the names of the tools the router does not own as the promise check does', () => {
    const runtime = {
      conversation: { language: 'en-US' },
      scenario: { features: [{ tools: [{ name: 'cancelBooking', description: '' }] }] },
    } as unknown as RuntimeConfig;
    expect([...unownedToolWords(runtime, [])]).toEqual(['cancel', 'book']);
  });
});

import { describe, expect, it } from 'vitest';
import { conversationRoomName, parseRoomMetadata } from './room.js';

describe('conversationRoomName', () => {
  it('names the room for its conversation and its creation time in base 36', () => {
    expect(conversationRoomName('c-1', 1_700_000_000_000)).toBe('conversation-c-1-loyw3v28');
  });

  it('gives a resumed conversation a fresh room', () => {
    expect(conversationRoomName('c-1', 1)).not.toBe(conversationRoomName('c-1', 2));
  });
});

describe('parseRoomMetadata', () => {
  it('reads what the API writes', () => {
    const text = JSON.stringify({ conversation_id: 'c-1', input_mode: 'text', resumed: true });
    expect(parseRoomMetadata(text)).toEqual({
      conversation_id: 'c-1',
      input_mode: 'text',
      resumed: true,
    });
  });

  it('throws an error that says what is wrong', () => {
    expect(() => parseRoomMetadata(undefined)).toThrow(
      'invalid room metadata: conversation_id: required field is missing',
    );
    expect(() => parseRoomMetadata('{')).toThrow('invalid room metadata: not JSON');
    expect(() => parseRoomMetadata('{"conversation_id":"c-1","output_mode":"video"}')).toThrow(
      /^invalid room metadata: output_mode: expected one of "audio", "text", got "video"$/,
    );
  });
});

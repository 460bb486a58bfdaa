import { describe, expect, it } from 'vitest';
import { parseChatPayload } from './from-frontend.js';
import { parseRpcToolRequest } from './from-agent.js';

// A peer's JSON is parsed with `JSON.parse`, which keeps `__proto__` as an ordinary key; copied
// into a parsed object by assignment it would become that object's prototype.
describe('parsed objects and a __proto__ key', () => {
  it('a record (tool arguments) drops it: no inherited fields, the usual prototype', () => {
    const parsed = parseRpcToolRequest(
      JSON.parse('{"requestId":"r1","args":{"query":"tent","__proto__":{"admin":true}}}'),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const args = parsed.value.args as Record<string, unknown>;
    expect(args['admin']).toBeUndefined();
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(args).toEqual({ query: 'tent' });
  });

  it('an object keeps unknown fields but not that one', () => {
    const parsed = parseChatPayload(JSON.parse('{"message":"hi","__proto__":{"admin":true}}'));
    if (!parsed.ok) throw new Error(parsed.error);
    expect((parsed.value as unknown as Record<string, unknown>)['admin']).toBeUndefined();
    expect(Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
  });
});

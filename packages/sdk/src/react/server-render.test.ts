import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SvcProvider } from './svc-provider.js';
import { useSvcSession } from './use-svc-session.js';

function Status() {
  const { status, messages } = useSvcSession({ scenario: 'pub-1' });
  return createElement('p', null, `${status}:${messages.length}`);
}

describe('server rendering', () => {
  it('imports and renders with no window', () => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(
      createElement(SvcProvider, { apiUrl: 'https://api.example.com' }, createElement(Status)),
    );
    expect(html).toBe('<p>idle:0</p>');
  });
});

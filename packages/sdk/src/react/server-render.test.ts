import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FeaturePanels } from './feature-panels.js';
import { FeatureProvider } from './feature-provider.js';
import type { FeatureRegistryEntry } from './feature-registry.js';
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

  it('lays out feature panels with no window, in the wide layout hydration starts from', () => {
    const registry = new Map<string, FeatureRegistryEntry>([
      [
        'bucket:list:crud',
        {
          component: () => createElement('p', null, 'cart'),
          handlers: {
            show_cart: (requestId) => ({ requestId, response: { code: 'SUCCESS', data: null } }),
          },
          primaryTool: 'show_cart',
          toolNames: ['show_cart'],
        },
      ],
    ]);
    const html = renderToString(
      createElement(
        SvcProvider,
        { apiUrl: 'https://api.example.com' },
        createElement(
          FeatureProvider,
          { registry, initialVisibility: true },
          createElement(FeaturePanels, null, createElement('main', null, 'shop')),
        ),
      ),
    );
    expect(html).toBe(
      '<div class="svc-feature-panels" data-position="none"><div class="svc-feature-page"><main>shop</main></div></div>',
    );
  });
});

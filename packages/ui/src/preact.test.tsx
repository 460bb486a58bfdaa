// @vitest-environment jsdom
// The widget aliases `react` to `preact/compat`: the panels run there too. Here the package's
// `react` and `react/jsx-runtime` imports are Preact's, and Preact renders them.
import { act } from 'preact/test-utils';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { COMPARE_ARGS, DEMO_COLLECTION, SEARCH_ARGS, demoBucket, fakeApi } from './test-demo.js';

vi.mock('react', () => import('preact/compat'));
vi.mock('react/jsx-runtime', () => import('preact/jsx-runtime'));
// Vitest compiles JSX for development, through the dev runtime.
vi.mock('react/jsx-dev-runtime', () => import('preact/jsx-runtime'));

const { render, h, options } = await import('preact');
const { SearchResultsPanel } = await import('./search-results-panel.js');
const { ComparisonPanel } = await import('./comparison-panel.js');
const { CartPanel } = await import('./cart-panel.js');
const { comparisonData, searchResultsData } = await import('./panel-data.js');
const { createBucketClient } = await import('@svc/sdk/buckets');
const { createSvcClient } = await import('@svc/sdk/client');

const root = document.createElement('div');
document.body.append(root);
afterEach(() => render(null, root));

// Preact runs effects after the next frame, with a 35 ms timer beside the frame request. An update
// outside `act` (a fetch settling) leaves that timer behind; fired after the file ends, it calls
// jsdom's `cancelAnimationFrame` once jsdom is gone. Effects here run on the next macrotask, and
// the file lets the last of them run before it ends.
options.requestAnimationFrame = (flush) => setTimeout(flush);
afterAll(() => new Promise<void>((settled) => setTimeout(settled)));

describe('the panels under preact/compat', () => {
  it('render the search grid and the comparison table, and focus the heading', async () => {
    await act(() =>
      render(
        h(SearchResultsPanel, {
          ...searchResultsData(SEARCH_ARGS),
          collection: DEMO_COLLECTION,
          locale: 'en-US',
        }),
        root,
      ),
    );
    expect(root.querySelectorAll('article.svc-card--product')).toHaveLength(2);
    const heading = root.querySelector('h2')!;
    expect(heading.textContent).toBe('Results for “tent”');
    expect(root.querySelector('section')?.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(document.activeElement).toBe(heading);
    await act(() =>
      render(
        h(ComparisonPanel, { ...comparisonData(COMPARE_ARGS), collection: DEMO_COLLECTION }),
        root,
      ),
    );
    expect(root.querySelectorAll('table th[scope=col]')).toHaveLength(3);
  });

  it('edits the cart through a bucket client (useSyncExternalStore of preact/compat)', async () => {
    const api = fakeApi(demoBucket([{ id: 'TENT-1', quantity: 1 }]));
    const client = createSvcClient({ apiUrl: 'https://api.test', storage: null, fetch: api.fetch });
    const buckets = createBucketClient({ client, scenario: 'pub-1', fetch: api.fetch });
    await act(() => render(h(CartPanel, { buckets, collections: [DEMO_COLLECTION] }), root));
    await vi.waitFor(() => expect(root.textContent).toContain('Ridge 2 Tent'));
    const more = root.querySelector<HTMLButtonElement>(
      'button[aria-label="One more Ridge 2 Tent"]',
    )!;
    await act(() => more.click());
    await vi.waitFor(() =>
      expect(root.querySelector('[role=spinbutton]')?.getAttribute('aria-valuenow')).toBe('2'),
    );
    expect(api.bucket().items[0]?.quantity).toBe(2);
  });
});

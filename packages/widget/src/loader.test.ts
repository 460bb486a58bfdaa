// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { conversationUrl, TAG_NAME } from './define.js';

// The loader as the classic script runs it: it finds itself as `document.currentScript`, defines
// the element and adds the one its tag describes.

describe('widget.js', () => {
  it('defines <svc-agent> and adds the one its script tag names, on the script’s origin', async () => {
    const script = document.createElement('script');
    script.src = 'https://api.example.com/widget/v1/widget.js';
    script.dataset.publication = 'pub-1';
    document.head.append(script);
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
    try {
      await import('./loader.js');
    } finally {
      Reflect.deleteProperty(document, 'currentScript');
    }
    expect(customElements.get(TAG_NAME)).toBeDefined();
    const agents = document.querySelectorAll(TAG_NAME);
    expect(agents).toHaveLength(1);
    expect(agents[0]?.parentElement).toBe(document.body);
    expect(agents[0]?.getAttribute('publication')).toBe('pub-1');
    expect(agents[0]?.getAttribute('api')).toBe('https://api.example.com');
  });

  it('loads the conversation from the loader’s own folder, not the page’s', () => {
    expect(conversationUrl('https://api.example.com/widget/v1/')).toBe(
      'https://api.example.com/widget/v1/conversation.js',
    );
  });
});

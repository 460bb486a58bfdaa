// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationModule, ConversationOptions } from './conversation-module.js';
import { addAgentFromScript, defineSvcAgent, TAG_NAME } from './define.js';
import type { SvcAgentElement } from './svc-agent-element.js';

// The element's attributes and the loader's script tag, with a stand-in conversation chunk.

const BASE = 'https://api.example.com/widget/v1/';
const mounted: { target: HTMLElement; options: ConversationOptions; unmounted: boolean }[] = [];
const load = vi.fn(async (): Promise<ConversationModule> => ({
  css: '.svcw-conversation { color: red }',
  mountConversation(target, options) {
    const record = { target, options, unmounted: false };
    mounted.push(record);
    const input = target.ownerDocument.createElement('input');
    input.setAttribute('aria-label', 'Message');
    target.append(input);
    return { unmount: () => (record.unmounted = true) };
  },
}));
defineSvcAgent(BASE, load);

function agent(attributes: Record<string, string> = {}): SvcAgentElement {
  const element = document.createElement(TAG_NAME) as SvcAgentElement;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}
const shadow = (element: Element) => element.shadowRoot!;
const launcher = (element: Element) =>
  shadow(element).querySelector<HTMLButtonElement>('.svcw-launcher')!;
const panel = (element: Element) => shadow(element).querySelector<HTMLElement>('.svcw-panel')!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.replaceChildren();
  mounted.length = 0;
  load.mockClear();
});

describe('<svc-agent>', () => {
  it('renders a launcher in an open shadow root and loads nothing until opened', () => {
    const element = agent({ publication: 'pub-1' });
    expect(shadow(element).mode).toBe('open');
    expect(launcher(element).getAttribute('aria-expanded')).toBe('false');
    expect(launcher(element).getAttribute('aria-controls')).toBe(panel(element).id);
    expect(launcher(element).textContent).toBe('Ask us');
    expect(panel(element).hidden).toBe(true);
    expect(panel(element).getAttribute('role')).toBe('dialog');
    expect(load).not.toHaveBeenCalled();
  });

  it('opens on the launcher, mounts the conversation with its attributes, and focuses it', async () => {
    const element = agent({ publication: 'pub-1', api: 'https://api.example.com/' });
    launcher(element).click();
    await settle();
    expect(element.open).toBe(true);
    expect(element.hasAttribute('open')).toBe(true);
    expect(panel(element).hidden).toBe(false);
    expect(launcher(element).getAttribute('aria-expanded')).toBe('true');
    expect(load).toHaveBeenCalledTimes(1);
    expect(mounted[0]?.options).toMatchObject({
      apiUrl: 'https://api.example.com',
      publication: 'pub-1',
    });
    expect(shadow(element).activeElement?.getAttribute('aria-label')).toBe('Message');
  });

  it('keeps the conversation across close and open, and closes on Escape back to the launcher', async () => {
    const element = agent({ publication: 'pub-1' });
    element.show();
    await settle();
    panel(element).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(element.open).toBe(false);
    expect(shadow(element).activeElement).toBe(launcher(element));
    element.show();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(mounted).toHaveLength(1);
    expect(mounted[0]?.unmounted).toBe(false);
  });

  it('defaults the API to the loader’s origin', async () => {
    const element = agent({ publication: 'pub-1' });
    expect(element.api).toBe('https://api.example.com');
    element.open = true;
    await settle();
    expect(mounted[0]?.options.apiUrl).toBe('https://api.example.com');
  });

  it('starts over when the publication or the API changes', async () => {
    const element = agent({ publication: 'pub-1' });
    element.show();
    await settle();
    element.setAttribute('publication', 'pub-2');
    await settle();
    expect(mounted[0]?.unmounted).toBe(true);
    expect(mounted[1]?.options.publication).toBe('pub-2');
    element.setAttribute('api', 'https://other.example.com');
    await settle();
    expect(mounted[1]?.unmounted).toBe(true);
    expect(mounted[2]?.options.apiUrl).toBe('https://other.example.com');
  });

  it('says so when it has no publication, and loads nothing', async () => {
    const element = agent();
    element.show();
    await settle();
    expect(shadow(element).querySelector('[role="alert"]')?.textContent).toMatch(/publication/);
    expect(load).not.toHaveBeenCalled();
  });

  it('reports a chunk that fails to load, and tries again on the next open', async () => {
    load.mockRejectedValueOnce(new Error('network down'));
    const element = agent({ publication: 'pub-1' });
    element.show();
    await settle();
    expect(shadow(element).querySelector('[role="alert"]')?.textContent).toMatch(/network down/);
    element.hide();
    element.show();
    await settle();
    expect(mounted).toHaveLength(1);
  });

  it('takes its launcher label and the panel title from `label`', () => {
    const element = agent({ publication: 'pub-1', label: 'Ask Trailhead' });
    expect(launcher(element).textContent).toBe('Ask Trailhead');
    expect(shadow(element).querySelector('h2')?.textContent).toBe('Ask Trailhead');
  });

  it('ends the conversation when removed from the page', async () => {
    const element = agent({ publication: 'pub-1' });
    element.show();
    await settle();
    element.remove();
    expect(mounted[0]?.unmounted).toBe(true);
  });

  it('keeps two elements apart: each its own panel, ids and conversation', async () => {
    const first = agent({ publication: 'pub-1' });
    const second = agent({ publication: 'pub-2' });
    first.show();
    await settle();
    expect(second.open).toBe(false);
    second.show();
    await settle();
    expect(panel(first).id).not.toBe(panel(second).id);
    expect(mounted.map((record) => record.options.publication)).toEqual(['pub-1', 'pub-2']);
    expect(mounted[0]?.target).not.toBe(mounted[1]?.target);
  });

  it('puts its styles in the shadow root only', () => {
    agent({ publication: 'pub-1' });
    expect(document.head.querySelector('style')).toBeNull();
  });
});

describe('<svc-agent> in the visitor’s language', () => {
  afterEach(() => vi.restoreAllMocks());

  it('speaks the `language` attribute’s language and starts the conversation in it', async () => {
    const element = agent({ publication: 'pub-1', language: 'fr-CA' });
    expect(element.language).toBe('fr-CA');
    expect(launcher(element).textContent).toBe('Une question\u00a0?');
    expect(launcher(element).getAttribute('aria-label')).toBe('Ouvrir l’assistant');
    element.show();
    await settle();
    expect(launcher(element).getAttribute('aria-label')).toBe('Fermer l’assistant');
    expect(shadow(element).querySelector('.svcw-close')?.getAttribute('aria-label')).toBe(
      'Fermer l’assistant',
    );
    expect(mounted[0]?.options.language).toBe('fr-CA');
  });

  it('without the attribute, the session’s language once its config names one', async () => {
    const element = agent({ publication: 'pub-1' });
    expect(launcher(element).textContent).toBe('Ask us');
    element.show();
    await settle();
    expect(mounted[0]?.options.language).toBeUndefined();
    mounted[0]?.options.onLanguage?.('de-DE');
    expect(launcher(element).textContent).toBe('Fragen Sie uns');
    expect(launcher(element).getAttribute('aria-label')).toBe('Assistenten schließen');
  });

  it('else the browser’s language when the widget speaks it, else English', () => {
    const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('es-ES');
    expect(launcher(agent({ publication: 'pub-1' })).textContent).toBe('¿Te ayudamos?');
    language.mockReturnValue('it-IT');
    expect(launcher(agent({ publication: 'pub-1' })).textContent).toBe('Ask us');
  });

  it('keeps a page’s own label in any language, and says what is wrong in its language', async () => {
    const element = agent({ label: 'Trailhead', language: 'de' });
    expect(launcher(element).textContent).toBe('Trailhead');
    element.show();
    await settle();
    expect(shadow(element).querySelector('[role="alert"]')?.textContent).toBe(
      'Dieser Assistent hat keine Veröffentlichung: Setzen Sie das Attribut publication.',
    );
  });

  it('starts over in the new language when `language` changes', async () => {
    const element = agent({ publication: 'pub-1', language: 'fr' });
    element.show();
    await settle();
    element.setAttribute('language', 'es');
    await settle();
    expect(mounted[0]?.unmounted).toBe(true);
    expect(mounted[1]?.options.language).toBe('es');
    expect(launcher(element).textContent).toBe('¿Te ayudamos?');
  });
});

describe('the loader’s script tag', () => {
  function script(data: Record<string, string>) {
    const element = document.createElement('script');
    element.src = 'https://api.example.com/widget/v1/widget.js';
    for (const [name, value] of Object.entries(data)) element.dataset[name] = value;
    document.body.append(element);
    return element;
  }

  it('adds one <svc-agent> to the body with the tag’s data attributes', () => {
    const tag = script({
      publication: 'pub-1',
      api: 'https://api.example.com',
      label: 'Help',
      language: 'de-DE',
    });
    const added = addAgentFromScript(tag);
    expect(added?.getAttribute('language')).toBe('de-DE');
    expect(added?.parentElement).toBe(document.body);
    expect(added?.getAttribute('publication')).toBe('pub-1');
    expect(added?.getAttribute('api')).toBe('https://api.example.com');
    expect(added?.getAttribute('label')).toBe('Help');
    expect(addAgentFromScript(tag)).toBeNull();
    expect(document.querySelectorAll(TAG_NAME)).toHaveLength(1);
  });

  it('defaults data-api to the script’s origin, and only defines the element without data-publication', () => {
    const added = addAgentFromScript(script({ publication: 'pub-1' }));
    expect(added?.getAttribute('api')).toBe('https://api.example.com');
    expect(addAgentFromScript(script({}))).toBeNull();
  });

  it('defines the element once, whatever a second loader passes', () => {
    const other = vi.fn();
    defineSvcAgent('https://elsewhere.example.com/widget/v1/', other);
    const element = agent({ publication: 'pub-1' });
    expect(element.api).toBe('https://api.example.com');
  });
});

// @vitest-environment jsdom
// The conversation panel as the widget's chunk runs it (Preact standing in for React), before a
// conversation starts: its texts in the language the element asks for, else the browser's.
import { act } from 'preact/test-utils';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('react', () => import('preact/compat'));
vi.mock('react/jsx-runtime', () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', () => import('preact/jsx-runtime'));

const { render, h, options } = await import('preact');
const { Conversation } = await import('./conversation.js');

const root = document.createElement('div');
document.body.append(root);
afterEach(() => {
  render(null, root);
  vi.restoreAllMocks();
});
// Effects on the next macrotask, not behind a 35 ms timer that could fire once jsdom is gone.
options.requestAnimationFrame = (flush) => setTimeout(flush);
afterAll(() => new Promise<void>((settled) => setTimeout(settled)));

const texts = (selector: string) =>
  [...root.querySelectorAll(selector)].map((element) => element.textContent);

async function mount(language?: string) {
  await act(() =>
    render(
      h(Conversation, {
        apiUrl: 'https://api.invalid',
        publication: 'pub-1',
        ...(language ? { language } : {}),
      }),
      root,
    ),
  );
}

describe('the conversation panel', () => {
  it('speaks the element’s language: switch, hint, transcript, start button and state', async () => {
    await mount('fr-FR');
    expect(root.querySelector('.svcw-conversation')?.getAttribute('lang')).toBe('fr-FR');
    expect(root.querySelector('[role="radiogroup"]')?.getAttribute('aria-label')).toBe(
      'Parler ou écrire',
    );
    expect(texts('[role="radio"]')).toEqual(['Voix', 'Texte']);
    expect(root.querySelector('.svcw-hint')?.textContent).toBe(
      'Parlez avec notre assistant\u00a0: il écoute, répond et montre ce qu’il trouve.',
    );
    expect(root.querySelector('[role="log"]')?.getAttribute('aria-label')).toBe('Conversation');
    expect(root.querySelector('.svcw-start')?.textContent).toBe('Commencer à parler');
    expect(root.querySelector('.svcw-state')?.textContent).toBe('prêt');
    await act(() => root.querySelectorAll<HTMLButtonElement>('[role="radio"]')[1]?.click());
    expect(root.querySelector('.svcw-start')?.textContent).toBe('Commencer à écrire');
  });

  it('without one, the browser’s language; English for a language it does not speak', async () => {
    const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-AT');
    await mount();
    expect(texts('[role="radio"]')).toEqual(['Sprechen', 'Schreiben']);
    expect(root.querySelector('.svcw-start')?.textContent).toBe('Sprechen beginnen');
    render(null, root);
    language.mockReturnValue('pt-BR');
    await mount();
    expect(root.querySelector('.svcw-start')?.textContent).toBe('Start talking');
    expect(root.querySelector('.svcw-conversation')?.getAttribute('lang')).toBe('en');
  });
});

// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguagesEditor, servedLanguages } from './languages-editor';

afterEach(cleanup);

/** The editor over a draft it changes; `latest()` answers the draft as last changed. */
function show(initial: unknown) {
  let latest = initial;
  function Host() {
    const [draft, setDraft] = useState(initial);
    return (
      <LanguagesEditor
        draft={draft}
        errors={{}}
        onChange={(next) => {
          latest = next;
          setDraft(next);
        }}
      />
    );
  }
  render(
    <MantineProvider>
      <Host />
    </MantineProvider>,
  );
  return () => latest as { translations?: Record<string, Record<string, string>> };
}

const served = () =>
  within(screen.getByRole('list', { name: 'Languages this scenario serves' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the languages of a scenario', () => {
  it('lists its own language first, then those it has translations for, each once', () => {
    expect(
      servedLanguages({ language: 'en-US', translations: { 'fr-FR': {}, 'EN-us': {} } }),
    ).toEqual(['en-US', 'fr-FR']);
    expect(servedLanguages({})).toEqual(['en-US']);
  });

  it('adds a language, writes its prompt and first message, and removes it', () => {
    const latest = show({ language: 'en-US', prompt: 'You sell tents.', first_message: 'Hi!' });
    expect(served()).toEqual(['en-US (its own)']);

    const input = screen.getByRole('combobox', { name: 'Add a language' });
    act(() => {
      fireEvent.change(input, { target: { value: 'fr-FR' } });
    });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    });
    expect(served()).toEqual(['en-US (its own)', 'fr-FR']);
    expect(latest().translations).toEqual({ 'fr-FR': {} });

    // The scenario's own prompt shows as the placeholder: an empty field falls back to it.
    const prompt = screen.getByLabelText('Prompt in fr-FR') as HTMLTextAreaElement;
    expect(prompt.placeholder).toBe('You sell tents.');
    act(() => {
      fireEvent.change(prompt, { target: { value: 'Vous vendez des tentes.' } });
    });
    act(() => {
      fireEvent.change(screen.getByLabelText('First message in fr-FR'), {
        target: { value: 'Bonjour !' },
      });
    });
    expect(latest().translations).toEqual({
      'fr-FR': { prompt: 'Vous vendez des tentes.', first_message: 'Bonjour !' },
    });
    // Emptying a field leaves it out again.
    act(() => {
      fireEvent.change(prompt, { target: { value: '' } });
    });
    expect(latest().translations).toEqual({ 'fr-FR': { first_message: 'Bonjour !' } });

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove fr-FR' }));
    });
    expect(served()).toEqual(['en-US (its own)']);
    expect(latest().translations).toEqual({});
  });

  it('does not add a tag that is not BCP-47 or a language already served', () => {
    const latest = show({ language: 'en-US', translations: { 'de-DE': {} } });
    const input = screen.getByRole('combobox', { name: 'Add a language' });
    for (const [value, message] of [
      ['french', 'A BCP-47 tag such as fr-FR'],
      ['DE-de', 'Already served'],
      ['en-us', 'Already served'],
    ] as const) {
      act(() => {
        fireEvent.change(input, { target: { value } });
      });
      expect(screen.getByText(message)).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
    }
    expect(latest().translations).toEqual({ 'de-DE': {} });
  });
});

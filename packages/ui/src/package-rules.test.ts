// The package's rules that no single panel test shows: no HTML from data anywhere, no inline
// styles, nothing of react-dom at runtime (the widget aliases react to preact/compat), and one
// stylesheet whose classes all start with `svc-`.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('.', import.meta.url));
const sources = readdirSync(folder)
  .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$|^test-/.test(name))
  .map((name) => ({ name, text: readFileSync(`${folder}${name}`, 'utf8') }));

describe('the package', () => {
  it('never writes HTML or inline styles, and imports no react-dom', () => {
    expect(sources.length).toBeGreaterThan(5);
    for (const { name, text } of sources) {
      for (const forbidden of [
        /dangerouslySetInnerHTML/,
        /innerHTML|outerHTML|insertAdjacentHTML/,
        /\bstyle=\{/,
        /from 'react-dom/,
        /\buse\(|useOptimistic|useActionState|useFormStatus/,
      ])
        expect({ name, match: forbidden.exec(text)?.[0] }).toEqual({ name, match: undefined });
    }
  });

  it('styles only svc- classes, themed through --svc- variables', () => {
    const css = readFileSync(`${folder}styles.css`, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const classes = [...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]);
    expect(classes.length).toBeGreaterThan(20);
    expect(classes.filter((name) => !name?.startsWith('svc-'))).toEqual([]);
    const variables = [...css.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]);
    expect(variables.filter((name) => !name?.startsWith('--svc-'))).toEqual([]);
    // Every class the panels use is styled, but for modifiers (`svc-card--product`), which are
    // hooks for a page's own rules.
    const used = new Set(
      sources.flatMap(({ text }) =>
        [...text.matchAll(/className=(?:"([^"]+)"|\{`([^`]+)`\})/g)].flatMap((match) =>
          (match[1] ?? match[2] ?? '').split(/\s+/),
        ),
      ),
    );
    const unstyled = [...used].filter(
      (name) => !name.includes('$') && !name.includes('--') && !classes.includes(name),
    );
    expect(unstyled).toEqual([]);
  });
});

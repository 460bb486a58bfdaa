import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const source = dirname(fileURLToPath(import.meta.url));

/** The TypeScript files under `folder`, tests included. */
function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typeScriptFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Each file's relative imports and re-exports, type-only ones included (ESLint's cycle rule lets
 * those through, yet they tie the files together as much for a reader), resolved to files.
 */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(dirname(file), name).replace(/\.js$/, ''))
      .flatMap((path) => [`${path}.ts`, `${path}.tsx`, join(path, 'index.ts')])
      .filter((path) => known.has(path));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The import circles of a graph: its strongly connected parts of more than one file, or a file importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative: the agent's graph is deep enough for a recursion to matter.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const walk: { file: string; next: number }[] = [{ file: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (walk.length > 0) {
      const frame = walk[walk.length - 1]!;
      const targets = graph.get(frame.file) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          walk.push({ file: target, next: 0 });
        } else if (onStack.has(target))
          low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!));
        continue;
      }
      walk.pop();
      const parent = walk[walk.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const part: string[] = [];
      for (;;) {
        const file = stack.pop()!;
        onStack.delete(file);
        part.push(file);
        if (file === frame.file) break;
      }
      if (part.length > 1 || targets.includes(frame.file)) found.push(part.sort());
    }
  }
  return found;
}

describe('the agent source', () => {
  it('has no import circle, type-only imports included', () => {
    const found = circles(importGraph(typeScriptFiles(source))).map((part) =>
      part.map((file) => relative(source, file)),
    );
    expect(found).toEqual([]);
  });
});

// Checks that every workspace declares the `@svc/*` packages it imports. Without the declaration an
// import only works because npm links every workspace into the root node_modules: the dependency
// map the package.json files show would be wrong, and a published or deployed package would break.
//
// For each workspace of the root package.json (its `workspaces` globs), the script reads the
// sources (.ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs; not node_modules, dist or the other
// folders ESLint ignores), finds `from '@svc/…'`, `import '@svc/…'` and `import('@svc/…')`, and
// reports the packages missing from dependencies, devDependencies and peerDependencies. A package
// importing itself by name needs no declaration. Exits 1 when one is missing. Node only, no deps.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const SCOPE = '@svc/';
const SOURCE = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;
// As eslint.config.js ignores them: installed, built, generated or cached files.
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', '.cache', 'coverage']);
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies'];
// After one of these words, a `/` starts a regular expression rather than a division.
const BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
]);

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Folders the `workspaces` globs name: a segment may be `*`, as npm's own entries use it. */
function expandWorkspaces(patterns) {
  const folders = new Set();
  for (const pattern of patterns) {
    let matches = [root];
    for (const segment of pattern.split('/').filter(Boolean)) {
      const next = [];
      for (const folder of matches) {
        if (segment === '*') {
          for (const entry of readdirSync(folder, { withFileTypes: true })) {
            if (entry.isDirectory() && !entry.name.startsWith('.')) {
              next.push(join(folder, entry.name));
            }
          }
        } else if (existsSync(join(folder, segment))) {
          next.push(join(folder, segment));
        }
      }
      matches = next;
    }
    for (const folder of matches) if (existsSync(join(folder, 'package.json'))) folders.add(folder);
  }
  return [...folders].sort();
}

/** Source files under `folder`, not descending into skipped folders or other workspaces. */
function sourcesOf(folder, workspaces) {
  const files = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !workspaces.has(path)) walk(path);
      } else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(path);
      }
    }
  };
  walk(folder);
  return files.sort();
}

/**
 * The tokens of a JavaScript or TypeScript source, enough to tell code from comments, strings,
 * template literals and regular expressions: an import shown in a TSDoc example, or written into a
 * string (a snippet the API hands out), is not an import. Strings carry their value and offset.
 */
function tokensOf(code) {
  const tokens = [];
  // What each open `{` belongs to: a block or an object, or a `${` inside a template literal.
  const braces = [];
  let index = 0;
  // From just after a backtick, or after the `}` closing a `${`: to the closing backtick or the
  // next `${`, whose expression is read as code.
  const readTemplate = () => {
    while (index < code.length) {
      const char = code[index];
      if (char === '\\') {
        index += 2;
      } else if (char === '`') {
        index += 1;
        tokens.push({ type: 'template' });
        return;
      } else if (char === '$' && code[index + 1] === '{') {
        index += 2;
        braces.push('template');
        return;
      } else {
        index += 1;
      }
    }
  };
  const regexAllowed = () => {
    const previous = tokens.at(-1);
    if (!previous) return true;
    if (previous.type === 'word') return BEFORE_REGEX.has(previous.value);
    if (previous.type === 'punctuation') return !')]}'.includes(previous.value);
    return false;
  };
  while (index < code.length) {
    const char = code[index];
    const next = code[index + 1];
    if (/\s/.test(char)) {
      index += 1;
    } else if (char === '/' && next === '/') {
      const end = code.indexOf('\n', index);
      index = end === -1 ? code.length : end;
    } else if (char === '/' && next === '*') {
      const end = code.indexOf('*/', index + 2);
      index = end === -1 ? code.length : end + 2;
    } else if (char === "'" || char === '"') {
      const start = index;
      index += 1;
      while (index < code.length && code[index] !== char && code[index] !== '\n') {
        index += code[index] === '\\' ? 2 : 1;
      }
      tokens.push({ type: 'string', value: code.slice(start + 1, index), offset: start });
      index += 1;
    } else if (char === '`') {
      index += 1;
      readTemplate();
    } else if (char === '/' && regexAllowed()) {
      index += 1;
      let inClass = false;
      while (index < code.length && code[index] !== '\n') {
        const current = code[index];
        if (current === '\\') index += 1;
        else if (current === '[') inClass = true;
        else if (current === ']') inClass = false;
        else if (current === '/' && !inClass) break;
        index += 1;
      }
      index += 1;
      while (/[a-z]/i.test(code[index] ?? '')) index += 1;
      tokens.push({ type: 'regex' });
    } else if (/[A-Za-z_$]/.test(char)) {
      const start = index;
      while (/[\w$]/.test(code[index] ?? '')) index += 1;
      tokens.push({ type: 'word', value: code.slice(start, index) });
    } else if (/[0-9]/.test(char)) {
      while (/[\w.]/.test(code[index] ?? '')) index += 1;
      tokens.push({ type: 'number' });
    } else {
      index += 1;
      if (char === '{') braces.push('brace');
      if (char === '}' && braces.pop() === 'template') {
        readTemplate();
        continue;
      }
      tokens.push({ type: 'punctuation', value: char });
    }
  }
  return tokens;
}

const isWord = (token, value) => token?.type === 'word' && token.value === value;

/** The `@svc/*` packages a file imports, with the line of each import. */
function importsOf(file) {
  const code = readFileSync(file, 'utf8');
  const tokens = tokensOf(code);
  const found = [];
  tokens.forEach((token, position) => {
    if (token.type !== 'string' || !token.value.startsWith(SCOPE)) return;
    const previous = tokens[position - 1];
    // `from '…'` (imports, `import type`, re-exports), `import '…'`, `import('…')`.
    const isImport =
      isWord(previous, 'from') ||
      isWord(previous, 'import') ||
      (previous?.value === '(' && isWord(tokens[position - 2], 'import'));
    if (!isImport) return;
    const name = token.value.split('/').slice(0, 2).join('/');
    const line = code.slice(0, token.offset).split('\n').length;
    found.push({ name, line });
  });
  return found;
}

const workspaceFolders = expandWorkspaces(readJson(join(root, 'package.json')).workspaces ?? []);
const workspaces = new Set(workspaceFolders);
const problems = [];
for (const folder of workspaceFolders) {
  const manifest = readJson(join(folder, 'package.json'));
  const declared = new Set(
    DEPENDENCY_FIELDS.flatMap((field) => Object.keys(manifest[field] ?? {})),
  );
  for (const file of sourcesOf(folder, workspaces)) {
    for (const { name, line } of importsOf(file)) {
      if (name === manifest.name || declared.has(name)) continue;
      problems.push({
        workspace: relative(root, folder),
        file: `${relative(root, file)}:${line}`,
        name,
      });
    }
  }
}

if (problems.length > 0) {
  console.error('Workspaces import @svc packages their package.json does not declare:');
  for (const { workspace, file, name } of problems) {
    console.error(`  ${workspace}: ${file} imports ${name}`);
  }
  const missing = new Set(problems.map(({ workspace, name }) => `${workspace} -> ${name}`));
  console.error(
    `${problems.length} import(s), ${missing.size} missing declaration(s): ${[...missing].join(', ')}`,
  );
  process.exit(1);
}
console.log(`check-workspace-deps: ${workspaceFolders.length} workspaces declare what they import`);

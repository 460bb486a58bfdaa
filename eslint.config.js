// Flat ESLint config for the whole monorepo.
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/.cache/**', '**/coverage/**'],
  },
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          conditionNames: ['@svc/source', 'types', 'import', 'default'],
        }),
      ],
    },
    rules: {
      // A cycle between modules is a layering mistake; the protocol imports nothing.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A workspace reaches another only through the other's package entries, declared in its own
      // package.json, never by a relative path into the other's folder. Do not take the rule's
      // autofix: it writes a deep path (`@svc/agent/src/file.js`), not an entry the package offers.
      // scripts/check-workspace-deps.mjs checks the declarations.
      'import-x/no-relative-packages': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

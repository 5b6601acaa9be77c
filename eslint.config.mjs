// ESLint (flat config): the recommended JavaScript and typescript-eslint sets,
// type-aware for TypeScript (each file is checked with the nearest tsconfig.json,
// so src/extension, webview-ui and the two browser/editor suites use their own).
// `npm run lint`; part of `npm test`. Fix findings rather than disabling rules.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  {
    // Fixtures and corpora are test data (plans, sample workspaces), not project code; the
    // vscode stand-in is deliberately in no tsconfig's include (it is reached only through paths).
    ignores: ['dist/**', 'types/vscode-forbidden.d.ts', 'out/**', '.e2e-host/**', 'test-output/**', '**/fixtures/**', '**/corpus/**', '.verify-plan/**'],
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // An unawaited promise loses its error and its ordering; a promise where a callback
      // expects void (an event handler, a condition) is never awaited by the caller.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A closure that reads a variable before its one assignment (a request handler set up
      // before the server exists) cannot declare it const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Tests and benches read raw wire JSON on purpose (the fake Messages API's request
    // bodies, `--json` output): `any` there is the data under test, and a wrong shape
    // fails the assertion. Product code (src/, webview-ui/) gets the full unsafe-any set.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
]);

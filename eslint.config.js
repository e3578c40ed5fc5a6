// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The architecture in one place: the domain is pure (no I/O, no framework), and the web app and
// the server both import the domain but never each other.
const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'http',
  'https',
  'net',
  'child_process',
  'os',
  'crypto',
];

const serverNeverImportsWeb = {
  group: ['**/web/**'],
  message: 'The server never imports the web app.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'distbase/**', // a copy of an earlier build for side-by-side benchmarks (docs/quality.md)
      'data/**',
      'coverage/**',
      'node_modules/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/web/**', '**/server/**'],
              message: 'The domain imports neither web nor server.',
            },
            { group: nodeBuiltins, message: 'The domain is pure: no I/O.' },
            {
              group: ['react', 'react-dom', 'fastify', 'pg', '@electric-sql/*', 'drizzle-orm*'],
              message: 'The domain is pure.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**'], message: 'The web app never imports the server.' }],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverNeverImportsWeb] }],
    },
  },
  // The two API generations are route tables over the shared handlers (src/server/handlers) and
  // never import each other; the handlers import neither; src/server/routes.ts registers both
  // (ADR 0307). (A later block replaces the rule's options, so each repeats the web pattern.)
  {
    files: ['src/server/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverNeverImportsWeb,
            { group: ['**/legacy/**'], message: 'The new API never imports the old API.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/legacy/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverNeverImportsWeb,
            { group: ['**/api/**'], message: 'The old API never imports the new API.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/handlers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverNeverImportsWeb,
            {
              group: ['**/api/**', '**/legacy/**'],
              message: 'Shared handlers serve both API generations and import neither.',
            },
          ],
        },
      ],
    },
  },
);

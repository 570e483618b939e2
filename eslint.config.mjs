// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import featureBoundaries from './scripts/eslint-feature-boundaries.mjs';
import mainRooms from './scripts/eslint-main-rooms.mjs';

const bplab = { rules: { ...featureBoundaries.rules, ...mainRooms.rules } };

const nodeBuiltins = [
  'fs',
  'path',
  'os',
  'child_process',
  'net',
  'http',
  'https',
  'crypto',
  'stream',
  'worker_threads',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The renderer runs in a sandboxed page: no Node, no Electron, only the contract.
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, bplab },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'bplab/feature-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', ...nodeBuiltins], message: 'The renderer cannot use Node modules.' },
            { group: ['electron'], message: 'The renderer talks to main only through the contract.' },
            { group: ['**/main/**'], message: 'The renderer may import src/shared, never src/main.' },
          ],
        },
      ],
    },
  },
  {
    // Shared code runs on both sides; its rooms are layered as src/main's are.
    files: ['src/shared/**/*.ts'],
    plugins: { bplab },
    rules: {
      'bplab/shared-rooms': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', ...nodeBuiltins, 'electron', 'react', '**/main/**', '**/renderer/**'] },
          ],
        },
      ],
    },
  },
  {
    // Services are plain TypeScript: only src/main/electron/ may touch Electron.
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/electron/**'],
    plugins: { bplab },
    rules: {
      'bplab/main-rooms': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron'], message: 'Only src/main/electron/ may import electron.' },
            {
              group: ['**/renderer/**'],
              message: 'src/main never imports src/renderer: both meet in src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // The desktop shell too: src/main never imports src/renderer.
    files: ['src/main/electron/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**'],
              message: 'src/main never imports src/renderer: both meet in src/shared.',
            },
          ],
        },
      ],
    },
  },
);

// Lint rules: typescript-eslint's recommended set, and the walls between the app's layers
// (docs/ARCHITECTURE.md, "Boundaries"): no import circles; machines import no React, screens or
// components; atoms no screens; src/api no UI; the server only the contract, the protocol and
// src/shared; Jotai only through src/atoms/store.ts; the rules of hooks. Prettier formats
// (`npm run lint` also runs `prettier --check`); eslint-config-prettier keeps the two apart.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

const REACT = ['react', 'react-dom', 'react-dom/*', 'react-intl', '@xstate/react', 'wouter', 'radix-ui', '@radix-ui/*'];
const reactBan = (who) => ({
  paths: REACT.filter((name) => !name.includes('*')).map((name) => ({
    name,
    message: `${who} never import React or UI libraries.`,
  })),
  patterns: [
    { group: REACT.filter((name) => name.includes('*')), message: `${who} never import React or UI libraries.` },
  ],
});

/** The folders each layer may not import from. */
const ZONES = [
  {
    target: './src/machines',
    from: ['./src/screens', './src/components', './src/app.tsx', './src/routes.tsx'],
    message: 'Machines import no screens or components: screens render machine state.',
  },
  {
    target: './src/atoms',
    from: ['./src/screens', './src/components', './src/machines'],
    message: 'Atoms import no screens, components or machines.',
  },
  {
    target: './src/api',
    from: ['./src/screens', './src/components', './src/machines', './src/atoms', './src/i18n'],
    message: 'src/api imports no UI: it is the contract and the call.',
  },
  {
    target: './src/realtime',
    from: ['./src/screens', './src/components', './src/machines'],
    message: 'The realtime client writes atoms; it imports no UI or machines.',
  },
  {
    target: './src/shared',
    // All globs: import-x refuses a zone that mixes plain paths and globs.
    from: [
      './src/screens/**',
      './src/components/**',
      './src/machines/**',
      './src/atoms/**',
      './src/realtime/!(protocol).ts',
      './src/api/!(contract)/**',
      './src/api/*.ts',
      './src/i18n/**',
    ],
    message: 'src/shared runs on both sides: it imports only the contract and the protocol.',
  },
  {
    target: './server',
    from: [
      './src/!(api|realtime|shared)/**',
      './src/api/!(contract)/**',
      './src/api/*.ts',
      './src/realtime/!(protocol).ts',
      './src/*.tsx',
      './src/*.ts',
    ],
    message: 'The server imports from src/ only src/api/contract, src/realtime/protocol.ts and src/shared.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'node_modules/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'scratch/',
      'data/',
      '**/__lint_scratch__/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // How import-x reads the files it follows (no-cycle parses each dependency).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { zones: ZONES }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'jotai', message: 'Import Jotai from src/atoms/store.ts.' },
            { name: 'jotai/utils', message: 'Import Jotai from src/atoms/store.ts.' },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/machines/**/*.ts',
      'src/atoms/**/*.ts',
      'src/api/**/*.ts',
      'src/realtime/**/*.ts',
      'src/shared/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...reactBan('Machines, atoms, the API client, the realtime client and shared code'),
          paths: [
            ...reactBan('Machines, atoms, the API client, the realtime client and shared code').paths,
            { name: 'jotai', message: 'Import Jotai from src/atoms/store.ts.' },
            { name: 'jotai/utils', message: 'Import Jotai from src/atoms/store.ts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The one door to Jotai.
    files: ['src/atoms/store.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tests may cross layers (a router test drives a machine); the walls are for the product's code.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests may warn that they skipped (e.g. no corpus beside the project), nothing else.
    files: ['tests/**'],
    rules: { 'no-console': ['error', { allow: ['warn'] }] },
  },
  prettier,
);

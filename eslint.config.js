// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Dependency direction (ARCHITECTURE.md, rules of the house 3), lowest layer first.
 * A file under src/<folder> may import only from its own layer or lower ones.
 */
const layers = [['engine', 'game'], ['protocol'], ['machines'], ['board', 'net', 'services'], ['ui'], ['app']];

/** Folders of src/ the server must never import: it gets engine, game and protocol only. */
const clientOnly = ['machines', 'board', 'net', 'services', 'ui', 'app', 'serviceWorker'];

/** Packages that would make a pure layer impure (DOM, rendering, state machines, I/O). */
const impurePackages = {
  regex: '^(react|react-dom|pixi\\.js|xstate|@xstate/.*|socket\\.io(-.*)?|@supabase/.*)(/.*)?$',
  message: 'src/engine and src/game are pure: no UI, state-machine or I/O packages.',
};

/**
 * Matches an import that reaches one of `folders` of src/, written either relatively
 * (`../ui/Page`, `../../app`) or through a path containing `src/` (`../../src/ui/x`, `/src/app/y`).
 * A relative path must step up (`../`) to reach a sibling folder, so `./board` inside the server
 * or `./ui` inside a layer's own subfolder does not match.
 * @param {string[]} folders
 */
function reaching(folders) {
  const names = folders.join('|');
  return `^(\\.\\./)+(${names})(/|$)|(^|/)src/(${names})(/|$)`;
}

/**
 * @param {string[]} files
 * @param {{ regex: string, message: string }[]} patterns
 * @returns {import('eslint').Linter.Config}
 */
function restrictImports(files, patterns) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

/**
 * One `no-restricted-imports` block per layer: flat config replaces (does not merge)
 * a rule's options, so each folder gets all of its restrictions in one place.
 */
const layerRules = layers.map((layer, index) => {
  const higher = layers.slice(index + 1).flat();
  const patterns = [];
  if (higher.length > 0) {
    patterns.push({
      regex: reaching(higher),
      message: `src/${layer.join(', src/')} may not import ${higher.join(', ')} (dependencies point one way, ARCHITECTURE.md).`,
    });
  }
  // Client code must never pull in server code.
  patterns.push({ regex: '^(\\.\\./)+server/', message: 'Client code may not import the server.' });
  if (index === 0) patterns.push(impurePackages);
  return restrictImports(
    layer.map((folder) => `src/${folder}/**/*.{ts,tsx,js,jsx}`),
    patterns,
  );
});

const serverRules = restrictImports(
  ['server/**/*.{ts,tsx,js}'],
  [
    {
      regex: reaching(clientOnly),
      message: 'The server imports only src/engine, src/game and src/protocol (ARCHITECTURE.md).',
    },
    { regex: '^(react|react-dom|pixi\\.js)(/.*)?$', message: 'The server never imports browser UI packages.' },
  ],
);

export default defineConfig(
  globalIgnores(['dist', 'dist-*', 'target', 'node_modules', 'src/engine/generated', 'data', 'test-results', 'playwright-report']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { ...reactHooks.configs.flat.recommended, files: ['src/**/*.{ts,tsx}'] },
  ...layerRules,
  serverRules,
);

import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// The house's layers (ARCHITECTURE.md): imports lean inward and down. Each rule below names what a
// folder may not import; a wrong-way import fails `npm run lint` (test/unit/house/layers.test.ts
// proves that each rule bites). Patterns match the import specifier, so they hold at any depth.
const seg = (...names) => `(^|/)(${names.join('|')})(/|$)`;
/** Every folder under src/features/: read here, so a new feature is covered without editing this file. */
const FEATURES = fs.readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const noExtension = { regex: seg('extension'), message: 'Nothing imports extension.ts: it is the wiring at the top.' };
/** The wiring below extension.ts: the list of features (lazy.ts), the kernel's wiring (kernel.ts), the loader (lazyLoad.ts). */
const wiring = `(^|/)(lazy|kernel|lazyLoad)$`;
const noFeatures = {
  regex: `${seg('features')}|${wiring}`,
  message: 'The kernel (api, auth, ui, ssh, tree, workspace, the files at src/) may not import a feature (src/features/…) or the wiring that lists them.',
};
const noTree = { regex: '^\\.\\./tree(/|$)', message: 'src/ui may not import views or tree nodes: views use ui, not the other way.' };
/**
 * A feature imports the kernel and itself only: another feature's folder, or the wiring, is refused.
 * Another feature is the name right after the `../` that climb to src/features/ (`depth` folders
 * below the feature's own: depth + 1 of them; any number when `depth` is not given), or a path
 * through `features/`: a kernel module that shares a feature's name (`../../auth/accounts`,
 * `../../api/runs`) is the kernel, not that feature.
 */
const noOtherFeature = (own, depth) => {
  const others = `(${FEATURES.filter((f) => f !== own).join('|')})(/|$)`;
  const up = depth === undefined ? '(\\.\\./)+' : `(\\.\\./){${depth + 1}}`;
  return {
    regex: `^${up}${others}|(^|/)features/${others}|^(\\.\\./)+${wiring.slice('(^|/)'.length)}`,
    message: `src/features/${own} imports the kernel and itself only: what two features share moves to the kernel (house.md); the kernel comes in register(ctx).`,
  };
};
/** How deep below a feature's folder the exact rule reaches (deeper files get the rule for any depth). */
const FEATURE_DEPTHS = [0, 1, 2, 3];
/** window.showInformationMessage, showWarningMessage and showErrorMessage (an esquery pattern). */
const SHOW_MESSAGE = '/^show(Information|Warning|Error)Message$/';
const NOTIFY_MESSAGE = 'Show notifications through src/ui/notify.ts (showInformationMessage, …): it keeps a server\'s text from becoming a link the editor runs.';
/** One no-restricted-imports rule from the pattern lists that apply to a folder (ESLint keeps only the last value of a rule). */
const restrict = (...patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      curly: 'warn',
      eqeqeq: ['error', 'smart'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No two modules of src/ import each other, directly or around a circle (type-only imports
    // are erased by the build and do not count).
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Layers, most general first; a later block for the same file replaces the rule, so each block
  // repeats what it keeps of the ones above.
  {
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(noExtension) },
  },
  {
    // The kernel: what every feature uses.
    files: ['src/api/**/*.ts', 'src/auth/**/*.ts', 'src/ui/**/*.ts', 'src/ssh/**/*.ts', 'src/tree/**/*.ts', 'src/workspace/**/*.ts', 'src/*.ts'],
    ignores: ['src/extension.ts', 'src/lazy.ts', 'src/lazyLoad.ts', 'src/kernel.ts'],
    rules: { 'no-restricted-imports': restrict(noExtension, noFeatures) },
  },
  {
    files: ['src/ui/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(noExtension, noFeatures, noTree) },
  },
  ...FEATURES.flatMap((own) => [
    { files: [`src/features/${own}/**/*.ts`], rules: { 'no-restricted-imports': restrict(noExtension, noOtherFeature(own)) } },
    ...FEATURE_DEPTHS.map((depth) => ({
      files: [`src/features/${own}/${'*/'.repeat(depth)}*.ts`],
      rules: { 'no-restricted-imports': restrict(noExtension, noOtherFeature(own, depth)) },
    })),
  ]),
  {
    // The client is shared with plain Node (tests, a CLI, a web build): it never depends on the
    // editor nor on anything of the extension outside src/api.
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'src/api must not import vscode.' }],
          patterns: [{ regex: '^\\.\\./', message: 'src/api may not import anything outside src/api.' }],
        },
      ],
    },
  },
  {
    // Every notification goes through src/ui/notify.ts, which keeps a server's text or a name a
    // member chose from becoming a link the editor runs on click (issue 22).
    files: ['src/**/*.ts'],
    ignores: ['src/ui/notify.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `MemberExpression[object.name='window'][property.name=${SHOW_MESSAGE}]`,
          `MemberExpression[object.property.name='window'][property.name=${SHOW_MESSAGE}]`,
          `MemberExpression[object.property.name='window'][property.value=${SHOW_MESSAGE}]`,
          `VariableDeclarator[init.name='window'] > ObjectPattern > Property[key.name=${SHOW_MESSAGE}]`,
          `VariableDeclarator[init.property.name='window'] > ObjectPattern > Property[key.name=${SHOW_MESSAGE}]`,
        ].map((selector) => ({ selector, message: NOTIFY_MESSAGE })),
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

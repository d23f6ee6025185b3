// Bundles the extension (the shape of the official esbuild sample) into three files, so that
// activation reads and runs only what the first welcome and the first rows need:
// - dist/extension.js: src/extension.ts and what it imports statically (the session, the views).
// - dist/lazy.js: src/lazy.ts (the commands, the sign-in and workspace prompts, the API client),
//   required by extension.ts on the first command or the first client. A module both need is
//   dist/extension.js's own, never a copy (see fromMain): one AuthSession, one ApiError class, one
//   of each module's state.
// - dist/fetch.js: node-fetch (the Node transport) with its stream and blob polyfills, about 90 KB;
//   `import('node-fetch')` becomes `require('./fetch.js')`, made by the first request.
// Every `import * as vscode from 'vscode'` shares one namespace object (see vscodeOnce).
const esbuild = require('esbuild');
const path = require('node:path');

const production = process.argv.includes('--production');
/** `--outdir=DIR` (default dist); `--sourcemap=external`: production code with .map files beside it (the bench reads them). */
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
/** Repository-relative path with forward slashes, as esbuild's metafile names inputs. */
const relative = (file) => path.relative(__dirname, file).split(path.sep).join('/');
const watch = process.argv.includes('--watch');

/** Prints errors in the form VS Code's esbuild problem matcher understands. */
const esbuildProblemMatcherPlugin = {
  name: 'esbuild-problem-matcher',
  setup(build) {
    build.onStart(() => {
      console.log('[watch] build started');
    });
    build.onEnd((result) => {
      result.errors.forEach(({ text, location }) => {
        console.error(`✘ [ERROR] ${text}`);
        if (location) {
          console.error(`    ${location.file}:${location.line}:${location.column}:`);
        }
      });
      console.log('[watch] build finished');
    });
  },
};

/** Every `vscode.<name>` written in src/ (types too: their exports are undefined and unused). */
function vscodeNamesUsed() {
  const fs = require('node:fs');
  const files = fs.readdirSync(path.join(__dirname, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
  const names = new Set();
  for (const file of files) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bvscode\.([A-Za-z_$][\w$]*)/g)) {
      names.add(m[1]);
    }
  }
  return { names: [...names].sort(), files };
}

/**
 * One `require('vscode')` per bundle, and no copy of the API object. Left alone, esbuild gives each
 * of the ~70 modules that import it its own `__toESM(require('vscode'))`, which copies every
 * property of the API object (about 10 ms of the activation VS Code reports); one shared
 * `export * from 'vscode'` still copies it once (about 0.7 ms). Instead the shared module exports
 * the names src/ uses, read once from the API object (its top-level members are fixed objects,
 * classes and values), and esbuild turns `vscode.window` into a plain variable.
 */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => {
      const { names, files } = vscodeNamesUsed();
      return {
        contents: ["const api = require('vscode');", ...names.map((n) => `export const ${n} = api.${n};`)].join('\n'),
        loader: 'js',
        watchFiles: files,
      };
    });
  },
};

/** Only `node-fetch` apart (dist/fetch.js): the one-bundle build the bench measures the split against. */
const fetchApart = {
  name: 'fetch-apart',
  setup(build) {
    build.onResolve({ filter: /^node-fetch$/ }, () => ({ path: './fetch.js', external: true }));
  },
};

/**
 * `./lazy` (src/extension.ts) is dist/lazy.js; `node-fetch` is dist/fetch.js; the pipeline files'
 * reader (`import('./engine/index.js')` in src/features/pipelineFiles/editor.ts: yaml, ajv, the
 * schema) is dist/pipelineFiles.js, loaded when the first pipeline file opens; the YAML library
 * the agent tools read a pipeline's targets with (src/features/agentTools/deployTargets.ts) is
 * dist/yaml.js, loaded on the first such read.
 */
const apart = {
  name: 'apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/lazy$/ }, () => ({ path: './lazy.js', external: true }));
    build.onResolve({ filter: /^node-fetch$/ }, () => ({ path: './fetch.js', external: true }));
    build.onResolve({ filter: /^\.\/engine\/index\.js$/ }, (args) =>
      relative(args.importer) === 'src/features/pipelineFiles/editor.ts' ? { path: './pipelineFiles.js', external: true } : undefined,
    );
    build.onResolve({ filter: /^yaml$/ }, (args) =>
      relative(args.importer) === 'src/features/agentTools/deployTargets.ts' ? { path: './yaml.js', external: true } : undefined,
    );
  },
};

/**
 * Our modules do nothing when imported (their top levels only declare: the house rule), so an
 * import of one name through an index file does not bring the rest of what the index re-exports;
 * without this, for example, the client's answer checks (validate.ts builds them at load) would be
 * in dist/extension.js and built at activation.
 */
const srcWithoutSideEffects = {
  name: 'src-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData === 'src-without-side-effects' || args.namespace !== 'file') {
        return undefined;
      }
      const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'src-without-side-effects' });
      return !resolved.errors.length && !resolved.external && relative(resolved.path).startsWith('src/') ? { path: resolved.path, sideEffects: false } : undefined;
    });
  },
};

/**
 * In dist/lazy.js, a module that dist/extension.js has is read from its `__shared` export instead of
 * being bundled again; `used` collects those modules. That would hold for @vscode/l10n too (its bundle
 * of translations is state), were it in the main bundle; today only dist/lazy.js has it, configured by
 * lazy() in src/lazyLoad.ts. (Modules with no code of their own in the main
 * bundle, such as index files that only re-export, are bundled into lazy.js: they hold no state.)
 */
function fromMain(inMain, used) {
  return {
    name: 'from-main',
    setup(build) {
      build.onResolve({ filter: /^\.\/extension\.js$/, namespace: 'from-main' }, () => ({ path: './extension.js', external: true }));
      build.onResolve({ filter: /^(\.|@vscode\/l10n$)/ }, async (args) => {
        if (args.pluginData === 'from-main' || args.kind === 'entry-point' || args.namespace !== 'file') {
          return undefined;
        }
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'from-main' });
        const rel = resolved.errors.length ? undefined : relative(resolved.path);
        if (!rel || !inMain.has(rel)) {
          return resolved.errors.length ? { errors: resolved.errors } : { path: resolved.path, sideEffects: resolved.sideEffects };
        }
        used.add(rel);
        return { path: rel, namespace: 'from-main' };
      });
      build.onLoad({ filter: /.*/, namespace: 'from-main' }, (args) => ({
        contents: `module.exports = require('./extension.js').__shared[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
    },
  };
}

/** The main bundle's entry: src/extension.ts, plus the modules dist/lazy.js takes from it. */
function mainEntry(shared) {
  const names = [...shared].sort();
  return [
    "export * from './src/extension';",
    ...names.map((p, i) => `import * as m${i} from './${p}';`),
    `export const __shared = { ${names.map((p, i) => `${JSON.stringify(p)}: m${i}`).join(', ')} };`,
  ].join('\n');
}

/** esbuild options of the three bundles (also used by `npm run bench` to measure them). */
async function bundleOptions({
  production: prod = production,
  outdir = arg('outdir') ?? 'dist',
  sourcemap = arg('sourcemap') ?? !prod,
  plugins = [],
  single = process.argv.includes('--single'),
} = {}) {
  const common = {
    bundle: true,
    format: 'cjs',
    minify: prod,
    sourcemap,
    sourcesContent: false,
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    metafile: true,
    external: ['vscode'],
    // import('node-fetch') as require('./fetch.js') (in a promise), through the same module loader
    // as the rest of the extension, not Node's ESM loader.
    supported: { 'dynamic-import': false },
  };
  const mainOptions = (contents) => ({
    ...common,
    stdin: { contents, resolveDir: __dirname, sourcefile: 'extension-entry.js', loader: 'js' },
    outfile: `${outdir}/extension.js`,
    plugins: [vscodeOnce, apart, srcWithoutSideEffects, ...plugins],
  });
  const lazyOptions = (inMain, used) => ({
    ...common,
    entryPoints: { lazy: 'src/lazy.ts' },
    outdir,
    plugins: [vscodeOnce, apart, fromMain(inMain, used), ...plugins],
  });
  // The pipeline files' reader: vscode-free and stateless (it imports nothing of the kernel).
  const pipelineFilesOptions = {
    ...common,
    entryPoints: { pipelineFiles: 'src/features/pipelineFiles/engine/index.ts' },
    outdir,
    external: [],
    plugins: [srcWithoutSideEffects, ...plugins],
  };
  const fetchOptions = {
    ...common,
    // The module's exports are fetch itself: `(await import('node-fetch')).default` is then
    // node-fetch's default export.
    stdin: { contents: "module.exports = require('node-fetch').default;", resolveDir: __dirname, sourcefile: 'fetch.js' },
    outfile: `${outdir}/fetch.js`,
    external: [],
    plugins,
  };
  const yamlOptions = {
    ...common,
    stdin: { contents: "module.exports = require('yaml');", resolveDir: __dirname, sourcefile: 'yaml.js' },
    outfile: `${outdir}/yaml.js`,
    external: [],
    plugins,
  };
  if (single) {
    // `--single` (the bench's "without the split"): src/lazy.ts inside dist/extension.js, still
    // run on first use (esbuild keeps a required module's top level until the require), but read
    // and compiled at activation.
    return [{ ...mainOptions("export * from './src/extension';"), plugins: [vscodeOnce, fetchApart, srcWithoutSideEffects, ...plugins] }, fetchOptions, pipelineFilesOptions, yamlOptions];
  }
  // Which modules the main bundle has (with code of their own), then which of them lazy.js uses;
  // again with those exported (exporting a module whole may bring more modules into the main
  // bundle) until nothing changes.
  let shared = new Set();
  let inMain;
  for (let round = 0; ; round++) {
    const probe = await esbuild.build({ ...mainOptions(mainEntry(shared)), write: false, minify: false, sourcemap: false, plugins: [vscodeOnce, apart, srcWithoutSideEffects] });
    const inputs = Object.entries(Object.values(probe.metafile.outputs)[0].inputs);
    inMain = new Set(inputs.filter(([file, { bytesInOutput }]) => bytesInOutput > 0 && !file.includes(':')).map(([file]) => file));
    const used = new Set();
    const lazy = lazyOptions(inMain, used);
    await esbuild.build({ ...lazy, write: false, minify: false, sourcemap: false, plugins: lazy.plugins.slice(0, 3) });
    if ([...used].every((m) => shared.has(m)) && used.size === shared.size) {
      break;
    }
    if (round === 4) {
      throw new Error(`esbuild.js: the split between extension.js and lazy.js does not settle (${[...used].join(', ')})`);
    }
    shared = used;
  }
  return [mainOptions(mainEntry(shared)), lazyOptions(inMain, new Set()), fetchOptions, pipelineFilesOptions, yamlOptions];
}

async function main() {
  // (--watch rebuilds the bundles on changes, but the split between extension.js and lazy.js is
  // the one of its start: restart it after changing what src/extension.ts imports.)
  const options = await bundleOptions({ plugins: [esbuildProblemMatcherPlugin] });
  const contexts = await Promise.all(options.map((o) => esbuild.context(o)));
  if (watch) {
    await Promise.all(contexts.map((c) => c.watch()));
  } else {
    await Promise.all(contexts.map((c) => c.rebuild()));
    await Promise.all(contexts.map((c) => c.dispose()));
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

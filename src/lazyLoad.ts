// Loading what activation does not need (src/lazy.ts, dist/lazy.js: the rest of the kernel and the
// features) on first use, and the commands' stand-ins that make the first command load it.
import * as vscode from 'vscode';
import type { Kernel, KernelBase } from './kernel';

type LazyModule = typeof import('./lazy');

let loaded: LazyModule | undefined;

/** dist/lazy.js (src/lazy.ts when unbundled), loaded on the first call. */
export function lazy(): LazyModule {
  if (loaded) {
    return loaded;
  }
  // Synchronous on purpose: a command's stand-in runs the real command in the same call.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require('./lazy') as LazyModule;
  loaded = module;
  // The vscode-free modules' strings (@vscode/l10n: English without this, as in the unit tests)
  // come from the bundle the editor chose for its display language. Every module that uses
  // @vscode/l10n is in dist/lazy.js, so activation loads none of it.
  if (vscode.l10n.bundle) {
    module.configureL10n({ contents: vscode.l10n.bundle });
  }
  return module;
}

interface Manifest {
  contributes?: { commands?: { command: string }[]; menus?: { commandPalette?: { command: string; when?: string }[] } };
}

/**
 * The kernel and the features, started on first use: the first command run, or start() (the
 * session has a token). Until then a stand-in for each command of package.json that can be run
 * before the views have rows (the palette, the view titles, the welcome and walkthrough links):
 * it starts the features, which register the real command in its place, and runs that one with
 * the same arguments. The row commands (hidden from the palette: they take a row) need none: they
 * come with the views' rows.
 */
export class FeaturesOnFirstUse implements vscode.Disposable {
  private kernel: Kernel | undefined;
  private readonly standIns: vscode.Disposable[] = [];

  constructor(private readonly base: KernelBase) {
    const manifest = base.context.extension.packageJSON as Manifest;
    const rowCommands = new Set((manifest.contributes?.menus?.commandPalette ?? []).filter((m) => m.when === 'false').map((m) => m.command));
    for (const { command } of manifest.contributes?.commands ?? []) {
      if (!rowCommands.has(command)) {
        this.standIns.push(
          vscode.commands.registerCommand(command, (...args: unknown[]) => {
            this.start();
            return vscode.commands.executeCommand(command, ...args);
          }),
        );
      }
    }
  }

  /** The kernel, with every feature registered (loaded and made on the first call). */
  start(): Kernel {
    if (!this.kernel) {
      this.standIns.splice(0).forEach((d) => d.dispose());
      const { createKernel, features } = lazy();
      const kernel = createKernel(this.base);
      this.kernel = kernel;
      for (const feature of features) {
        kernel.own(feature.register(kernel));
      }
    }
    return this.kernel;
  }

  dispose(): void {
    this.standIns.splice(0).forEach((d) => d.dispose());
    this.kernel?.dispose();
  }
}

// Loading what activation does not need (src/lazy.ts, dist/lazy.js) on first use, and the commands'
// stand-ins that make the first command load it.
import * as vscode from 'vscode';
import type { Services } from './services';

type LazyModule = typeof import('./lazy');

let loaded: LazyModule | undefined;
const firstLoadListeners: ((module: LazyModule) => void)[] = [];

/** dist/lazy.js (src/lazy.ts when unbundled), loaded on the first call. */
export function lazy(): LazyModule {
  if (loaded) {
    return loaded;
  }
  // Synchronous on purpose: the client factory and the commands' registration are synchronous.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require('./lazy') as LazyModule;
  loaded = module;
  // The vscode-free modules' strings (@vscode/l10n: English without this, as in the unit tests)
  // come from the bundle the editor chose for its display language. Every module that uses
  // @vscode/l10n is in dist/lazy.js, so activation loads none of it.
  if (vscode.l10n.bundle) {
    module.configureL10n({ contents: vscode.l10n.bundle });
  }
  for (const listener of firstLoadListeners.splice(0)) {
    listener(module);
  }
  return module;
}

/** Runs `listener` when dist/lazy.js loads, before lazy() returns it (at once if it has loaded). */
export function whenLazyLoaded(listener: (module: LazyModule) => void): void {
  if (loaded) {
    listener(loaded);
  } else {
    firstLoadListeners.push(listener);
  }
}

interface Manifest {
  contributes?: { commands?: { command: string }[]; menus?: { commandPalette?: { command: string; when?: string }[] } };
}

/** The commands' stand-ins (registerCommandsOnFirstUse); loadReal() puts the real commands in place. */
export interface CommandStandIns extends vscode.Disposable {
  /** Registers the real commands now (when the views' rows appear: their row commands come with them). */
  loadReal(): void;
}

/**
 * A stand-in for each command of package.json that can be run before the views have rows (the
 * palette, the view titles, the welcome and walkthrough links), registered at activation: the
 * first call loads the commands (registerCommands in dist/lazy.js), puts the real ones in the
 * stand-ins' place and runs the real one with the same arguments. The row commands (hidden from
 * the palette: they take a row) need none: loadReal() registers them with the rest when the views
 * load their rows. `registeredElsewhere`: the commands activation registers itself (not registerCommands's).
 */
export function registerCommandsOnFirstUse(services: Services, registeredElsewhere: ReadonlySet<string>): CommandStandIns {
  const manifest = services.context.extension.packageJSON as Manifest;
  const rowCommands = new Set((manifest.contributes?.menus?.commandPalette ?? []).filter((m) => m.when === 'false').map((m) => m.command));
  let real: vscode.Disposable[] | undefined;
  const standIns: vscode.Disposable[] = [];
  const loadReal = (): void => {
    if (!real) {
      const { registerCommands } = lazy();
      standIns.forEach((d) => d.dispose());
      real = registerCommands(services);
    }
  };
  const runReal = (command: string, args: unknown[]): Thenable<unknown> => {
    loadReal();
    return vscode.commands.executeCommand(command, ...args);
  };
  for (const { command } of manifest.contributes?.commands ?? []) {
    if (!rowCommands.has(command) && !registeredElsewhere.has(command)) {
      standIns.push(vscode.commands.registerCommand(command, (...args: unknown[]) => runReal(command, args)));
    }
  }
  return { loadReal, dispose: () => (real ?? standIns).forEach((d) => d.dispose()) };
}

// Every tree item's contextValue, in one place; package.json menus match them with
// `viewItem =~ /^wa\.project\b/` style regexes, so a value may carry extra facets after a dot
// (for example `wa.target.restricted` vs `wa.target.allowsAll`, `wa.commit.hasUrl`).
export const ContextValue = {
  Project: 'wa.project',
  Pipeline: 'wa.pipeline',
  Action: 'wa.action',
  Commit: 'wa.commit',
  CommitFile: 'wa.commitFile',
  Target: 'wa.target',
  AllowedPipeline: 'wa.allowedPipeline',
  AllPipelinesAllowed: 'wa.allPipelinesAllowed',
  LoadMore: 'wa.loadMore',
  Error: 'wa.error',
  /** An item of a list answer left out because it lacks what the extension needs. */
  BadItem: 'wa.badItem',
  Message: 'wa.message',
  /** Variables view: a variable, a scope (`.workspace`, `.project`, ...), a scope's effective variables. */
  Variable: 'wa.variable',
  VariableScope: 'wa.variableScope',
  EffectiveVariables: 'wa.effectiveVariables',
  /** Runs view: a run with its state's facet (`wa.run.running`, `.approve`, `.variables`, `.failed`, `.done`). */
  Run: 'wa.run',
  /** An action of a run (`wa.actionExecution.notAllowed` when a target refused the pipeline: 2678004). */
  ActionExecution: 'wa.actionExecution',
} as const;

/** Appended to a contextValue when the item has an html_url, enabling "Open in Browser". */
export const HAS_URL = '.hasUrl';

// Every command id, view id and context key of the extension, in one place. They are user-visible
// (package.json `contributes`, keybindings, `when` clauses): a value here never changes; the
// manifest test checks each against package.json. Pure: no vscode import.

/** The extension's commands (package.json contributes.commands). */
export const Command = {
  SignIn: 'workspaceAutomation.signIn',
  SignOut: 'workspaceAutomation.signOut',
  SignInWithOAuth: 'workspaceAutomation.signInWithOAuth',
  ShowOAuthRedirect: 'workspaceAutomation.showOAuthRedirect',
  /** Only from the link of a sign-in's waiting notification (not in the palette). */
  PasteOAuthAddress: 'workspaceAutomation.pasteOAuthAddress',
  SwitchAccount: 'workspaceAutomation.switchAccount',
  SelectWorkspace: 'workspaceAutomation.selectWorkspace',
  OpenSettings: 'workspaceAutomation.openSettings',
  OpenTokenPage: 'workspaceAutomation.openTokenPage',
  OpenWalkthrough: 'workspaceAutomation.openWalkthrough',
  ShowLog: 'workspaceAutomation.showLog',
  ShowRateLimit: 'workspaceAutomation.showRateLimit',
  Retry: 'workspaceAutomation.retry',
  LoadMore: 'workspaceAutomation.loadMore',
  OpenInBrowser: 'workspaceAutomation.openInBrowser',
  RefreshProjects: 'workspaceAutomation.refreshProjects',
  CreateProject: 'workspaceAutomation.createProject',
  RefreshCommits: 'workspaceAutomation.refreshCommits',
  FilterCommits: 'workspaceAutomation.filterCommits',
  ClearCommitFilter: 'workspaceAutomation.clearCommitFilter',
  OpenCommit: 'workspaceAutomation.openCommit',
  CopyRevision: 'workspaceAutomation.copyRevision',
  RefreshTargets: 'workspaceAutomation.refreshTargets',
  AllowPipeline: 'workspaceAutomation.allowPipeline',
  CheckPipelineAccess: 'workspaceAutomation.checkPipelineAccess',
  CreateVariable: 'workspaceAutomation.createVariable',
  CreateVariableInScope: 'workspaceAutomation.createVariableInScope',
  ChangeVariable: 'workspaceAutomation.changeVariable',
  DeleteVariable: 'workspaceAutomation.deleteVariable',
  CopyVariableKey: 'workspaceAutomation.copyVariableKey',
  CopyVariableValue: 'workspaceAutomation.copyVariableValue',
  ImportVariables: 'workspaceAutomation.importVariables',
  RefreshVariables: 'workspaceAutomation.refreshVariables',
  ShowWorkspaceVariables: 'workspaceAutomation.showWorkspaceVariables',
  ShowProjectVariables: 'workspaceAutomation.showProjectVariables',
  /** Arguments `(scope: 'workspace' | 'project', key)`: a pipeline file's hover (reads only). */
  RevealVariable: 'workspaceAutomation.revealVariable',
  // Runs: starting a run, and the logs (runs-start).
  RunPipeline: 'workspaceAutomation.runPipeline',
  ShowRunLog: 'workspaceAutomation.showRunLog',
  // Runs: following and acting on runs (runs-ui).
  FollowRun: 'workspaceAutomation.followRun',
  RefreshRuns: 'workspaceAutomation.refreshRuns',
  ApproveRun: 'workspaceAutomation.approveRun',
  SetRunVariables: 'workspaceAutomation.setRunVariables',
  CancelRun: 'workspaceAutomation.cancelRun',
  RetryRun: 'workspaceAutomation.retryRun',
  AllowRunTarget: 'workspaceAutomation.allowRunTarget',
  // Pipeline files (buddy.yml, .buddy/*.yml).
  ComparePipelineFile: 'workspaceAutomation.comparePipelineFile',
  UpdatePipelineFromFile: 'workspaceAutomation.updatePipelineFromFile',
} as const;

/** The language model tools (package.json contributes.languageModelTools): read tools, then change tools. */
export const Tool = {
  RecentRuns: 'workspaceAutomation_recentRuns',
  RunSummary: 'workspaceAutomation_runSummary',
  FailedLog: 'workspaceAutomation_failedLog',
  Variables: 'workspaceAutomation_variables',
  PipelineTargets: 'workspaceAutomation_pipelineTargets',
  RunPipeline: 'workspaceAutomation_runPipeline',
  RetryRun: 'workspaceAutomation_retryRun',
  CancelRun: 'workspaceAutomation_cancelRun',
  ApproveRun: 'workspaceAutomation_approveRun',
  AllowPipeline: 'workspaceAutomation_allowPipeline',
} as const;

/** The sidebar's container and views (package.json contributes.viewsContainers, views), and the status bar item. */
export const ViewId = {
  Container: 'workspaceAutomation',
  Projects: 'workspaceAutomation.projects',
  Commits: 'workspaceAutomation.commits',
  Targets: 'workspaceAutomation.targets',
  Variables: 'workspaceAutomation.variables',
  Runs: 'workspaceAutomation.runs',
  RateLimitItem: 'workspaceAutomation.rateLimit',
  AccountItem: 'workspaceAutomation.account',
} as const;

/** Commands the editor makes for a view. */
export const ViewCommand = {
  FocusProjects: `${ViewId.Projects}.focus`,
} as const;

/** Context keys the extension sets (`when` clauses of package.json). */
export const ContextKey = {
  SignedIn: 'workspaceAutomation.signedIn',
  /** signedOut | noWorkspace | apiDisabled | unreachable | ready. */
  State: 'workspaceAutomation.state',
  CommitsFiltered: 'workspaceAutomation.commitsFiltered',
  VariablesScope: 'workspaceAutomation.variablesScope',
  /** Followed by a walkthrough milestone: `workspaceAutomation.walkthrough.browsed`. */
  WalkthroughPrefix: 'workspaceAutomation.walkthrough.',
} as const;

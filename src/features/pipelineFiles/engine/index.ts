// dist/pipelineFiles.js (esbuild.js): what reads a pipeline file — the `yaml` parser, the schema
// and its validator (`ajv`) — loaded by the feature (../index.ts) only when such a file opens.
// Nothing here imports vscode or the kernel: this bundle holds no state of the extension's.
export { analyze, MAX_FILE_CHARS, MAX_ALIAS_COUNT, MAX_DEPTH, type Analysis, type PipelineModel, type ActionModel, type VariableRef, type Problem, type Span } from './analyze';
export { completionContext, type CompletionContext } from './context';
export { propertiesOf, valuesOf, type Level } from './schema';
export { PREDEFINED_VARIABLES, predefinedVariable } from './predefined';

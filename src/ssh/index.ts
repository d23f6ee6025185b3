// Pure checks of SSH keys and variable fields (no editor, no I/O), shared by the commands and the
// Node unit tests.
export * from './fields';
export * from './privateKey';
export * from './publicKey';

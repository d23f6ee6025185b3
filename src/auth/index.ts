// The auth module: the session, sign-in and workspace choice, and the connection requests go through.
export { AuthSession, ENV_TOKEN, tokenKey, type SessionState } from './session';
export { ApiConnection } from './apiConnection';
export { signInInteractive, signInWithToken, verifyToken, type SignInArgs, type SignInResult } from './signInFlow';
export { selectWorkspace } from './workspacePicker';

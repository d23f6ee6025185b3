// The auth module: the session, sign-in and workspace choice.
export { AuthSession, ENV_TOKEN, tokenKey, type SessionState, type ClientFactory } from './session';
export { signInInteractive, signInWithToken, verifyToken, type SignInArgs, type SignInResult } from './signInFlow';
export { selectWorkspace } from './workspacePicker';

// The auth module: the session, sign-in and workspace choice.
import type { Services } from '../services';
import { AuthSession } from './session';

export { AuthSession, ENV_TOKEN, tokenKey, type SessionState, type ClientFactory } from './session';
export { signInInteractive, signInWithToken, verifyToken, type SignInArgs, type SignInResult } from './signInFlow';
export { selectWorkspace } from './workspacePicker';

/** The session implementation behind `services.session` (commands that manage it need more than `Session`). */
export function authSessionOf(services: Services): AuthSession {
  if (!(services.session instanceof AuthSession)) {
    throw new Error('The session is not an AuthSession.');
  }
  return services.session;
}

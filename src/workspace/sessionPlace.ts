// Where the session is: its API address and workspace while signed in. What was read or followed
// for one place is not read again with another's client (another account's token, another address).
import type { Session } from '../auth/sessionTypes';

/** The parts of the session a place is read from, and its change. */
export type PlaceSession = Pick<Session, 'onDidChange' | 'signedIn' | 'baseUrl' | 'workspace'>;

/** The place of the session now; undefined while signed out or without an address or workspace. */
export function sessionPlace(session: Omit<PlaceSession, 'onDidChange'>): string | undefined {
  return session.signedIn && session.baseUrl && session.workspace ? `${session.baseUrl} ${session.workspace}` : undefined;
}

// Which API address the user chose, and whether the environment's token may go there. Pure (no
// editor): settings.ts passes the user-level values in. A folder's settings never take part: a
// repository must not choose where the token goes.
import { accountTypeOf, resolveBaseUrl, type BaseUrlInput } from '../api/baseUrl';

/** The environment variable that carries a token (used only for an address the user chose). */
export const ENV_TOKEN = 'WORKSPACE_AUTOMATION_TOKEN';
/** The environment variable that names the address a token in ENV_TOKEN is for. */
export const ENV_API_URL = 'WORKSPACE_AUTOMATION_API_URL';

/** What `WorkspaceConfiguration.inspect()` gives for one setting (the parts read here). */
export interface Inspected<T> {
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

/**
 * The user's own value of a setting (user settings), else its default. Workspace and folder
 * values are ignored here even where the editor would apply them (an editor that does not know
 * the setting's `application` scope).
 */
export function userValue<T>(inspected: Inspected<T> | undefined): T | undefined {
  return inspected?.globalValue ?? inspected?.defaultValue;
}

/** The address settings as the user set them (undefined: not set at user level). */
export interface UserAddressSettings {
  apiUrl?: string;
  accountType?: string;
  host?: string;
}

export type AddressOrigin = 'user' | 'environment' | 'default';

export interface AddressChoice {
  input: BaseUrlInput;
  /** user: the user's settings name it; environment: ENV_API_URL; default: nobody chose (the US service). */
  origin: AddressOrigin;
}

function text(v: string | undefined): string | undefined {
  const t = typeof v === 'string' ? v.trim() : '';
  return t || undefined;
}


/**
 * The address: the user's apiUrl, else the user's account type (and host), else the address the
 * environment names beside its token, else the US service.
 */
export function chooseAddress(user: UserAddressSettings, env: Readonly<Record<string, string | undefined>>): AddressChoice {
  const apiUrl = text(user.apiUrl);
  if (apiUrl) {
    return { input: { apiUrl }, origin: 'user' };
  }
  if (text(user.accountType) || text(user.host)) {
    const accountType = accountTypeOf(text(user.accountType));
    return { input: accountType === 'self-hosted' ? { accountType, host: text(user.host) ?? '' } : { accountType }, origin: 'user' };
  }
  const envApiUrl = text(env[ENV_API_URL]);
  if (envApiUrl) {
    return { input: { apiUrl: envApiUrl }, origin: 'environment' };
  }
  return { input: { accountType: 'us' }, origin: 'default' };
}

/**
 * Whether the environment's token may be sent to `baseUrl`: only when the environment names that
 * same address beside it, or (when it names none) when the address is the user's own choice.
 * `baseUrl` undefined: the user's address is not usable (no client is made, nothing is sent).
 */
export function envTokenApplies(choice: AddressChoice, baseUrl: string | undefined, env: Readonly<Record<string, string | undefined>>): boolean {
  const envApiUrl = text(env[ENV_API_URL]);
  if (envApiUrl) {
    try {
      return baseUrl !== undefined && resolveBaseUrl({ apiUrl: envApiUrl }) === baseUrl;
    } catch {
      return false;
    }
  }
  return choice.origin === 'user';
}

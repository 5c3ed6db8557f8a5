/**
 * Session state (spec part 1 §4 "Authentication"): the token lives in local storage under `token`;
 * on start-up a stored token is checked with `GET /auth/me`; sign-out clears everything and
 * sends the member to /login. The calls (and the schemas they parse with) load on first use, so a
 * visitor with no stored token downloads neither.
 */
import type { SessionUser } from '@gameon/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { errorMessage, onUnauthorized, readStoredToken, storeToken } from './api-client';

/** The session's calls, loaded on first use (lib/session-api.ts). */
const sessionApi = () => import('./session-api');

type AuthState =
  | { status: 'loading'; user: null; token: string }
  | { status: 'signedIn'; user: SessionUser; token: string }
  | { status: 'signedOut'; user: null; token: null; redirectTo: SignedOutLanding | null };

/**
 * Where the router sends a member whose session just ended: /login after signing out (or a
 * refused token), /account-deleted after deleting the account.
 */
export type SignedOutLanding = '/login' | '/account-deleted';

export type LoginInput = { email: string; password: string } | { token: string; user: SessionUser };
export type LoginResult = { success: true } | { success: false; message: string };

export interface AuthContextValue {
  user: SessionUser | null;
  token: string | null;
  /** True while a stored token is being checked at start-up. */
  loading: boolean;
  /** Right after the session ended, where to show next, until the router has shown it. */
  redirectTo: SignedOutLanding | null;
  /**
   * Signs in with e-mail and password (`POST /auth/login`), or stores a ready session (after
   * sign-up) without a network call. Resolves to the server's message on failure, else
   * 'Login failed' (spec part 1 §8), which is also the answer when the token cannot be stored.
   */
  login: (input: LoginInput) => Promise<LoginResult>;
  /** Signs out: revokes the token on the server (failures ignored) and clears all state. */
  logout: () => void;
  /**
   * Call before asking the server to delete the account: the socket closes and a refused token
   * (the account going) no longer signs out to /login, so no call is made with the dying token.
   * Answers a function that undoes this (the deletion failed).
   */
  startAccountDeletion: () => () => void;
  /**
   * Ends the session after the account was deleted: the token is already dead on the server, so
   * nothing is revoked, and the member lands on /account-deleted rather than /login.
   */
  endDeletedSession: () => void;
  /** True between {@link startAccountDeletion} and its end: the socket stays closed. */
  ending: boolean;
  /** Reloads the signed-in member (`GET /auth/me`), e.g. after a new profile picture. */
  refreshUser: () => Promise<void>;
  /** Called by the router once {@link redirectTo} is shown. */
  acknowledgeRedirect: () => void;
}

/** The login function's own fallback text (spec part 1 §8). */
const LOGIN_FAILED = 'Login failed';

const AuthContext = createContext<AuthContextValue | null>(null);

function initialState(): AuthState {
  const token = readStoredToken();
  return token === null
    ? { status: 'signedOut', user: null, token: null, redirectTo: null }
    : { status: 'loading', user: null, token };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(initialState);
  const tokenRef = useRef<string | null>(state.token);
  const [ending, setEnding] = useState(false);
  const endingRef = useRef(false);

  const update = useCallback((next: AuthState) => {
    tokenRef.current = next.token;
    setState(next);
  }, []);

  const logout = useCallback(() => {
    const token = tokenRef.current;
    storeToken(null);
    queryClient.clear();
    update({ status: 'signedOut', user: null, token: null, redirectTo: '/login' });
    if (token !== null) {
      sessionApi()
        .then((api) => api.logoutRequest(token))
        .catch((error: unknown) => console.warn('Logout request failed', error));
    }
  }, [queryClient, update]);

  const setEndingTo = useCallback((value: boolean) => {
    endingRef.current = value;
    setEnding(value);
  }, []);

  const startAccountDeletion = useCallback(() => {
    setEndingTo(true);
    return () => setEndingTo(false);
  }, [setEndingTo]);

  const endDeletedSession = useCallback(() => {
    storeToken(null);
    queryClient.clear();
    update({ status: 'signedOut', user: null, token: null, redirectTo: '/account-deleted' });
    setEndingTo(false);
  }, [queryClient, update, setEndingTo]);

  const refreshUser = useCallback(async () => {
    const token = tokenRef.current;
    if (token === null) return;
    try {
      const user = await (await sessionApi()).fetchCurrentUser(token);
      // Only if the session is still the one the call was made with.
      if (tokenRef.current === token) update({ status: 'signedIn', user, token });
    } catch (error) {
      console.error('Could not reload the current user', error);
    }
  }, [update]);

  /** Keeps the session; false when local storage refused the token (see `storeToken`). */
  const startSession = useCallback(
    (token: string, user: SessionUser): boolean => {
      if (!storeToken(token)) return false;
      queryClient.removeQueries();
      update({ status: 'signedIn', user, token });
      return true;
    },
    [queryClient, update],
  );

  const login = useCallback(
    async (input: LoginInput): Promise<LoginResult> => {
      const failed = { success: false, message: LOGIN_FAILED } as const;
      if ('token' in input) {
        return startSession(input.token, input.user) ? { success: true } : failed;
      }
      try {
        const session = await (await sessionApi()).loginRequest(input.email, input.password);
        return startSession(session.token, session.user) ? { success: true } : failed;
      } catch (error) {
        return { success: false, message: errorMessage(error, LOGIN_FAILED) };
      }
    },
    [startSession],
  );

  // Start-up: check the stored token once; any failure signs out (spec part 1 §4, §8).
  const startupToken = state.status === 'loading' ? state.token : null;
  useEffect(() => {
    if (startupToken === null) return;
    const controller = new AbortController();
    sessionApi()
      .then((api) => api.fetchCurrentUser(startupToken, controller.signal))
      .then(
        (user) => update({ status: 'signedIn', user, token: startupToken }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Could not load the current user', error);
          logout();
        },
      );
    return () => controller.abort();
  }, [startupToken, update, logout]);

  // A call made with the current token got 401: the session is over.
  useEffect(
    () =>
      onUnauthorized((token) => {
        // While the account is being deleted its token dies on purpose: not a sign-out.
        if (token === tokenRef.current && !endingRef.current) logout();
      }),
    [logout],
  );

  const acknowledgeRedirect = useCallback(() => {
    setState((current) =>
      current.status === 'signedOut' && current.redirectTo !== null
        ? { ...current, redirectTo: null }
        : current,
    );
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.user,
      token: state.token,
      loading: state.status === 'loading',
      redirectTo: state.status === 'signedOut' ? state.redirectTo : null,
      login,
      logout,
      startAccountDeletion,
      endDeletedSession,
      ending,
      refreshUser,
      acknowledgeRedirect,
    }),
    [
      state,
      login,
      logout,
      startAccountDeletion,
      endDeletedSession,
      ending,
      refreshUser,
      acknowledgeRedirect,
    ],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

/** The session. Throws when used outside {@link AuthProvider}. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** The signed-in member; throws when nobody is signed in (use only on signed-in routes). */
export function useCurrentUser(): SessionUser {
  const { user } = useAuth();
  if (user === null) throw new Error('useCurrentUser needs a signed-in member');
  return user;
}

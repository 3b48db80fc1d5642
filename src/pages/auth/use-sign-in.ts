import type { AuthActionResponse, AuthProvider } from "@refinedev/core";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { landingWithReturnTo, RETURN_TO_PARAM } from "@/providers/auth/return-to";
import type { SignInParams } from "@/providers/auth-provider";
import { loadAuth } from "./auth-client";

export interface AuthFailure {
  message: string;
  fields?: Record<string, string>;
}

/** The failure an auth provider answer carries, per-field errors included; null on success. */
export function failureOf(answer: AuthActionResponse): AuthFailure | null {
  if (answer.success) return null;
  const error = answer.error as AuthFailure | undefined;
  return {
    message: error?.message ?? "Something went wrong",
    ...(error?.fields ? { fields: error.fields } : {}),
  };
}

/**
 * What every account screen does with an auth provider answer: on success, go where the
 * provider says (replacing the account screen in the history); on failure, keep the
 * message for the page, per-field errors included (see fieldError). A page opened with a
 * return path (/signin?to=…, /select-company?to=…) goes there instead of the usual landing. No toast: the
 * error shows inline. These screens run outside Refine (src/auth-app.tsx); the cached
 * queries of an earlier session are reset by the session sync (src/providers/session-sync.ts)
 * when the role token changes.
 */
function useAuthAnswer(afterSuccess?: () => Promise<unknown>) {
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = params.get(RETURN_TO_PARAM);
  const onSuccess = async (answer: AuthActionResponse) => {
    setFailure(failureOf(answer));
    if (!answer.success) return;
    await afterSuccess?.();
    if (answer.redirectTo) navigate(landingWithReturnTo(answer.redirectTo, returnTo), { replace: true });
  };
  return { failure, setFailure, onSuccess };
}

/** Runs one auth provider method (fetched on first use) and handles its answer like useAuthAnswer. */
export function useAuthAction<P>(
  call: (auth: AuthProvider, params: P) => Promise<AuthActionResponse | undefined> | undefined,
  afterSuccess?: () => Promise<unknown>,
) {
  const { failure, onSuccess } = useAuthAnswer(afterSuccess);
  const [isPending, setPending] = useState(false);
  const run = async (params: P): Promise<AuthActionResponse> => {
    setPending(true);
    try {
      const { authProvider } = await loadAuth();
      const answer = (await call(authProvider, params)) ?? { success: false };
      await onSuccess(answer);
      return answer;
    } catch (error) {
      // The auth code could not be fetched (offline); the provider itself always resolves.
      const answer = { success: false, error: error instanceof Error ? error : new Error(String(error)) };
      await onSuccess(answer);
      return answer;
    } finally {
      setPending(false);
    }
  };
  return { run, isPending, failure };
}

/** Runs a sign-in through the auth provider. */
export function useSignIn() {
  const { run, isPending, failure } = useAuthAction((auth, params: SignInParams) => auth.login(params));
  return { signIn: run, isPending, failure };
}

/** Form.Item props that show the server's error for one field (errors are shown per form field). */
export function fieldError(failure: AuthFailure | null, field: string) {
  const message = failure?.fields?.[field];
  return message ? { validateStatus: "error" as const, help: message } : {};
}

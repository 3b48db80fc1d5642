import { type AuthActionResponse, useGo, useLogin } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { SignInParams } from "@/providers/auth-provider";

export interface AuthFailure {
  message: string;
  fields?: Record<string, string>;
}

/**
 * What every account screen does with an auth provider answer: on success, refresh
 * Refine's auth state and go where the provider says; on failure, keep the message
 * for the page, per-field errors included (see fieldError). (This replaces
 * Refine's own handling, which would also pop up a toast next to the inline error.)
 */
export function useAuthAnswer() {
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const queryClient = useQueryClient();
  const go = useGo();
  const onSuccess = async (data: AuthActionResponse | unknown) => {
    const answer = data as AuthActionResponse;
    if (answer.success) {
      setFailure(null);
      await queryClient.invalidateQueries();
      if (answer.redirectTo) go({ to: answer.redirectTo, type: "replace" });
      return;
    }
    const error = answer.error as AuthFailure | undefined;
    setFailure({
      message: error?.message ?? "Something went wrong",
      ...(error?.fields ? { fields: error.fields } : {}),
    });
  };
  return { failure, setFailure, onSuccess };
}

/** Runs a sign-in through the auth provider. */
export function useSignIn() {
  const { failure, onSuccess } = useAuthAnswer();
  const { mutate, isPending } = useLogin<SignInParams>({ mutationOptions: { onSuccess } });
  return { signIn: (params: SignInParams) => mutate(params), isPending, failure };
}

/** Form.Item props that show the server's error for one field (spec section 5: errors per form field). */
export function fieldError(failure: AuthFailure | null, field: string) {
  const message = failure?.fields?.[field];
  return message ? { validateStatus: "error" as const, help: message } : {};
}

import type { ImpersonationAnswer, ImpersonationInput } from "@core/api/impersonation";
import { useCustomMutation } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import { failureText } from "../people/form-errors";

/**
 * Starts acting as a member of a company: the server mints a time-limited role token,
 * the session store makes it the active one (every cached query is refetched with
 * it), and the dashboard opens as that person sees it.
 */
export function useImpersonate() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const start = useAuthSessionStore((s) => s.startImpersonation);
  const queryClient = useQueryClient();
  const { mutateAsync, mutation } = useCustomMutation<ImpersonationAnswer>();
  const impersonate = async (user: { id: string; email: string }, companyId: string) => {
    const { data } = await mutateAsync({
      url: "auth/impersonate",
      method: "post",
      values: { userId: user.id, companyId } satisfies ImpersonationInput,
      successNotification: { type: "success", message: "Impersonation started", description: user.email },
      errorNotification: (error) => ({
        type: "error",
        message: "Could not impersonate",
        description: failureText(error),
      }),
    });
    const answer = data;
    // The new token makes every cached query refetch (session-sync.ts): the control center's
    // own records, still on screen until the navigation lands, would be asked for with a
    // token that may not read them, a 403 each. They go, and the person's pages load anew.
    await queryClient.cancelQueries({ queryKey: ["data"] });
    queryClient.removeQueries({ queryKey: ["data"] });
    start({
      userRole: answer.userRole,
      token: answer.roleToken,
      company: answer.company,
      expiry: answer.expiry,
      returnTo: `${pathname}${search}`,
    });
    navigate("/");
  };
  return {
    impersonate,
    pendingFor: mutation.isPending ? (mutation.variables?.values as { userId?: string })?.userId : undefined,
  };
}

import { useCustomMutation, useNotification } from "@refinedev/core";
import { useNavigate } from "react-router";
import { formatInstant } from "@/domain/datetime";
import { readableError } from "@/providers/readable-error";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import { selectTimeZoneName, usePreferencesStore } from "@/providers/stores/preferences";

export const STOP_IMPERSONATION_URL = "auth/impersonate";
export const AFTER_IMPERSONATION_PATH = "/control-center/companies";

/**
 * Stop impersonating: the server revokes the impersonation token (the request carries it, being
 * the active token), then the dashboard drops it and the administrator is themselves again. The
 * local stop happens whatever the answer: an already expired token is answered 401, and a server
 * that cannot be reached is told to the administrator (the token still ends at its expiry).
 */
export function useStopImpersonation() {
  const stop = useAuthSessionStore((s) => s.stopImpersonation);
  const navigate = useNavigate();
  const { open } = useNotification();
  const timeZone = usePreferencesStore(selectTimeZoneName);
  const locale = usePreferencesStore((s) => s.locale);
  const { mutateAsync, mutation } = useCustomMutation();
  const stopImpersonating = async () => {
    const expiry = useAuthSessionStore.getState().impersonationExpiry;
    try {
      await mutateAsync({
        url: STOP_IMPERSONATION_URL,
        method: "delete",
        values: {},
        successNotification: false,
        errorNotification: false,
      });
    } catch (error) {
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      if (status !== 401 && status !== 400) {
        open?.({
          type: "error",
          message: "The impersonation could not be ended on the server",
          description: `${readableError(error as Error)}. It ends by itself${
            expiry === null ? "" : ` at ${formatInstant(expiry, { timeZone, locale })}`
          }.`,
        });
      }
    }
    stop();
    navigate(AFTER_IMPERSONATION_PATH);
  };
  return { stopImpersonating, stopping: mutation.isPending };
}

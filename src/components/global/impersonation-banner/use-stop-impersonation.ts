import { formatInstant } from "@core/domain/datetime";
import { useCustomMutation, useNotification } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { activeRoleHeaders } from "@/providers/data-provider";
import { readableError } from "@/providers/readable-error";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import { selectTimeZoneName, usePreferencesStore } from "@/providers/stores/preferences";

const STOP_IMPERSONATION_URL = "auth/impersonate";
/** Where stopping leads when the start's page is not known (an impersonation stored before it was kept). */
const AFTER_IMPERSONATION_PATH = "/control-center/companies";

/**
 * Stop impersonating: the dashboard drops the impersonation token and the administrator is
 * themselves again at once, then the server revokes the token (the request carries it). In that
 * order because a request the page sends while the server revokes it (the menu badge's counts,
 * left for idle time) would be answered 401. The local stop happens whatever the answer: an
 * already expired token is answered 401, and a server that cannot be reached is told to the
 * administrator (the token still ends at its expiry).
 */
export function useStopImpersonation() {
  const stop = useAuthSessionStore((s) => s.stopImpersonation);
  const navigate = useNavigate();
  const { open } = useNotification();
  const timeZone = usePreferencesStore(selectTimeZoneName);
  const locale = usePreferencesStore((s) => s.locale);
  const { mutateAsync } = useCustomMutation();
  const queryClient = useQueryClient();
  const stopImpersonating = async () => {
    const { impersonationExpiry: expiry, impersonationReturnTo } = useAuthSessionStore.getState();
    const ending = activeRoleHeaders();
    // The person's records go with their token (as when impersonation starts), so nothing still
    // on screen is asked for again before the control center replaces it. No await before the
    // stop: the page may not send anything in between.
    void queryClient.cancelQueries({ queryKey: ["data"] });
    queryClient.removeQueries({ queryKey: ["data"] });
    stop();
    // Back to the page the impersonation was started from (the company's members, searched as it was).
    navigate(impersonationReturnTo ?? AFTER_IMPERSONATION_PATH);
    try {
      await mutateAsync({
        url: STOP_IMPERSONATION_URL,
        method: "delete",
        values: {},
        config: { headers: ending },
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
  };
  // No pending state: the banner is gone before the revocation is sent.
  return { stopImpersonating };
}

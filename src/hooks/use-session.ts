import { useShallow } from "zustand/react/shallow";
import {
  selectActiveCompany,
  selectCanSwitchCompany,
  selectIsImpersonating,
  useAuthSessionStore,
} from "@/providers/stores/auth-session";

/** What the shell shows about the session: the active company, impersonation, company switching. */
export function useSessionSummary() {
  return useAuthSessionStore(
    useShallow((state) => ({
      company: selectActiveCompany(state),
      impersonating: selectIsImpersonating(state),
      canSwitchCompany: selectCanSwitchCompany(state),
    })),
  );
}

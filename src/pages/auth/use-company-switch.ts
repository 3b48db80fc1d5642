import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { SignInParams } from "@/providers/auth-provider";
import { useAuthAction } from "./use-sign-in";

/**
 * Opening one of the user's companies (the company choice after sign-in and the switch in
 * settings): which role is being opened, the failure to show, and the call that opens it.
 * Inside the dashboard every cached query is refreshed for the new company.
 */
export function useCompanySwitch() {
  const [choosing, setChoosing] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const { run, failure } = useAuthAction(
    (auth, params: SignInParams) => auth.login(params),
    () => queryClient.invalidateQueries(),
  );
  const choose = (roleId: string) => {
    setChoosing(roleId);
    void run({ method: "company", roleId }).finally(() => setChoosing(null));
  };
  return { choosing, failure, choose };
}

import { useLogin } from "@refinedev/core";
import { useState } from "react";
import type { SignInParams } from "@/providers/auth-provider";
import { useAuthAnswer } from "./use-sign-in";

/**
 * Opening one of the user's companies (the company choice after sign-in and the switch in
 * settings): which role is being opened, the failure to show, and the call that opens it.
 */
export function useCompanySwitch() {
  const [choosing, setChoosing] = useState<string | null>(null);
  const { failure, onSuccess } = useAuthAnswer();
  const { mutate: login } = useLogin<SignInParams>({
    mutationOptions: { onSettled: () => setChoosing(null), onSuccess },
  });
  const choose = (roleId: string) => {
    setChoosing(roleId);
    login({ method: "company", roleId });
  };
  return { choosing, failure, choose };
}

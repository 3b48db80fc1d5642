import type { AuthActionResponse } from "@refinedev/core";
import Session from "supertokens-web-js/recipe/session";
import { SIGN_IN_LANDING, SIGN_IN_PATH, type SignInParams, type SignUpParams, sessionExists } from "../auth-provider";
import type { AuthSessionState } from "../stores/auth-session";
import { clearDeliberateSignOut } from "./return-to";
import { answerOf, chooseRole, completeSignIn, SignInError } from "./sign-in-flow";
import { EmailPassword, Passwordless, ThirdParty } from "./sign-in-recipes";

/**
 * The auth provider's sign-in, sign-up and password methods, loaded
 * with the sign-in recipes. Every method resolves; failures come back as `{ success: false, error }`.
 */

export const WRONG_CREDENTIALS_MESSAGE = "Wrong sign-in credentials";

type Store = { getState(): AuthSessionState };

function failure(error: unknown) {
  if (error instanceof SignInError) {
    return {
      success: false,
      error: { name: "Sign in", message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
    };
  }
  const message = error instanceof Error && error.message ? error.message : "Something went wrong";
  return { success: false, error: { name: "Sign in", message } };
}

function fieldsOf(formFields: { id: string; error: string }[]): Record<string, string> {
  return Object.fromEntries(formFields.map((f) => [f.id, f.error]));
}

export async function signIn(store: Store, params: SignInParams): Promise<AuthActionResponse> {
  clearDeliberateSignOut();
  try {
    if (params.method === "company") {
      const role = store.getState().userRoles.find((r) => r.id === params.roleId);
      if (!role) throw new SignInError("That company is not one of yours");
      store.getState().stopImpersonation();
      await chooseRole(role);
      return { success: true, redirectTo: SIGN_IN_LANDING };
    }
    let response: Response;
    if (params.method === "code" || params.method === "link") {
      const result =
        params.method === "code"
          ? await Passwordless.consumeCode({ userInputCode: params.userInputCode })
          : await Passwordless.consumeCode();
      if (result.status === "INCORRECT_USER_INPUT_CODE_ERROR" || result.status === "EXPIRED_USER_INPUT_CODE_ERROR") {
        const left = result.maximumCodeInputAttempts - result.failedCodeInputAttemptCount;
        const what = result.status === "EXPIRED_USER_INPUT_CODE_ERROR" ? "This code has expired" : "Wrong code";
        const message = `${what}. ${left} attempt${left === 1 ? "" : "s"} left.`;
        throw new SignInError(message, { userInputCode: message });
      }
      if (result.status === "RESTART_FLOW_ERROR") {
        await Passwordless.clearLoginAttemptInfo();
        throw new SignInError("This sign-in code or link is no longer valid. Please ask for a new one.");
      }
      if (result.status === "SIGN_IN_UP_NOT_ALLOWED") throw new SignInError(result.reason);
      await Passwordless.clearLoginAttemptInfo();
      response = result.fetchResponse;
    } else if (params.method === "thirdparty") {
      const result = await ThirdParty.signInAndUp();
      if (result.status === "NO_EMAIL_GIVEN_BY_PROVIDER")
        throw new SignInError("The sign-in provider did not share an e-mail address.");
      if (result.status === "SIGN_IN_UP_NOT_ALLOWED") throw new SignInError(result.reason);
      response = result.fetchResponse;
    } else {
      const result = await EmailPassword.signIn({
        formFields: [
          { id: "email", value: params.email },
          { id: "password", value: params.password },
        ],
      });
      if (result.status === "FIELD_ERROR")
        throw new SignInError("Please check the fields", fieldsOf(result.formFields));
      if (result.status === "WRONG_CREDENTIALS_ERROR") throw new SignInError(WRONG_CREDENTIALS_MESSAGE);
      if (result.status === "SIGN_IN_NOT_ALLOWED") throw new SignInError(result.reason);
      response = result.fetchResponse;
    }
    const redirectTo = await completeSignIn(await answerOf(response));
    return { success: true, redirectTo };
  } catch (error) {
    if (error instanceof SignInError && error.message !== WRONG_CREDENTIALS_MESSAGE && !error.fields) {
      // A sign-in that got a session but cannot continue (no roles, no token) leaves none behind.
      if (await sessionExists()) await Session.signOut().catch(() => undefined);
    }
    return failure(error);
  }
}

export async function signUp(store: Store, params: SignUpParams): Promise<AuthActionResponse> {
  try {
    const result = await EmailPassword.signUp({
      formFields: [
        { id: "email", value: params.email },
        { id: "password", value: params.password },
        { id: "firstName", value: params.firstName ?? "" },
        { id: "lastName", value: params.lastName ?? "" },
      ],
    });
    if (result.status === "FIELD_ERROR") throw new SignInError("Please check the fields", fieldsOf(result.formFields));
    if (result.status === "SIGN_UP_NOT_ALLOWED") throw new SignInError(result.reason);
    // After sign-up the invite token is cleared, then the sign-in branching applies.
    store.getState().clearInviteToken();
    return { success: true, redirectTo: await completeSignIn(await answerOf(result.fetchResponse)) };
  } catch (error) {
    return failure(error);
  }
}

export async function sendPasswordReset({ email }: { email: string }): Promise<AuthActionResponse> {
  try {
    const result = await EmailPassword.sendPasswordResetEmail({ formFields: [{ id: "email", value: email }] });
    if (result.status === "FIELD_ERROR") throw new SignInError("Please check the fields", fieldsOf(result.formFields));
    if (result.status === "PASSWORD_RESET_NOT_ALLOWED") throw new SignInError(result.reason);
    return { success: true };
  } catch (error) {
    return failure(error);
  }
}

export async function setNewPassword({ password }: { password: string }): Promise<AuthActionResponse> {
  try {
    const result = await EmailPassword.submitNewPassword({ formFields: [{ id: "password", value: password }] });
    if (result.status === "FIELD_ERROR") throw new SignInError("Please check the fields", fieldsOf(result.formFields));
    if (result.status === "RESET_PASSWORD_INVALID_TOKEN_ERROR") {
      throw new SignInError("This reset link is invalid or was already used. Please ask for a new one.");
    }
    return { success: true, redirectTo: `${SIGN_IN_PATH}?reset=done` };
  } catch (error) {
    return failure(error);
  }
}

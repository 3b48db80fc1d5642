import Multitenancy from "supertokens-web-js/recipe/multitenancy";
import { Passwordless, ThirdParty } from "@/providers/auth/sign-in-recipes";
import { authProvider } from "@/providers/auth-provider";
// Loaded with the screens that call them: no second request when the person signs in.
import "@/providers/auth/sign-in-methods";

/** Loaded through loadAuth() (auth-client.ts): the session layer and its sign-in recipes start before any auth call. */
export { authProvider, Multitenancy, Passwordless, ThirdParty };

import Multitenancy from "supertokens-web-js/recipe/multitenancy";
import Passwordless from "supertokens-web-js/recipe/passwordless";
import ThirdParty from "supertokens-web-js/recipe/thirdparty";
import { initSuperTokens } from "@/providers/auth/supertokens";
import { authProvider } from "@/providers/auth-provider";

/** Loaded through loadAuth() (auth-client.ts): the session layer starts before any auth call. */
initSuperTokens();

export { authProvider, Multitenancy, Passwordless, ThirdParty };

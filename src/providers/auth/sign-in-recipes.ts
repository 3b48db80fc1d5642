import EmailPassword from "supertokens-web-js/recipe/emailpassword";
import Passwordless from "supertokens-web-js/recipe/passwordless";
import ThirdParty from "supertokens-web-js/recipe/thirdparty";
import { keepTenantInAttempt } from "./attempt-tenant";
import { keepServerOAuthState } from "./oauth-state";
import { authRequestHeaders, startRecipe } from "./supertokens";

// The sign-in recipes start when this module loads: with the sign-in screens, or with the
// first sign-in call of the dashboard (its auth provider loads them on demand).
startRecipe(EmailPassword.init({ preAPIHook: authRequestHeaders }));
startRecipe(Passwordless.init({ preAPIHook: authRequestHeaders, override: { functions: keepTenantInAttempt } }));
startRecipe(ThirdParty.init({ preAPIHook: authRequestHeaders, override: { functions: keepServerOAuthState } }));

export { EmailPassword, Passwordless, ThirdParty };

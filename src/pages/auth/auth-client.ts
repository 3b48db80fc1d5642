/**
 * The auth code of the account screens (supertokens-web-js and the auth provider), as a
 * chunk of its own: the sign-in page paints without it and fetches it right after (see
 * src/auth-app.tsx) or on the first action that needs it. The dashboard app imports the
 * same modules statically, so a page load never holds two copies.
 */
export type AuthClient = typeof import("./auth-sdk");

let loading: Promise<AuthClient> | undefined;

export function loadAuth(): Promise<AuthClient> {
  loading ??= import("./auth-sdk").catch((error: unknown) => {
    loading = undefined; // a failed fetch (offline) is tried again by the next action
    throw error;
  });
  return loading;
}

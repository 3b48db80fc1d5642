import type { Db } from "../db/index";
import { deleteExpiredSignInStates, insertSignInState, takeSignInStateRow } from "../db/oidc-sign-in-states";
import { sha256Hex } from "./hash";

/**
 * The server's record of a third-party sign-in it started (table oidc_sign_in_states).
 * The callback must bring back the state, from the browser that holds the PKCE
 * verifier issued with it, for the same provider and callback URL; the record is then
 * deleted in the same statement, so a state works once even under concurrent calls.
 */

/** As long as the SDK keeps its own copy of the state (10 minutes). */
const SIGN_IN_STATE_TTL_MS = 10 * 60_000;

export interface SignInState {
  state: string;
  providerId: string;
  pkceCodeVerifier: string;
  nonce: string;
  redirectUri: string;
}

export async function saveSignInState(db: Db, record: SignInState, now = new Date()): Promise<void> {
  // The route is open to anyone: old rows go as new ones come, so the table holds at most the last TTL.
  await deleteExpiredSignInStates(db, now);
  await insertSignInState(db, {
    stateHash: sha256Hex(record.state),
    providerId: record.providerId,
    pkceVerifierHash: sha256Hex(record.pkceCodeVerifier),
    nonce: record.nonce,
    redirectUri: record.redirectUri,
    expires: new Date(now.getTime() + SIGN_IN_STATE_TTL_MS),
  });
}

/** The nonce of the matching, unexpired record, which is used up; undefined when there is none. */
export async function takeSignInState(
  db: Db,
  callback: Omit<SignInState, "nonce">,
  now = new Date(),
): Promise<string | undefined> {
  return takeSignInStateRow(
    db,
    {
      stateHash: sha256Hex(callback.state),
      pkceVerifierHash: sha256Hex(callback.pkceCodeVerifier),
      providerId: callback.providerId,
      redirectUri: callback.redirectUri,
    },
    now,
  );
}

import { type Kysely, sql } from "kysely";

/**
 * One row per third-party sign-in the server started (GET /auth/authorisationurl), so
 * the callback is checked here and not only by the browser: the state the provider
 * returns, the browser's PKCE verifier, the nonce the ID token must carry, which
 * provider and callback it was for. POST /auth/signinup deletes the row it uses.
 * Only hashes of the state and the verifier are kept; the nonce is not a secret.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table oidc_sign_in_states (
      state_hash text primary key,
      provider_id text not null,
      pkce_verifier_hash text not null,
      nonce text not null,
      redirect_uri text not null,
      created timestamptz not null default now(),
      expires timestamptz not null
    )`.execute(db);
  await sql`create index oidc_sign_in_states_expires on oidc_sign_in_states (expires)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists oidc_sign_in_states`.execute(db);
}

import type { FastifyRequest } from "fastify";
import { type Action, type AppAbility, type Subject, seesSubCompanyReports } from "../../core/domain/permissions";
import type { Db } from "../db/index";
import { badRequest, forbidden, unauthorised } from "../errors";
import { abilityFor } from "./abilities";
import { authenticateApiKey, isApiKey } from "./api-keys";
import type { SigningKeys } from "./keys";
import { verifyRoleToken } from "./role-tokens";

/** Who is calling a data route, in which company, with which rights. */
export interface Principal {
  userId: string;
  companyId: string;
  userRoleId: string;
  roles: string[];
  featureFlags: Record<string, boolean>;
  impersonatorUserId: string | null;
  tokenId: string;
  /** The sign-in session behind a role token (none for an API key). */
  sessionHandle?: string;
  ability: AppAbility;
  /**
   * The companies whose records this caller sees: its own, and for a distributor
   * administrator also its sub-companies.
   */
  companyScope: string[];
  /** Set when a company API key calls (no person: routes about "me" refuse it). */
  apiKeyId?: string;
}

const DATABASE_HEADER = "x-database";

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function authenticate(db: Db, keys: SigningKeys, request: FastifyRequest): Promise<Principal> {
  const database = header(request, DATABASE_HEADER);
  if (database !== undefined && database !== "postgres") {
    throw badRequest("Unsupported database", [{ id: DATABASE_HEADER, error: "The only database is 'postgres'" }]);
  }
  const jwt = header(request, "jwt");
  const secret = header(request, "api-key");
  // A company API key (cck_…) stands alone; role-token secrets never start that way.
  if (secret && isApiKey(secret)) return authenticateApiKey(db, secret);
  if (!jwt || !secret) throw unauthorised("The api-key and jwt headers with a company role token are required");
  const { childCompanyIds, ...token } = await verifyRoleToken(db, keys, jwt, secret);
  const ability = abilityFor(token.roles, token.featureFlags);
  const companyScope = seesSubCompanyReports((action, subject) => ability.can(action, subject))
    ? [token.companyId, ...childCompanyIds]
    : [token.companyId];
  return { ...token, ability, companyScope };
}

export function requirePermission(principal: Principal, action: Action, subject: Subject): void {
  if (!principal.ability.can(action, subject)) throw forbidden(`You do not have permission to ${action} ${subject}`);
}

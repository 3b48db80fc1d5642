import { LRUCache } from "lru-cache";
import type { ApiKeyScope } from "../../core/domain/api-key-scopes";
import {
  type AppAbility,
  defineAbilityFor,
  defineApiKeyAbility,
  type FeatureFlags,
} from "../../core/domain/permissions";

/**
 * Built CASL abilities, shared by every request with the same grants. Keyed by what an
 * ability is made of (roles and flags, or a key's scopes), never by the credential: the
 * roles and flags are read from the database on every request, so a role change, a flag
 * switched off or a removed member takes effect on the very next request; only the
 * rebuild of the same ability from the same inputs is saved. Abilities are never
 * updated after build() (nothing calls ability.update), so sharing one is safe.
 */
const abilities = new LRUCache<string, AppAbility>({ max: 1_000 });

export function abilityFor(roles: readonly string[], featureFlags: FeatureFlags): AppAbility {
  const key = JSON.stringify(["role", roles, featureFlags]);
  let ability = abilities.get(key);
  if (!ability) {
    ability = defineAbilityFor(roles, featureFlags);
    abilities.set(key, ability);
  }
  return ability;
}

export function abilityForApiKey(scopes: readonly ApiKeyScope[]): AppAbility {
  const key = JSON.stringify(["key", scopes]);
  let ability = abilities.get(key);
  if (!ability) {
    ability = defineApiKeyAbility(scopes);
    abilities.set(key, ability);
  }
  return ability;
}

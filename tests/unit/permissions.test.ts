import { describe, expect, test } from "vitest";
import { ACTIONS, defineAbilityFor, defineApiKeyAbility, highestRank, SUBJECTS } from "../../core/domain/permissions";
import { SPEC_ROLES, specAllows } from "./spec-role-table";

const concreteSubjects = SUBJECTS.filter((s) => s !== "all");

describe("the role table (which role may do what)", () => {
  for (const role of SPEC_ROLES) {
    for (const subject of concreteSubjects) {
      for (const action of ACTIONS) {
        const allowed = specAllows(role, action, subject);
        test(`${role} ${allowed ? "may" : "may not"} ${action} ${subject}`, () => {
          expect(defineAbilityFor([role]).can(action, subject)).toBe(allowed);
        });
      }
    }
  }
});

describe("roles add up", () => {
  test("user plus administrator has the administrator's preset rights and the user's report rights", () => {
    const ability = defineAbilityFor(["user", "administrator"]);
    expect(ability.can("create", "labelPreset")).toBe(true);
    expect(ability.can("update", "labelReport")).toBe(true);
  });

  test("an unknown role name grants nothing", () => {
    const ability = defineAbilityFor(["superuser"]);
    for (const subject of concreteSubjects)
      for (const action of ACTIONS) expect(ability.can(action, subject)).toBe(false);
  });
});

describe("the LABEL_REPORT_TRIM feature flag", () => {
  test("grants trim on label reports when on", () => {
    expect(defineAbilityFor(["user"], { LABEL_REPORT_TRIM: true }).can("trim", "labelReport")).toBe(true);
  });

  test("grants nothing when off, whatever the role", () => {
    for (const role of SPEC_ROLES)
      expect(defineAbilityFor([role], { LABEL_REPORT_TRIM: false }).can("trim", "labelReport")).toBe(false);
  });
});

describe("role rank", () => {
  test("systemAdmin outranks distributorAdmin, which outranks administrator, which outranks user", () => {
    expect(highestRank(["systemAdmin"])).toBeGreaterThan(highestRank(["distributorAdmin"]));
    expect(highestRank(["distributorAdmin"])).toBeGreaterThan(highestRank(["administrator"]));
    expect(highestRank(["administrator"])).toBeGreaterThan(highestRank(["user"]));
  });

  test("the rank of several roles is the highest of them", () => {
    expect(highestRank(["user", "administrator"])).toBe(highestRank(["administrator"]));
  });
});

describe("signing a QA disposition (labelReport approve)", () => {
  test("administrators, distributor administrators and system administrators may sign", () => {
    for (const role of ["administrator", "distributorAdmin", "systemAdmin"])
      expect(defineAbilityFor([role]).can("approve", "labelReport"), role).toBe(true);
  });

  test("a user, handler or sub-handler may not sign, even with every feature flag on", () => {
    const flags = { LABEL_REPORT_TRIM: true, API_KEYS: true, CUSTOM_FIELDS: true };
    for (const role of ["user", "handler", "subHandler"])
      expect(defineAbilityFor([role], flags).can("approve", "labelReport"), role).toBe(false);
  });

  test("an API key may not sign", () => {
    expect(defineApiKeyAbility().can("approve", "labelReport")).toBe(false);
  });
});

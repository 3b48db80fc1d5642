import { describe, expect, it } from "vitest";
import { defineAbilityFor } from "../../core/domain/permissions";
import { FORBIDDEN_PATH, guardRedirect, routeNameOf } from "../../core/domain/route-guards";

const canAs = (roles: string[]) => {
  const ability = defineAbilityFor(roles);
  return (action: Parameters<typeof ability.can>[0], subject: Parameters<typeof ability.can>[1]) =>
    ability.can(action, subject);
};
const nobody = () => false;
const everybody = () => true;

describe("route guards: which routes a person may open, and where the others send them", () => {
  it("a route name is its path with dashes", () => {
    expect(routeNameOf("/settings/company-settings/general")).toBe("settings-company-settings-general");
    expect(routeNameOf("/label-reports/abc/")).toBe("label-reports-abc");
  });

  it("a route with no name goes to /", () => expect(guardRedirect("", everybody)).toBe("/"));
  it("maintenance goes to /", () => expect(guardRedirect("maintenance", everybody)).toBe("/"));

  it("a label-reports route without read label reports goes to /settings", () => {
    expect(guardRedirect("label-reports", nobody)).toBe("/settings");
    expect(guardRedirect("label-reports-filters", nobody)).toBe("/settings");
  });

  it("the alarms inbox without read label reports goes to /settings", () => {
    expect(guardRedirect("alarms", nobody)).toBe("/settings");
    expect(guardRedirect("alarms", everybody)).toBeNull();
  });

  it("the needs-attention page without read label reports goes to /settings", () => {
    expect(guardRedirect("needs-attention", nobody)).toBe("/settings");
    expect(guardRedirect("needs-attention", everybody)).toBeNull();
  });

  for (const [name, role] of [
    ["label-presets-pharma-2-8", "administrator"],
    ["users-invite", "administrator"],
    ["settings-company-settings-general", "administrator"],
    ["sub-companies-create", "distributorAdmin"],
    ["settings-audit-trail", "administrator"],
    ["settings-audit-trail", "distributorAdmin"],
  ] as const) {
    it(`${name} opens for ${role}, who holds its permission`, () =>
      expect(guardRedirect(name, canAs([role]))).toBeNull());
  }

  for (const name of [
    "label-presets",
    "users",
    "settings-company-settings-general",
    "settings-custom-fields",
    "settings-api-keys",
    "settings-webhooks",
    "settings-audit-trail",
    "sub-companies",
  ]) {
    it(`${name} without its permission goes to /`, () => expect(guardRedirect(name, nobody)).toBe("/"));
  }

  it("a user cannot open the audit trail (reading the log is for administrators)", () => {
    expect(guardRedirect("settings-audit-trail", canAs(["user"]))).toBe("/");
  });

  it("a user cannot open label presets (read label presets is not theirs)", () => {
    expect(guardRedirect("label-presets", canAs(["user"]))).toBe("/");
  });

  it("a route matching no fragment opens", () =>
    expect(guardRedirect("settings-profile-personal-details", nobody)).toBeNull());

  for (const [name, role] of [
    ["users-invite", "user"],
    ["users-pending-invites", "user"],
    ["label-presets-create", "handler"],
  ] as const) {
    it(`a ${role} typing the URL of ${name}, which they may not use, gets the 403 page`, () =>
      expect(guardRedirect(name, canAs([role]))).toBe(FORBIDDEN_PATH));
  }

  it("a preset whose slug starts with create opens for a role that may only read presets", () =>
    expect(guardRedirect("label-presets-create-cold-chain", canAs(["handler"]))).toBeNull());
});

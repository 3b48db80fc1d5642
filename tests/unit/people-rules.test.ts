import { describe, expect, it } from "vitest";
import { canGrant, dropsOwnLastAdministratorRole, grantableRoles } from "../../core/domain/role-rules";
import { timeLeftText } from "../../src/components/global/impersonation-banner/time-left";
import { rolesInSentence, rolesText } from "../../src/pages/auth/invitation";
import { companyPayload, formFieldOf } from "../../src/resources/people/company-form";

describe("who may give which role", () => {
  it("an administrator may give administrator and the roles below, never distributorAdmin or systemAdmin", () => {
    expect(grantableRoles(["administrator"]).sort()).toEqual(["administrator", "handler", "subHandler", "user"]);
    expect(canGrant(["administrator"], ["user", "systemAdmin"])).toBe(false);
  });

  it("a user outranks nobody: only user, handler and subHandler are within reach", () => {
    expect(canGrant(["user"], ["administrator"])).toBe(false);
    expect(grantableRoles(["user"]).sort()).toEqual(["handler", "subHandler", "user"]);
  });

  it("roles add up: the highest role held decides", () => {
    expect(canGrant(["user", "distributorAdmin"], ["distributorAdmin"])).toBe(true);
  });

  it("dropping every administrator role of one's own is the last-administrator case", () => {
    expect(dropsOwnLastAdministratorRole(["administrator", "user"], ["user"])).toBe(true);
    expect(dropsOwnLastAdministratorRole(["systemAdmin"], ["administrator"])).toBe(false);
    expect(dropsOwnLastAdministratorRole(["user"], ["handler"])).toBe(false);
  });
});

describe("the impersonation banner's time left", () => {
  const now = Date.parse("2026-11-22T10:00:00Z");
  it("shows whole minutes while there is time, then minutes and seconds near the end", () => {
    expect(timeLeftText(now + 59 * 60_000 + 30_000, now)).toBe("59 min left");
    expect(timeLeftText(now + 2 * 60_000 + 5_000, now)).toBe("2 min 05 s left");
    expect(timeLeftText(now + 90 * 60_000, now)).toBe("1 h 30 min left");
  });
  it("says ended once the expiry has passed", () => {
    expect(timeLeftText(now - 1, now)).toBe("ended");
  });
});

describe("the company form", () => {
  it("sends an address only when its first line is filled in, taking the company's city and country by default", () => {
    expect(companyPayload({ name: " Fjord ", city: "Bergen", country: "Norway" })).toEqual({
      name: "Fjord",
      city: "Bergen",
      country: "Norway",
    });
    expect(
      companyPayload({ name: "Fjord", city: "Bergen", country: "Norway", line1: "Bryggen 1", postalCode: "5003" })
        .addresses,
    ).toEqual([{ label: "Main", line1: "Bryggen 1", postalCode: "5003", city: "Bergen", country: "Norway" }]);
  });
  it("puts the server's field errors on the form's fields", () => {
    expect(formFieldOf("/addresses/0/postalCode")).toBe("postalCode");
    expect(formFieldOf("administratorEmail")).toBe("administratorEmail");
    expect(formFieldOf("name")).toBe("name");
  });
});

describe("how roles are written for people", () => {
  it("a role on a line of its own reads as its label, never the API's name", () => {
    expect(rolesText(["administrator", "distributorAdmin"])).toBe("Administrator and Distributor admin");
  });

  it("roles inside a sentence read in lower case, still by their label", () => {
    expect(rolesInSentence(["user", "subHandler"])).toBe("user and sub-handler");
  });
});

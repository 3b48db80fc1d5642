import { describe, expect, test } from "vitest";
import { auditActorLabel } from "../../src/domain/audit-actor";

describe("who a customer's audit trail names", () => {
  test("an impersonated change reads 'ColdChain support (on behalf of <name>)'", () => {
    expect(auditActorLabel({ firstName: "Hanna", lastName: "Berg", email: "hanna@customer.example" }, true)).toBe(
      "ColdChain support (on behalf of Hanna Berg)",
    );
  });

  test("without a name the person's e-mail stands in; the person's own change shows them", () => {
    expect(auditActorLabel({ firstName: "", lastName: "", email: "hanna@customer.example" }, true)).toBe(
      "ColdChain support (on behalf of hanna@customer.example)",
    );
    expect(auditActorLabel({ firstName: "Hanna", lastName: null, email: "hanna@customer.example" }, false)).toBe(
      "Hanna",
    );
  });
});

import { describe, expect, test } from "vitest";
import { auditActorLabel } from "../../core/domain/audit-actor";

describe("who a customer's audit trail names", () => {
  test("an impersonated change reads 'ColdChain support (on behalf of <name>)'", () => {
    expect(auditActorLabel({ firstName: "Hanna", lastName: "Berg", email: "hanna@customer.example" }, true)).toBe(
      "ColdChain support (on behalf of Hanna Berg)",
    );
  });

  test("a person's own change names them and their e-mail, so two people of one name are told apart", () => {
    expect(auditActorLabel({ firstName: "Hanna", lastName: "Berg", email: "hanna@customer.example" }, false)).toBe(
      "Hanna Berg (hanna@customer.example)",
    );
  });

  test("without a name the person's e-mail stands in", () => {
    expect(auditActorLabel({ firstName: "", lastName: "", email: "hanna@customer.example" }, true)).toBe(
      "ColdChain support (on behalf of hanna@customer.example)",
    );
    expect(auditActorLabel({ firstName: null, lastName: null, email: "hanna@customer.example" }, false)).toBe(
      "hanna@customer.example",
    );
  });
});

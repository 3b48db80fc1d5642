import { describe, expect, test } from "vitest";
import { auditActorLabel, personName, userName } from "../../core/domain/audit-actor";

describe("who a customer's audit trail names", () => {
  test("an impersonated change reads 'ColdChain support (on behalf of <name>)'", () => {
    expect(auditActorLabel({ firstName: "Hanna", lastName: "Berg", email: "hanna@customer.example" }, true)).toBe(
      "ColdChain support (on behalf of Hanna Berg)",
    );
  });

  test("an impersonated change names the support person by name: 'ColdChain support — <operator> (on behalf of <name>)'", () => {
    expect(
      auditActorLabel({ firstName: "Hanna", lastName: "Berg", email: "hanna@customer.example" }, true, {
        firstName: "Olga",
        lastName: "Operator",
        email: "olga@operator.example",
      }),
    ).toBe("ColdChain support — Olga Operator (on behalf of Hanna Berg)");
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

describe("how a person is named", () => {
  test("a person is named by their first and last name, or by the one part they gave", () => {
    expect(personName({ firstName: "Hanna", lastName: "Berg", email: "hanna@customer.example" })).toBe("Hanna Berg");
    expect(personName({ firstName: null, lastName: "Berg", email: "hanna@customer.example" })).toBe("Berg");
  });

  test("a person without a name is named by their e-mail", () => {
    expect(personName({ firstName: "", lastName: undefined, email: "hanna@customer.example" })).toBe(
      "hanna@customer.example",
    );
  });

  test("a listed user without a name is shown by their e-mail", () => {
    expect(userName({ name: "Hanna Berg", email: "hanna@customer.example" })).toBe("Hanna Berg");
    expect(userName({ name: "  ", email: "hanna@customer.example" })).toBe("hanna@customer.example");
  });
});

import type { Role } from "../../core/domain/roles";

/**
 * The demo accounts that `npm start` prints and the README lists. Every demo account
 * signs in with the same password; the data behind them is in people.ts.
 */

export const DEMO_PASSWORD = "ColdChain-2026";

export interface DemoAccount {
  email: string;
  /** The role in the company named next to it. */
  role: Role;
  companyName: string;
  /** Roles in further companies (the company switch). */
  alsoIn?: readonly { role: Role; companyName: string }[];
  /** One line for the start-up banner. */
  description: string;
}

export const OPERATOR_COMPANY = "ColdChain Operations";
export const DISTRIBUTOR_COMPANY = "Nordic Cold Logistics";
export const MAIN_CUSTOMER_COMPANY = "Meridian Pharma GmbH";
export const SUB_COMPANY_OF_MULTI = "Aurora Biologics AB";

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: "system@demo.example",
    role: "systemAdmin",
    companyName: OPERATOR_COMPANY,
    description: `systemAdmin in ${OPERATOR_COMPANY} (control center, impersonation)`,
  },
  {
    email: "distributor@demo.example",
    role: "distributorAdmin",
    companyName: DISTRIBUTOR_COMPANY,
    description: `distributorAdmin in ${DISTRIBUTOR_COMPANY} (three sub-companies)`,
  },
  {
    email: "admin@demo.example",
    role: "administrator",
    companyName: MAIN_CUSTOMER_COMPANY,
    description: `administrator in ${MAIN_CUSTOMER_COMPANY} (LABEL_REPORT_TRIM on)`,
  },
  {
    email: "user@demo.example",
    role: "user",
    companyName: MAIN_CUSTOMER_COMPANY,
    description: `user in ${MAIN_CUSTOMER_COMPANY} (LABEL_REPORT_TRIM off)`,
  },
  {
    email: "multi@demo.example",
    role: "administrator",
    companyName: SUB_COMPANY_OF_MULTI,
    alsoIn: [{ role: "user", companyName: MAIN_CUSTOMER_COMPANY }],
    description: `administrator in ${SUB_COMPANY_OF_MULTI} and user in ${MAIN_CUSTOMER_COMPANY} (company switch)`,
  },
];

import type { Address, Billing } from "../../core/api/company-settings";
import type { CompanyType } from "../../core/domain/resources";
import type { Role } from "../../core/domain/roles";
import { DISTRIBUTOR_COMPANY, MAIN_CUSTOMER_COMPANY, OPERATOR_COMPANY, SUB_COMPANY_OF_MULTI } from "./accounts";

/**
 * The demo companies and their people. Names, addresses and VAT numbers are made up
 * but shaped like the real thing; e-mail domains end in .example so nothing is ever
 * delivered.
 */

interface SeedPerson {
  firstName: string;
  lastName: string;
  email: string;
  roles: Role[];
  phone?: string;
  /** Invited but never signed up: no password. */
  invited?: boolean;
  /** Granted in this company only (a person listed in two companies has a grant in each). */
  featureFlags?: Record<string, boolean>;
}

export interface SeedCustomField {
  key: string;
  name: string;
  type: "text" | "number" | "date" | "select";
  options?: string[];
  required?: boolean;
  /** Its values are in the report's hashed record (core/domain/record-fields.ts). */
  partOfRecord?: boolean;
}

export interface SeedCompany {
  name: string;
  type: CompanyType;
  /** The distributor's name, for sub-companies. */
  parent?: string;
  city: string;
  country: string;
  timeZone: string;
  addresses: Address[];
  billing: Billing;
  people: SeedPerson[];
  /** Relative share of the label reports. */
  reportWeight: number;
  customFields: SeedCustomField[];
  /** Typical lanes: [origin, destination]. */
  lanes: [string, string][];
}

const TRIM_ON = { LABEL_REPORT_TRIM: true };
/** The demo administrator also manages API keys and custom fields (feature flags, granted per membership). */
const ADMIN_FLAGS = { ...TRIM_ON, API_KEYS: true, CUSTOM_FIELDS: true };
const TRIM_OFF = { LABEL_REPORT_TRIM: false };

const address = (label: string, line1: string, postalCode: string, city: string, country: string): Address => ({
  label,
  line1,
  postalCode,
  city,
  country,
});

const MULTI: SeedPerson = {
  firstName: "Sophie",
  lastName: "Laurent",
  email: "multi@demo.example",
  roles: ["administrator"],
  phone: "+46 8 555 010 44",
};

export const SEED_COMPANIES: readonly SeedCompany[] = [
  {
    name: OPERATOR_COMPANY,
    type: "operator",
    city: "Amsterdam",
    country: "Netherlands",
    timeZone: "Europe/Amsterdam",
    addresses: [address("Head office", "Stadhouderskade 55", "1072 AB", "Amsterdam", "Netherlands")],
    billing: {
      vatNumber: "NL859612345B01",
      email: "finance@coldchain-ops.example",
      address: address("Billing", "Stadhouderskade 55", "1072 AB", "Amsterdam", "Netherlands"),
      paymentBrand: "sepa",
    },
    people: [
      {
        firstName: "Maarten",
        lastName: "de Vries",
        email: "system@demo.example",
        roles: ["systemAdmin"],
        phone: "+31 20 555 0101",
      },
      {
        firstName: "Eva",
        lastName: "Kuijpers",
        email: "eva.kuijpers@coldchain-ops.example",
        roles: ["systemAdmin"],
      },
      {
        firstName: "Ruben",
        lastName: "Bakker",
        email: "ruben.bakker@coldchain-ops.example",
        roles: ["systemAdmin"],
        invited: true,
      },
    ],
    reportWeight: 0,
    customFields: [],
    lanes: [],
  },
  {
    name: DISTRIBUTOR_COMPANY,
    type: "distributor",
    city: "Copenhagen",
    country: "Denmark",
    timeZone: "Europe/Copenhagen",
    addresses: [
      address("Head office", "Kalvebod Brygge 39", "1560", "Copenhagen", "Denmark"),
      address("Cold store", "Køgevej 172", "2630", "Taastrup", "Denmark"),
    ],
    billing: {
      vatNumber: "DK31847562",
      email: "invoices@nordiccold.example",
      address: address("Billing", "Kalvebod Brygge 39", "1560", "Copenhagen", "Denmark"),
      paymentBrand: "mastercard",
    },
    people: [
      {
        firstName: "Lars",
        lastName: "Henriksen",
        email: "distributor@demo.example",
        roles: ["distributorAdmin"],
        phone: "+45 33 55 01 02",
      },
      {
        firstName: "Mette",
        lastName: "Sørensen",
        email: "mette.sorensen@nordiccold.example",
        roles: ["administrator"],
      },
      { firstName: "Jonas", lastName: "Lund", email: "jonas.lund@nordiccold.example", roles: ["user"] },
      {
        firstName: "Freja",
        lastName: "Madsen",
        email: "freja.madsen@nordiccold.example",
        roles: ["handler"],
        invited: true,
      },
    ],
    reportWeight: 30,
    customFields: [{ key: "customerOrder", name: "Customer order", type: "text" }],
    lanes: [
      ["Copenhagen", "Aarhus"],
      ["Copenhagen", "Stockholm"],
      ["Taastrup", "Oslo"],
      ["Copenhagen", "Hamburg"],
    ],
  },
  {
    name: SUB_COMPANY_OF_MULTI,
    type: "customer",
    parent: DISTRIBUTOR_COMPANY,
    city: "Stockholm",
    country: "Sweden",
    timeZone: "Europe/Stockholm",
    addresses: [address("Head office", "Banérgatan 16", "115 23", "Stockholm", "Sweden")],
    billing: {
      vatNumber: "SE556789012301",
      email: "ap@aurorabio.example",
      address: address("Billing", "Banérgatan 16", "115 23", "Stockholm", "Sweden"),
      paymentBrand: "visa",
    },
    people: [
      MULTI,
      { firstName: "Karin", lastName: "Ekström", email: "karin.ekstrom@aurorabio.example", roles: ["administrator"] },
      { firstName: "Erik", lastName: "Johansson", email: "erik.johansson@aurorabio.example", roles: ["user"] },
      {
        firstName: "Linnea",
        lastName: "Berg",
        email: "linnea.berg@aurorabio.example",
        roles: ["user"],
        invited: true,
      },
    ],
    reportWeight: 70,
    customFields: [
      { key: "batchNumber", name: "Batch number", type: "text", required: true },
      {
        key: "product",
        name: "Product",
        type: "select",
        options: ["Monoclonal antibody", "Plasma fraction", "CAR-T cell therapy", "Enzyme replacement"],
      },
    ],
    lanes: [
      ["Stockholm", "Gothenburg"],
      ["Uppsala", "Copenhagen"],
      ["Stockholm", "Frankfurt am Main"],
      ["Stockholm", "Boston"],
    ],
  },
  {
    name: "Helsinki Pharma Distribution Oy",
    type: "customer",
    parent: DISTRIBUTOR_COMPANY,
    city: "Helsinki",
    country: "Finland",
    timeZone: "Europe/Helsinki",
    addresses: [address("Head office", "Mannerheimintie 12", "00100", "Helsinki", "Finland")],
    billing: {
      vatNumber: "FI27845613",
      email: "laskut@hpd.example",
      address: address("Billing", "Mannerheimintie 12", "00100", "Helsinki", "Finland"),
      paymentBrand: "sepa",
    },
    people: [
      { firstName: "Mikko", lastName: "Virtanen", email: "mikko.virtanen@hpd.example", roles: ["administrator"] },
      { firstName: "Aino", lastName: "Korhonen", email: "aino.korhonen@hpd.example", roles: ["user"] },
      { firstName: "Juha", lastName: "Mäkinen", email: "juha.makinen@hpd.example", roles: ["subHandler"] },
    ],
    reportWeight: 50,
    customFields: [
      { key: "batchNumber", name: "Batch number", type: "text" },
      { key: "product", name: "Product", type: "select", options: ["Insulin", "Vaccines", "Oncology", "Generics"] },
    ],
    lanes: [
      ["Helsinki", "Tampere"],
      ["Helsinki", "Oulu"],
      ["Vantaa", "Tallinn"],
      ["Helsinki", "Stockholm"],
    ],
  },
  {
    name: "Fjordline Seafood AS",
    type: "customer",
    parent: DISTRIBUTOR_COMPANY,
    city: "Bergen",
    country: "Norway",
    timeZone: "Europe/Oslo",
    addresses: [
      address("Head office", "Bryggen 11", "5003", "Bergen", "Norway"),
      address("Packing plant", "Kokstadflaten 35", "5257", "Kokstad", "Norway"),
    ],
    billing: {
      vatNumber: "NO918273645MVA",
      email: "faktura@fjordline-seafood.example",
      address: address("Billing", "Bryggen 11", "5003", "Bergen", "Norway"),
      paymentBrand: "amex",
    },
    people: [
      {
        firstName: "Ingrid",
        lastName: "Haugen",
        email: "ingrid.haugen@fjordline-seafood.example",
        roles: ["administrator"],
      },
      { firstName: "Ola", lastName: "Nilsen", email: "ola.nilsen@fjordline-seafood.example", roles: ["user"] },
    ],
    reportWeight: 50,
    customFields: [
      { key: "batchNumber", name: "Catch lot", type: "text" },
      {
        key: "product",
        name: "Product",
        type: "select",
        options: ["Atlantic salmon", "Cod fillet", "King crab", "Blue mussels"],
      },
    ],
    lanes: [
      ["Bergen", "Paris"],
      ["Ålesund", "Rotterdam"],
      ["Bergen", "Oslo"],
      ["Oslo", "Tokyo"],
    ],
  },
  {
    name: MAIN_CUSTOMER_COMPANY,
    type: "customer",
    city: "Frankfurt am Main",
    country: "Germany",
    timeZone: "Europe/Berlin",
    addresses: [
      address("Head office", "Mainzer Landstraße 176", "60327", "Frankfurt am Main", "Germany"),
      address("Distribution centre", "Cargo City Süd, Gebäude 537", "60549", "Frankfurt am Main", "Germany"),
    ],
    billing: {
      vatNumber: "DE298765431",
      email: "kreditoren@meridian-pharma.example",
      address: address("Billing", "Mainzer Landstraße 176", "60327", "Frankfurt am Main", "Germany"),
      paymentBrand: "sepa",
    },
    people: [
      {
        firstName: "Anna",
        lastName: "Weber",
        email: "admin@demo.example",
        roles: ["administrator"],
        phone: "+49 69 5550 1001",
        featureFlags: ADMIN_FLAGS,
      },
      {
        firstName: "Thomas",
        lastName: "Müller",
        email: "user@demo.example",
        roles: ["user"],
        phone: "+49 69 5550 1002",
        featureFlags: TRIM_OFF,
      },
      { ...MULTI, roles: ["user"] },
      {
        firstName: "Julia",
        lastName: "Schneider",
        email: "julia.schneider@meridian-pharma.example",
        roles: ["administrator"],
      },
      { firstName: "Lukas", lastName: "Fischer", email: "lukas.fischer@meridian-pharma.example", roles: ["user"] },
      { firstName: "Daniel", lastName: "Wagner", email: "daniel.wagner@meridian-pharma.example", roles: ["handler"] },
      {
        firstName: "Sarah",
        lastName: "Becker",
        email: "sarah.becker@meridian-pharma.example",
        roles: ["user"],
        invited: true,
      },
    ],
    reportWeight: 300,
    customFields: [
      { key: "batchNumber", name: "Batch number", type: "text", required: true },
      {
        key: "product",
        name: "Product",
        type: "select",
        options: ["Insulin glargine", "Adalimumab", "Influenza vaccine", "Etanercept", "Paracetamol IV"],
        partOfRecord: true,
      },
      { key: "shipmentValue", name: "Shipment value (EUR)", type: "number" },
    ],
    lanes: [
      ["Frankfurt am Main", "Munich"],
      ["Frankfurt am Main", "Vienna"],
      ["Frankfurt am Main", "Madrid"],
      ["Marburg", "Paris"],
      ["Frankfurt am Main", "New York"],
      ["Frankfurt am Main", "Singapore"],
      ["Basel", "Frankfurt am Main"],
      ["Frankfurt am Main", "Warsaw"],
    ],
  },
];

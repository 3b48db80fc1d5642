export * from "./country-icons";
export * from "./measurement-icons";
export * from "./payment-icons";

import { initSuperTokens } from "./supertokens";

// The session layer must see every request the dashboard makes to the API: imported first by src/App.tsx.
initSuperTokens();

import "@ant-design/v5-patch-for-react-19";
import "@refinedev/antd/dist/reset.css";
import "./providers/dayjs";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { preloadRouteChunk } from "./components/routing/preload-route";
import { initSuperTokens } from "./providers/auth/supertokens";

// Before the first render: the session layer must see every request to the API.
initSuperTokens();
// In parallel with the session check: the landing page's chunk.
preloadRouteChunk(window.location.pathname);

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

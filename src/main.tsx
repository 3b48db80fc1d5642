import "@ant-design/v5-patch-for-react-19";
import "@refinedev/antd/dist/reset.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { preloadRouteChunk } from "./components/routing/preload-route";
import { Root } from "./root";

// In parallel with the dashboard app's chunk and its session check: the landing page's chunk.
preloadRouteChunk(window.location.pathname);

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);

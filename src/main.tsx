import "@ant-design/v5-patch-for-react-19";
import "@refinedev/antd/dist/reset.css";
import "./providers/dayjs";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

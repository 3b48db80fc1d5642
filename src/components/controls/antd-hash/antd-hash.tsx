import { theme } from "antd";
import { createContext, type ReactNode, useContext } from "react";

/**
 * antd's style sheet scopes each rule to its theme's hash class (`:where(.css-…)`), which
 * its components put on their elements. Markup that borrows antd's classes without the
 * component (a list's tags, the tables) needs that class too: read once here for the whole
 * app instead of by every tag (antd's own Tag computes it and three style sheets per tag).
 */
const AntdHashContext = createContext("");

export function AntdHashProvider({ children }: { children: ReactNode }) {
  const { hashId } = theme.useToken();
  return <AntdHashContext.Provider value={hashId}>{children}</AntdHashContext.Provider>;
}

/** The theme's hash class, for an element styled by antd's classes. */
export const useAntdHash = () => useContext(AntdHashContext);

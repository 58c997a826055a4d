import { createElement, createContext, useContext } from "react";

/**
 * Parts of the document only the server has, given by entry.server.tsx: the shopper pages' CSS
 * (app/utils/shop-styles.server.ts) and, on the error page, the request's reference line in the page's language
 * (issue 17: the id that finds the request's log lines).
 */
export type ServerHtml = { "shop-styles": string; "request-reference": string };
export const ServerHtmlContext = createContext<ServerHtml | null>(null);

/**
 * The server's HTML for `id`. In the browser it is read back from the page, so hydration and every later render give
 * the element the same content and leave it alone, and the browser's JavaScript carries neither the CSS nor the words.
 * An element the page does not have (an error page the browser renders itself) is left out.
 */
export function ServerHtml({ id, as }: { id: keyof ServerHtml; as: "style" | "p" }) {
  const html = useContext(ServerHtmlContext)?.[id] ?? document.getElementById(id)?.innerHTML;
  return html || as === "style" ? createElement(as, { id, dangerouslySetInnerHTML: { __html: html ?? "" } }) : null;
}

import { createContext, useContext } from "react";

/** The shopper pages' CSS, which only the server has (app/utils/shop-styles.server.ts, given by entry.server.tsx). */
export const ShopStylesContext = createContext<string | null>(null);

const ELEMENT_ID = "shop-styles";
let stylesInPage: string | undefined;

/**
 * The shop's CSS written into the document. In the browser the text is the one the server wrote: it is read back
 * from the page once, so hydration and every later render give the element the same content and leave it alone.
 */
export function ShopStyles() {
  const fromServer = useContext(ShopStylesContext);
  const css = fromServer ?? (stylesInPage ??= document.getElementById(ELEMENT_ID)?.textContent ?? "");
  return <style id={ELEMENT_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}

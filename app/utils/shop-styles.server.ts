import fs from "node:fs";
import path from "node:path";
import accountStyles from "~/styles/account.css";
import appStyles from "~/styles/app.css";
import checkoutStyles from "~/styles/checkout.css";
import shopStyles from "~/styles/shop.css";

let styles: string | undefined;

/**
 * Every shopper page's CSS, as the build wrote it (about 20 KB, 5 KB compressed), for the document's own <style>.
 * As separate stylesheets they held back the first paint by a round trip on a phone (Lighthouse FCP about 2 s on
 * every page); written into the page, the first paint needs nothing but the HTML. Read from the build once, from
 * where the server serves /build (server/serve.ts).
 */
export function shopStylesText(): string {
  styles ??= [appStyles, shopStyles, accountStyles, checkoutStyles]
    .map((href) => fs.readFileSync(path.join("public", href), "utf8"))
    .join("\n");
  return styles;
}

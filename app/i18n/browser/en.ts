import { common } from "../locales/en/common";
import { shop } from "../locales/en/shop";

/**
 * What every page needs in the browser in this language: the shell and the catalogue. Loaded on its own by
 * app/entry.client.tsx, so a page carries one language; the account, checkout and administration texts come with
 * their routes (app/i18n/browser/areas/).
 */
export const messages = { ...common, ...shop };

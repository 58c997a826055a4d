import { LRI, PDI } from "~/shared/bidi";
import { escapeHtml } from "~/utils/html";

const ISLAND = new RegExp(`${LRI}([^${PDI}]*)${PDI}`, "g");

/**
 * A mail's text line as HTML: escaped, and each left-to-right island of the text (`bidiIsolate`, issue 28) as a span
 * that mail clients without the isolate characters still lay out left to right and on one line.
 */
export function htmlLine(text: string): string {
  return escapeHtml(text).replace(ISLAND, '<span dir="ltr" style="unicode-bidi:isolate;white-space:nowrap">$1</span>');
}

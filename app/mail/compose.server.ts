import { escapeHtml } from "~/utils/html";

const slot = (name: string) => `\u0000${name}\u0000`;

function slotsFor<K extends string>(values: Record<K, string>): Record<K, string> {
  return Object.fromEntries(Object.keys(values).map((name) => [name, slot(name)])) as Record<K, string>;
}

function fill(text: string, values: Record<string, string>): string {
  let filled = text;
  for (const [name, value] of Object.entries(values)) filled = filled.split(slot(name)).join(value);
  return filled;
}

/**
 * A text of the locale files with its values put in. i18next words the sentence around a marker per value and the
 * values go in afterwards, as they are: i18next's own interpolation reads "$&" or "$'" in a value (a shopper's name,
 * notes) as a replacement pattern.
 */
export function wordText<K extends string>(say: (slots: Record<K, string>) => string, values: Record<K, string>): string {
  return fill(say(slotsFor(values)), values);
}

/**
 * The same as HTML: the sentence escaped (by `escape`: `escapeHtml`, or `htmlLine` for a line that may hold
 * left-to-right islands), each value put in as the HTML given for it.
 */
export function wordHtml<K extends string>(say: (slots: Record<K, string>) => string, html: Record<K, string>, escape: (text: string) => string = escapeHtml): string {
  return fill(escape(say(slotsFor(html))), html);
}

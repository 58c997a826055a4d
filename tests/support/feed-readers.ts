/**
 * Readers of the product feeds for the tests, written from the formats themselves rather than from the shop's writer:
 * Google's RSS 2.0 with `g:` elements (every element closed, the five XML entities and numeric references read back)
 * and RFC 4180 CSV (quoted fields, doubled quotes, CRLF between records).
 */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function xmlText(raw: string): string {
  if (/<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(raw)) throw new Error(`Not XML text: ${raw}`);
  return raw.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (_, name: string) =>
    name.startsWith("#x") || name.startsWith("#X") ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith("#") ? String.fromCodePoint(Number(name.slice(1))) : ENTITIES[name],
  );
}

export type GoogleFeed = { namespace: string | null; channel: Record<string, string>; items: Record<string, string>[] };

/** The channel's own elements and each item's `g:` fields, by name without the prefix; throws on what is not XML. */
export function readGoogleFeed(xml: string): GoogleFeed {
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) throw new Error("No XML declaration");
  const rss = /<rss version="2\.0"([^>]*)>([\s\S]*)<\/rss>\s*$/.exec(xml);
  if (!rss) throw new Error("No <rss version=\"2.0\"> root");
  const namespace = /xmlns:g="([^"]+)"/.exec(rss[1])?.[1] ?? null;
  const channel = /^\s*<channel>([\s\S]*)<\/channel>\s*$/.exec(rss[2]);
  if (!channel) throw new Error("No <channel>");
  const items: Record<string, string>[] = [];
  const own: Record<string, string> = {};
  const rest = channel[1].replace(/<item>([\s\S]*?)<\/item>/g, (_, body: string) => {
    const fields: Record<string, string> = {};
    const left = body.replace(/<g:(\w+)>([^<]*)<\/g:\1>/g, (__, name: string, text: string) => {
      if (Object.hasOwn(fields, name)) throw new Error(`g:${name} twice in one item`);
      fields[name] = xmlText(text);
      return "";
    });
    if (left.trim()) throw new Error(`Unexpected content in an item: ${left}`);
    items.push(fields);
    return "";
  });
  const left = rest.replace(/<(\w+)>([^<]*)<\/\1>/g, (_, name: string, text: string) => {
    own[name] = xmlText(text);
    return "";
  });
  if (left.trim()) throw new Error(`Unexpected content in the channel: ${left}`);
  return { namespace, channel: own, items };
}

/** RFC 4180 records: fields in double quotes may hold commas, quotes (doubled) and line breaks. */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      index++;
    } else field += char;
  }
  if (field !== "" || record.length) records.push([...record, field]);
  return records;
}

/** The CSV's rows as objects keyed by its header. */
export function readCsvObjects(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header, ...records] = readCsv(text);
  return { header, rows: records.map((record) => Object.fromEntries(header.map((name, index) => [name, record[index]]))) };
}

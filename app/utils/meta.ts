import type { MetaDescriptor } from "@remix-run/node";

/** The title and description of a page, already translated by its loader. */
export function pageMeta({ title, description, siteName }: { title: string; description: string; siteName: string }): MetaDescriptor[] {
  return [
    { title: title === siteName ? title : `${title} | ${siteName}` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:site_name", content: siteName },
  ];
}

/** A legal page: shown section by section, each paragraph on its own, blank lines between them (SPEC section 2). */
export type LegalDocument = {
  title: string;
  description: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
};

/** Kuwait's six governorates, in the order the checkout lists them when no language order applies. */
export const GOVERNORATES = [
  { en: "Capital", ar: "العاصمة" },
  { en: "Hawalli", ar: "حولي" },
  { en: "Farwaniya", ar: "الفروانية" },
  { en: "Mubarak Al-Kabeer", ar: "مبارك الكبير" },
  { en: "Ahmadi", ar: "الأحمدي" },
  { en: "Jahra", ar: "الجهراء" },
] as const;

export type Governorate = (typeof GOVERNORATES)[number];

/** The governorate named by its English or Arabic name, as typed (case and surrounding spaces aside). */
export function findGovernorate(name: string): Governorate | undefined {
  const wanted = name.trim().toLowerCase();
  return GOVERNORATES.find((governorate) => governorate.en.toLowerCase() === wanted || governorate.ar === wanted);
}

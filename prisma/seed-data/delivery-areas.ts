// Delivery areas and fees from SPEC.md section 9, each in its governorate, and six areas the SPEC's list lacks
// (issue 43: Rumaithiya, Saad Al-Abdullah, Sabah Al-Ahmad, Fintas, Abu Halifa, Mubarak Al-Kabeer) at their
// neighbours' fee (docs/decisions/0076). English names are kept exactly as the SPEC writes them, because `nameEn` is
// the stable key the seed upserts by; Arabic names are spelled as Kuwaitis write them. Each of SPEC's fee groups is
// one governorate. This is a first start's data: after that the areas are the owner's (/admin/timsar/delivery-areas).
import { GOVERNORATES, type Governorate } from "../../app/shared/governorates";

export interface SeedDeliveryArea {
  nameEn: string;
  nameAr: string;
  /** Integer fils: 1 KD = 1000 fils. */
  feeFils: number;
  governorate: Governorate;
}

type AreaName = readonly [nameEn: string, nameAr: string];

function group(feeFils: number, governorateEn: Governorate["en"], names: readonly AreaName[]): SeedDeliveryArea[] {
  const governorate = GOVERNORATES.find((candidate) => candidate.en === governorateEn)!;
  return names.map(([nameEn, nameAr]) => ({ nameEn, nameAr, feeFils, governorate }));
}

/** The areas issue 43 found missing, added after SPEC's 64 (decision 0076). */
export const ADDED_AREAS = ["Rumaithiya", "Saad Al-Abdullah", "Sabah Al-Ahmad", "Fintas", "Abu Halifa", "Mubarak Al-Kabeer"];

export const DELIVERY_AREAS: readonly SeedDeliveryArea[] = [
  ...group(1500, "Capital", [
    ["Abdullah Al-Salem", "ضاحية عبدالله السالم"],
    ["Adailiya", "العديلية"],
    ["Da'iya", "الدعية"],
    ["Dasma", "الدسمة"],
    ["Dasman", "دسمان"],
    ["Doha", "الدوحة"],
    ["Faiha", "الفيحاء"],
    ["Granada", "غرناطة"],
    ["Kaifan", "كيفان"],
    ["Khaldiya", "الخالدية"],
    ["Mansouriya", "المنصورية"],
    ["Mirqab", "المرقاب"],
    ["Nuzha", "النزهة"],
    ["Qadsiya", "القادسية"],
    ["Qurtuba", "قرطبة"],
    ["Rawda", "الروضة"],
    ["Shamiya", "الشامية"],
    ["Shuwaikh", "الشويخ"],
    ["Sulaibikhat", "الصليبيخات"],
    ["Surra", "السرة"],
    ["Yarmouk", "اليرموك"],
  ]),
  ...group(1800, "Hawalli", [
    ["Anjafa", "أنجفة"],
    ["Bayan", "بيان"],
    ["Bidaa", "البدع"],
    ["Hawalli", "حولي"],
    ["Jabriya", "الجابرية"],
    ["Mishref", "مشرف"],
    ["Maidan Hawalli", "ميدان حولي"],
    ["Salmiya", "السالمية"],
    ["Salwa", "سلوى"],
    ["Shaab", "الشعب"],
    ["Zahra", "الزهراء"],
    ["Siddiq", "الصديق"],
  ]),
  ...group(2000, "Mubarak Al-Kabeer", [
    ["Abu Al-Hasaniya", "أبو الحصانية"],
    ["Abu Fatira", "أبو فطيرة"],
    ["Adan", "العدان"],
    ["Qurain", "القرين"],
    ["Qusour", "القصور"],
    ["Sabah Al-Salem", "صباح السالم"],
    ["Messeilah", "المسيلة"],
    ["Funaitees", "الفنيطيس"],
  ]),
  ...group(1700, "Farwaniya", [
    ["Ardiya", "العارضية"],
    ["Farwaniya", "الفروانية"],
    ["Jleeb Al-Shuyoukh", "جليب الشيوخ"],
    ["Khaitan", "خيطان"],
    ["Rabiya", "الرابية"],
    ["Rehab", "الرحاب"],
    ["Riggai", "الرقعي"],
    ["Ishbiliya", "إشبيلية"],
  ]),
  ...group(2200, "Ahmadi", [
    ["Ahmadi", "الأحمدي"],
    ["Fahaheel", "الفحيحيل"],
    ["Hadiya", "هدية"],
    ["Riqqa", "الرقة"],
    ["Sabahiya", "الصباحية"],
    ["Mangaf", "المنقف"],
    ["Mahboula", "المهبولة"],
    ["Eqaila", "العقيلة"],
  ]),
  ...group(2500, "Jahra", [
    ["Jahra", "الجهراء"],
    ["Naeem", "النعيم"],
    ["Naseem", "النسيم"],
    ["Oyoun", "العيون"],
    ["Taima", "تيماء"],
    ["Sulaibiya", "الصليبية"],
    ["Kabad", "كبد"],
  ]),
  ...group(1800, "Hawalli", [["Rumaithiya", "الرميثية"]]),
  ...group(2500, "Jahra", [["Saad Al-Abdullah", "سعد العبدالله"]]),
  ...group(2200, "Ahmadi", [
    ["Sabah Al-Ahmad", "صباح الأحمد"],
    ["Fintas", "الفنطاس"],
    ["Abu Halifa", "أبو حليفة"],
  ]),
  ...group(2000, "Mubarak Al-Kabeer", [["Mubarak Al-Kabeer", "مبارك الكبير"]]),
];

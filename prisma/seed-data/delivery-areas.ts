// Delivery areas and fees from SPEC.md section 9. English names are kept exactly as the SPEC writes them,
// because `nameEn` is the stable key the seed upserts by; Arabic names are spelled as Kuwaitis write them.
// `position` is the index in this list, so the checkout city select keeps the SPEC's order.

export interface SeedDeliveryArea {
  nameEn: string;
  nameAr: string;
  /** Integer fils: 1 KD = 1000 fils. */
  feeFils: number;
}

type AreaName = readonly [nameEn: string, nameAr: string];

function group(feeFils: number, names: readonly AreaName[]): SeedDeliveryArea[] {
  return names.map(([nameEn, nameAr]) => ({ nameEn, nameAr, feeFils }));
}

export const DELIVERY_AREAS: readonly SeedDeliveryArea[] = [
  ...group(1500, [
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
  ...group(1800, [
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
  ...group(2000, [
    ["Abu Al-Hasaniya", "أبو الحصانية"],
    ["Abu Fatira", "أبو فطيرة"],
    ["Adan", "العدان"],
    ["Qurain", "القرين"],
    ["Qusour", "القصور"],
    ["Sabah Al-Salem", "صباح السالم"],
    ["Messeilah", "المسيلة"],
    ["Funaitees", "الفنيطيس"],
  ]),
  ...group(1700, [
    ["Ardiya", "العارضية"],
    ["Farwaniya", "الفروانية"],
    ["Jleeb Al-Shuyoukh", "جليب الشيوخ"],
    ["Khaitan", "خيطان"],
    ["Rabiya", "الرابية"],
    ["Rehab", "الرحاب"],
    ["Riggai", "الرقعي"],
    ["Ishbiliya", "إشبيلية"],
  ]),
  ...group(2200, [
    ["Ahmadi", "الأحمدي"],
    ["Fahaheel", "الفحيحيل"],
    ["Hadiya", "هدية"],
    ["Riqqa", "الرقة"],
    ["Sabahiya", "الصباحية"],
    ["Mangaf", "المنقف"],
    ["Mahboula", "المهبولة"],
    ["Eqaila", "العقيلة"],
  ]),
  ...group(2500, [
    ["Jahra", "الجهراء"],
    ["Naeem", "النعيم"],
    ["Naseem", "النسيم"],
    ["Oyoun", "العيون"],
    ["Taima", "تيماء"],
    ["Sulaibiya", "الصليبية"],
    ["Kabad", "كبد"],
  ]),
];

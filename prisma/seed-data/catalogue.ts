// The demo catalogue: girls' hair accessories and school accessories in the Kuwaiti school-uniform colours.
// Money is integer fils (1 KD = 1000 fils). Ids and slugs are fixed so the seed can upsert by them and
// a second run changes nothing.

import { FILTER_COLORS, type FilterColor } from "../../app/shared/product";
import type { ItemKind } from "./images";

/** The colour filter values of the home page. */
export type SeedFilterColor = FilterColor;

export const SEED_FILTER_COLORS: readonly SeedFilterColor[] = FILTER_COLORS;

/** The colour each filter stands for in the generated pictures. */
export const FILTER_COLOR_HEX: Record<SeedFilterColor, string> = {
  kindergartenBlue: "#7CC4EE",
  primaryPink: "#F28DB2",
  middleIndigoBlue: "#4152B3",
  secondaryNavyBlue: "#1F2B57",
  white: "#FFFFFF",
};

interface SeedColor {
  nameEn: string;
  nameAr: string;
  levelEn: string;
  levelAr: string;
}

// Each uniform colour belongs to a school stage; white is worn at every stage.
const COLOR_DETAILS: Record<SeedFilterColor, SeedColor> = {
  kindergartenBlue: { nameEn: "Sky Blue", nameAr: "أزرق سماوي", levelEn: "Kindergarten", levelAr: "الروضة" },
  primaryPink: { nameEn: "Pink", nameAr: "وردي", levelEn: "Primary", levelAr: "الابتدائي" },
  middleIndigoBlue: { nameEn: "Indigo Blue", nameAr: "أزرق نيلي", levelEn: "Middle", levelAr: "المتوسط" },
  secondaryNavyBlue: { nameEn: "Navy Blue", nameAr: "كحلي", levelEn: "Secondary", levelAr: "الثانوي" },
  white: { nameEn: "White", nameAr: "أبيض", levelEn: "All levels", levelAr: "جميع المراحل" },
};

export function colorDetails(filterColor: SeedFilterColor): SeedColor {
  return COLOR_DETAILS[filterColor];
}

export interface SeedCategory {
  slug: string;
  nameEn: string;
  nameAr: string;
  isVisible: boolean;
  art: { item: ItemKind; color: string };
}

export const CATEGORIES: readonly SeedCategory[] = [
  {
    slug: "hair-accessories",
    nameEn: "Hair Accessories",
    nameAr: "إكسسوارات الشعر",
    isVisible: true,
    art: { item: "scrunchie", color: FILTER_COLOR_HEX.primaryPink },
  },
  {
    slug: "school-accessories",
    nameEn: "School Accessories",
    nameAr: "مستلزمات مدرسية",
    isVisible: true,
    art: { item: "pencil-case", color: FILTER_COLOR_HEX.middleIndigoBlue },
  },
  {
    slug: "bows",
    nameEn: "Bows",
    nameAr: "فيونكات",
    isVisible: true,
    art: { item: "bow-tails", color: FILTER_COLOR_HEX.primaryPink },
  },
  {
    slug: "clips-and-pins",
    nameEn: "Clips & Pins",
    nameAr: "مشابك وبنس",
    isVisible: true,
    art: { item: "snap-clips", color: FILTER_COLOR_HEX.kindergartenBlue },
  },
  {
    slug: "headbands",
    nameEn: "Headbands",
    nameAr: "أطواق الشعر",
    isVisible: true,
    art: { item: "headband-knot", color: FILTER_COLOR_HEX.secondaryNavyBlue },
  },
  {
    slug: "school-bags",
    nameEn: "School Bags",
    nameAr: "حقائب مدرسية",
    isVisible: true,
    art: { item: "backpack", color: FILTER_COLOR_HEX.kindergartenBlue },
  },
  // Hidden on purpose: tests check that a hidden category never reaches the storefront.
  {
    slug: "archived",
    nameEn: "Archived (hidden)",
    nameAr: "مؤرشف (مخفي)",
    isVisible: false,
    art: { item: "lunch-box", color: "#B7B0C8" },
  },
];

export interface SeedCustomTag {
  titleEn: string;
  titleAr: string;
  required: boolean;
}

export interface SeedProduct {
  id: string;
  categorySlug: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  priceFils: number;
  /** Set only for discounted products; the seed derives hasDiscount from it. */
  priceBeforeDiscountFils: number | null;
  /** 0 makes the product out of stock (isAvailable false). */
  stockQuantity: number;
  isNewArrival: boolean;
  filterColor: SeedFilterColor | null;
  customTags: readonly SeedCustomTag[];
  /** How many extra gallery pictures to draw besides the main one. */
  galleryCount: 0 | 1 | 2 | 3;
  isVisible: boolean;
  item: ItemKind;
}

const NAME_TO_PRINT: SeedCustomTag = { titleEn: "Name to print", titleAr: "الاسم المراد طباعته", required: true };
const OPTIONAL_NAME: SeedCustomTag = { titleEn: "Name (optional)", titleAr: "الاسم (اختياري)", required: false };

type ProductInput = Omit<SeedProduct, "customTags" | "priceBeforeDiscountFils" | "isNewArrival" | "isVisible"> &
  Partial<Pick<SeedProduct, "customTags" | "priceBeforeDiscountFils" | "isNewArrival" | "isVisible">>;

function product(input: ProductInput): SeedProduct {
  return {
    customTags: [],
    priceBeforeDiscountFils: null,
    isNewArrival: false,
    isVisible: true,
    ...input,
  };
}

export const PRODUCTS: readonly SeedProduct[] = [
  product({
    id: "seed-product-01",
    categorySlug: "bows",
    nameEn: "Satin School Bow",
    nameAr: "فيونكة ستان مدرسية",
    descriptionEn:
      "A soft satin bow on a secure clip, sized for everyday school wear. Matches the pink primary-school uniform.",
    descriptionAr:
      "فيونكة من قماش الستان الناعم مثبتة على مشبك قوي، بمقاس مناسب للدوام المدرسي اليومي. تتناسق مع الزي الوردي للمرحلة الابتدائية.",
    priceFils: 1750,
    stockQuantity: 24,
    filterColor: "primaryPink",
    galleryCount: 2,
    item: "bow",
  }),
  product({
    id: "seed-product-02",
    categorySlug: "bows",
    nameEn: "Grosgrain Bow Clip",
    nameAr: "مشبك فيونكة جروجران",
    descriptionEn:
      "A crisp ribbed-ribbon bow that keeps its shape all day. Small enough for little kindergarten heads.",
    descriptionAr: "فيونكة من شريط الجروجران المضلّع تحافظ على شكلها طوال اليوم. حجمها صغير ومناسب لبنات الروضة.",
    priceFils: 1500,
    stockQuantity: 30,
    filterColor: "kindergartenBlue",
    galleryCount: 1,
    item: "bow",
  }),
  product({
    id: "seed-product-03",
    categorySlug: "bows",
    nameEn: "Large Navy Bow with Tails",
    nameAr: "فيونكة كحلي كبيرة بذيول",
    descriptionEn:
      "A generous bow with long tails for ponytails and braids. Tidy enough for secondary school, pretty enough for the weekend.",
    descriptionAr:
      "فيونكة كبيرة بذيول طويلة تناسب ذيل الحصان والضفائر. أنيقة للمرحلة الثانوية وجميلة لعطلة نهاية الأسبوع.",
    priceFils: 2250,
    priceBeforeDiscountFils: 3000,
    stockQuantity: 12,
    filterColor: "secondaryNavyBlue",
    galleryCount: 3,
    item: "bow-tails",
  }),
  product({
    id: "seed-product-04",
    categorySlug: "bows",
    nameEn: "Velvet Indigo Bow",
    nameAr: "فيونكة مخمل نيلي",
    descriptionEn:
      "A plush velvet bow in the indigo blue of the middle-school uniform. Fixed on a sturdy barrette that won't slip.",
    descriptionAr: "فيونكة مخملية ناعمة باللون الأزرق النيلي لزي المرحلة المتوسطة، مثبتة على مشبك متين لا ينزلق.",
    priceFils: 2000,
    stockQuantity: 18,
    filterColor: "middleIndigoBlue",
    galleryCount: 2,
    item: "bow",
  }),
  product({
    id: "seed-product-05",
    categorySlug: "bows",
    nameEn: "White Lace Bow Pair",
    nameAr: "زوج فيونكات دانتيل أبيض",
    descriptionEn:
      "Two matching white bows trimmed with delicate lace, perfect for pigtails. A neat touch for school days and special occasions.",
    descriptionAr:
      "زوج من الفيونكات البيضاء المزينة بدانتيل رقيق، مثالي للضفيرتين. لمسة مرتبة للمدرسة وللمناسبات الخاصة.",
    priceFils: 2500,
    stockQuantity: 20,
    isNewArrival: true,
    filterColor: "white",
    galleryCount: 2,
    item: "bow-pair",
  }),
  product({
    id: "seed-product-06",
    categorySlug: "bows",
    nameEn: "Personalised Name Bow",
    nameAr: "فيونكة بالاسم",
    descriptionEn:
      "A satin bow with your daughter's name printed on the centre band. Please write the name exactly as it should be printed.",
    descriptionAr: "فيونكة ستان يُطبع اسم ابنتك على شريطها الأوسط. يرجى كتابة الاسم تمامًا كما تريد أن يُطبع.",
    priceFils: 3500,
    stockQuantity: 15,
    isNewArrival: true,
    filterColor: "primaryPink",
    customTags: [NAME_TO_PRINT],
    galleryCount: 2,
    item: "bow-tails",
  }),
  product({
    id: "seed-product-07",
    categorySlug: "clips-and-pins",
    nameEn: "Snap Clips, Set of 6",
    nameAr: "طقم مشابك طقطقة (6 قطع)",
    descriptionEn:
      "Six easy-snap clips that little fingers can open and close. Great for holding back fringes during class.",
    descriptionAr: "ستة مشابك سهلة الفتح والإغلاق تناسب الأطفال الصغار، ومثالية لتثبيت الغرّة أثناء الحصص.",
    priceFils: 1250,
    stockQuantity: 40,
    filterColor: "kindergartenBlue",
    galleryCount: 1,
    item: "snap-clips",
  }),
  product({
    id: "seed-product-08",
    categorySlug: "clips-and-pins",
    nameEn: "Pearl Bobby Pins, 12 pcs",
    nameAr: "دبابيس شعر باللؤلؤ (12 قطعة)",
    descriptionEn: "Slim bobby pins topped with faux pearls for buns and neat side styles.",
    descriptionAr: "دبابيس شعر رفيعة مزينة بلؤلؤ صناعي، مناسبة لتثبيت الكعكة والتسريحات الجانبية المرتبة.",
    priceFils: 1000,
    stockQuantity: 35,
    filterColor: "white",
    galleryCount: 0,
    item: "pearl-pins",
  }),
  product({
    id: "seed-product-09",
    categorySlug: "clips-and-pins",
    nameEn: "Medium Claw Clip",
    nameAr: "مشبك كماشة متوسط",
    descriptionEn: "A matte claw clip that holds thick hair comfortably all day, with a strong spring and smooth teeth.",
    descriptionAr: "مشبك كماشة بلمسة مطفية يثبت الشعر الكثيف براحة طوال اليوم، بنابض قوي وأسنان ناعمة.",
    priceFils: 1750,
    // Out of stock on purpose, so the storefront's "Out of Stock" state has something to show.
    stockQuantity: 0,
    filterColor: "secondaryNavyBlue",
    galleryCount: 1,
    item: "claw-clip",
  }),
  product({
    id: "seed-product-10",
    categorySlug: "clips-and-pins",
    nameEn: "Mini Bow Hair Pins, Pair",
    nameAr: "زوج بنس بفيونكة صغيرة",
    descriptionEn:
      "Two hair pins with tiny indigo bows to keep side hair in place. A small detail that finishes the uniform look.",
    descriptionAr: "زوج بنس بفيونكة نيلية صغيرة لتثبيت الشعر الجانبي، تفصيلة صغيرة تكمل أناقة الزي المدرسي.",
    priceFils: 1500,
    priceBeforeDiscountFils: 2000,
    stockQuantity: 22,
    filterColor: "middleIndigoBlue",
    galleryCount: 2,
    item: "bow-pins",
  }),
  product({
    id: "seed-product-11",
    categorySlug: "headbands",
    nameEn: "Padded Headband",
    nameAr: "طوق شعر مبطّن",
    descriptionEn: "A wide padded headband covered in soft fabric that sits comfortably without pressing.",
    descriptionAr: "طوق عريض مبطّن ومغطى بقماش ناعم، مريح على الرأس ولا يسبب ضغطًا.",
    priceFils: 2750,
    stockQuantity: 16,
    filterColor: "primaryPink",
    galleryCount: 3,
    item: "headband-padded",
  }),
  product({
    id: "seed-product-12",
    categorySlug: "headbands",
    nameEn: "Knotted Navy Headband",
    nameAr: "طوق كحلي بعقدة",
    descriptionEn:
      "A classic top-knot headband in navy blue for secondary school. Flexible band with a non-slip inner lining.",
    descriptionAr: "طوق كلاسيكي بعقدة علوية باللون الكحلي للمرحلة الثانوية، بإطار مرن وبطانة داخلية مانعة للانزلاق.",
    priceFils: 2500,
    stockQuantity: 14,
    filterColor: "secondaryNavyBlue",
    galleryCount: 2,
    item: "headband-knot",
  }),
  product({
    id: "seed-product-13",
    categorySlug: "headbands",
    nameEn: "Sports Elastic Headbands, Set of 3",
    nameAr: "أربطة رأس رياضية مطاطية (3 قطع)",
    descriptionEn: "Stretchy white headbands for PE lessons and playtime that keep hair off the face.",
    descriptionAr: "أربطة رأس بيضاء مطاطية لحصص الرياضة ووقت اللعب، تُبعد الشعر عن الوجه.",
    priceFils: 2000,
    stockQuantity: 25,
    filterColor: "white",
    galleryCount: 1,
    item: "headband",
  }),
  product({
    id: "seed-product-14",
    categorySlug: "headbands",
    nameEn: "Bow Headband",
    nameAr: "طوق بفيونكة",
    descriptionEn: "A sky-blue headband crowned with a soft bow. Rounded tips make it gentle for little ones.",
    descriptionAr: "طوق سماوي تزيّنه فيونكة ناعمة، بأطراف مستديرة لطيفة على الصغيرات.",
    priceFils: 3000,
    stockQuantity: 18,
    isNewArrival: true,
    filterColor: "kindergartenBlue",
    galleryCount: 2,
    item: "headband-bow",
  }),
  product({
    id: "seed-product-15",
    categorySlug: "hair-accessories",
    nameEn: "Satin Scrunchies, Set of 3",
    nameAr: "ربطات شعر سكرنشي ستان (3 قطع)",
    descriptionEn: "Three gentle satin scrunchies that hold ponytails without creasing or pulling hair.",
    descriptionAr: "ثلاث ربطات ستان ناعمة تثبّت ذيل الحصان دون أن تترك أثرًا أو تشد الشعر.",
    priceFils: 1500,
    stockQuantity: 30,
    filterColor: "primaryPink",
    galleryCount: 2,
    item: "scrunchie-set",
  }),
  product({
    id: "seed-product-16",
    categorySlug: "hair-accessories",
    nameEn: "No-Crease Hair Ties, 20 pcs",
    nameAr: "ربطات شعر مطاطية (20 قطعة)",
    descriptionEn: "A pack of soft elastic hair ties in school indigo. Seamless, so they won't snag.",
    descriptionAr: "عبوة ربطات شعر مطاطية ناعمة باللون النيلي المدرسي، بدون وصلات معدنية فلا تعلق بالشعر.",
    priceFils: 1000,
    stockQuantity: 40,
    filterColor: "middleIndigoBlue",
    galleryCount: 0,
    item: "hair-ties",
  }),
  product({
    id: "seed-product-17",
    categorySlug: "hair-accessories",
    nameEn: "Chiffon Ribbon Scrunchie",
    nameAr: "سكرنشي شيفون بشريطة",
    descriptionEn:
      "A light chiffon scrunchie with flowing ribbon ends. Pretty with the white school shirt and on weekends.",
    descriptionAr: "سكرنشي من الشيفون الخفيف بأطراف شريطة منسدلة، جميل مع القميص المدرسي الأبيض وفي العطلات.",
    priceFils: 1250,
    priceBeforeDiscountFils: 1750,
    stockQuantity: 20,
    filterColor: "white",
    galleryCount: 2,
    item: "scrunchie",
  }),
  product({
    id: "seed-product-18",
    categorySlug: "school-bags",
    nameEn: "Kindergarten Backpack",
    nameAr: "حقيبة ظهر للروضة",
    descriptionEn:
      "A light, padded backpack sized for kindergarten, with a front pocket and chest strap. Fits an A4 folder and a lunch box.",
    descriptionAr:
      "حقيبة ظهر خفيفة ومبطّنة بمقاس مناسب لأطفال الروضة، مع جيب أمامي وحزام للصدر. تتسع لملف A4 وعلبة طعام.",
    priceFils: 12500,
    priceBeforeDiscountFils: 14500,
    stockQuantity: 8,
    filterColor: "kindergartenBlue",
    galleryCount: 3,
    item: "backpack",
  }),
  product({
    id: "seed-product-19",
    categorySlug: "school-bags",
    nameEn: "Primary School Backpack",
    nameAr: "حقيبة ظهر للمرحلة الابتدائية",
    descriptionEn:
      "An ergonomic backpack with padded straps and two roomy compartments. Water-resistant fabric for rainy winter days.",
    descriptionAr: "حقيبة ظهر مريحة بأحزمة مبطّنة وقسمين واسعين، من قماش مقاوم للماء لأيام الشتاء الممطرة.",
    priceFils: 13500,
    stockQuantity: 10,
    filterColor: "primaryPink",
    galleryCount: 3,
    item: "backpack",
  }),
  product({
    id: "seed-product-20",
    categorySlug: "school-accessories",
    nameEn: "Zip Pencil Case",
    nameAr: "مقلمة بسحّاب",
    descriptionEn: "A sturdy zip pencil case with room for pens, pencils, an eraser and a ruler.",
    descriptionAr: "مقلمة متينة بسحّاب تتسع للأقلام والممحاة والمسطرة.",
    priceFils: 3250,
    stockQuantity: 26,
    filterColor: "middleIndigoBlue",
    galleryCount: 2,
    item: "pencil-case",
  }),
  product({
    id: "seed-product-21",
    categorySlug: "school-accessories",
    nameEn: "Double-Zip Pencil Case",
    nameAr: "مقلمة بسحّابين",
    descriptionEn: "Two compartments keep pens and colours apart. Slim enough for a secondary-school bag.",
    descriptionAr: "قسمان منفصلان لترتيب الأقلام والألوان، ونحيفة بما يكفي لحقيبة المرحلة الثانوية.",
    priceFils: 3750,
    stockQuantity: 19,
    filterColor: "secondaryNavyBlue",
    galleryCount: 2,
    item: "pencil-case-double",
  }),
  product({
    id: "seed-product-22",
    categorySlug: "school-accessories",
    nameEn: "Water Bottle 500 ml",
    nameAr: "مطارة ماء 500 مل",
    descriptionEn:
      "A leak-proof bottle with a flip straw that is easy for small hands. We print a name on it if you add one.",
    descriptionAr: "مطارة لا تسرّب بماصة قابلة للطي وسهلة الاستخدام للأيدي الصغيرة. نطبع عليها الاسم إذا أضفته.",
    priceFils: 4500,
    stockQuantity: 22,
    filterColor: "kindergartenBlue",
    customTags: [OPTIONAL_NAME],
    galleryCount: 2,
    item: "water-bottle",
  }),
  product({
    id: "seed-product-23",
    categorySlug: "school-accessories",
    nameEn: "Name Labels, 50 Stickers",
    nameAr: "ملصقات أسماء (50 ملصقًا)",
    descriptionEn: "Waterproof name stickers for books, bottles and lunch boxes, printed with the name you enter.",
    descriptionAr: "ملصقات أسماء مقاومة للماء للكتب والمطارات وعلب الطعام، تُطبع بالاسم الذي تكتبه.",
    priceFils: 2750,
    stockQuantity: 30,
    filterColor: "white",
    customTags: [NAME_TO_PRINT],
    galleryCount: 1,
    item: "name-labels",
  }),
  product({
    id: "seed-product-24",
    categorySlug: "school-accessories",
    nameEn: "Lunch Box with Compartments",
    nameAr: "علبة طعام بأقسام",
    descriptionEn: "A BPA-free lunch box with three compartments and a snap-shut lid that keeps sandwiches and fruit apart.",
    descriptionAr: "علبة طعام خالية من مادة BPA بثلاثة أقسام وغطاء محكم الإغلاق، تفصل الساندويتش عن الفاكهة.",
    priceFils: 5500,
    stockQuantity: 17,
    isNewArrival: true,
    filterColor: "primaryPink",
    galleryCount: 2,
    item: "lunch-box",
  }),
  product({
    id: "seed-product-25",
    categorySlug: "school-bags",
    nameEn: "Insulated Lunch Bag",
    nameAr: "حقيبة طعام حافظة للبرودة",
    descriptionEn: "A padded lunch bag that keeps food cool until break time, with a wipe-clean lining and a carry handle.",
    descriptionAr: "حقيبة طعام مبطّنة تحافظ على برودة الطعام حتى وقت الفسحة، ببطانة سهلة التنظيف ومقبض للحمل.",
    priceFils: 6000,
    stockQuantity: 12,
    filterColor: "secondaryNavyBlue",
    galleryCount: 1,
    item: "lunch-bag",
  }),
  // Hidden on purpose: tests check that a hidden product never reaches the storefront, even through a
  // visible category or a matching colour filter.
  product({
    id: "seed-product-hidden",
    categorySlug: "bows",
    nameEn: "Archived Sample Bow (hidden)",
    nameAr: "فيونكة تجريبية مؤرشفة (مخفية)",
    descriptionEn: "A retired sample kept only to prove that hidden products stay hidden.",
    descriptionAr: "عيّنة متوقفة تبقى فقط للتأكد من أن المنتجات المخفية لا تظهر.",
    priceFils: 1000,
    stockQuantity: 10,
    filterColor: "primaryPink",
    galleryCount: 0,
    isVisible: false,
    item: "bow",
  }),
];

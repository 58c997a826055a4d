import type { pageTexts as en } from "../en/page-texts";
import type { TranslationOf } from "../../types";

/**
 * Texts the loaders put into words on the server: page titles and descriptions for the document's <head>, and the
 * search page's headings and messages. No page carries this table in its JavaScript.
 */
export const pageTexts: TranslationOf<typeof en> = {
  pageTexts: {
    defaultDescription:
      "إكسسوارات شعر للبنات وإكسسوارات مدرسية في الكويت: فيونكات وبكلات وطوق شعر وحقائب وغيرها، مع التوصيل لجميع مناطق الكويت.",
    homeTitle: "{{shop}}: إكسسوارات الشعر والمدرسة في الكويت",
    homeDescription:
      "إكسسوارات شعر للبنات وإكسسوارات مدرسية في الكويت: فيونكات وبكلات وطوق شعر وحقائب وغيرها، مع التوصيل لجميع مناطق الكويت.",
    categoryTitle: "{{category}}: إكسسوارات الشعر والمدرسة",
    categoryDescription: "تسوّق {{category}} من {{shop}} مع التوصيل لجميع مناطق الكويت. الأسعار بالدينار الكويتي.",
    cartTitle: "سلة التسوق",
    cartDescription: "المنتجات الموجودة في سلتك لدى {{shop}}.",
    notFoundTitle: "المنتج غير موجود",
    searchTitle: "بحث: {{query}}",
    searchEmptyTitle: "بحث",
    searchDescription: "منتجات {{shop}} المطابقة لـ {{query}}.",
    searchResultsHeading: "نتائج البحث",
    errorReference: "إذا تواصلت معنا بشأنه فاذكر هذا الرقم المرجعي: {{id}}",
    searchRelevance: "الأكثر تطابقاً",
    searchNoResults: "لا توجد منتجات تطابق «{{query}}». جرّب كلمة أخرى أو كلمات أقل.",
    searchPrompt: "اكتب اسم منتج أو كلمة من وصفه.",
    feedDescription: "منتجات {{shop}} بأسعارها ومخزونها.",
    // The colour filter's names: sent by the loader with the sorts, so they cost the home page no JavaScript.
    colors: {
      kindergartenBlue: "أزرق الروضة",
      primaryPink: "وردي الابتدائي",
      middleIndigoBlue: "أزرق نيلي المتوسط",
      secondaryNavyBlue: "كحلي الثانوي",
      white: "أبيض",
    },
    sorts: {
      default: "الافتراضي",
      priceAsc: "السعر: من الأقل إلى الأعلى",
      priceDesc: "السعر: من الأعلى إلى الأقل",
      bestSellers: "الأكثر مبيعاً",
    },
  },
};

import type { productPage as en } from "../en/product-page";
import type { TranslationOf } from "../../types";

/**
 * The product page's own texts, a section of `shop`: the browser fetches them with the product page
 * (app/i18n/browser/areas/product.ts), so the other catalogue pages do not carry them.
 */
export const productPage: TranslationOf<typeof en> = {
  shop: {
    product: {
      failed: "تعذر تحميل المنتج",
      notFound: "المنتج غير موجود",
      notFoundBody: "هذا المنتج غير موجود أو لم يعد معروضًا للبيع.",
      inStock: "متوفر",
      outOfStock: "غير متوفر",
      zoom: "تكبير الصورة",
      closeZoom: "إغلاق الصورة المكبرة",
      images: "صور المنتج",
      showImage: "عرض الصورة {{number}}",
      options: "التخصيص",
      required: "مطلوب",
      optional: "اختياري",
      color: "اللون",
      level: "المرحلة الدراسية",
      backToShop: "العودة للتسوق",
      soldOut: "نفدت الكمية",
      shareWhatsApp: "شارك على واتساب",
    },
    stockNotice: {
      title: "أعلمني عند توفره",
      intro: "اترك بريدك الإلكتروني وسنرسل لك رسالة واحدة عندما يتوفر هذا المنتج من جديد.",
      email: "البريد الإلكتروني",
      submit: "أعلمني",
    },
  },
};

import type { stockNotices as en } from "../en/stock-notices";
import type { TranslationOf } from "../../types";

/** Back in stock (issue 16): the sign-up's answers, the unsubscribe page and the mail, worded by the server. */
export const stockNotices: TranslationOf<typeof en> = {
  stockNotices: {
    answers: {
      saved: "تم: سنرسل رسالة واحدة إلى {{email}} عندما يتوفر هذا المنتج من جديد.",
      already: "البريد {{email}} مسجّل بالفعل لهذا المنتج: ستصلك رسالة واحدة عند توفره.",
      inStock: "هذا المنتج متوفر الآن: يمكنك طلبه مباشرة.",
      notFound: "هذا المنتج غير موجود أو لم يعد معروضًا للبيع.",
    },
    unsubscribe: {
      title: "رسائل توفر المنتجات",
      confirm: "إيقاف رسائل توفر المنتجات إلى {{email}}؟ ستُحذف كل المنتجات التي ينتظرها هذا البريد من القائمة.",
      button: "إيقاف هذه الرسائل",
      done: "تم: حُذف {{email}} من القائمة ولن تصله رسائل أخرى عن توفر المنتجات، إلا إذا سُجّل من جديد في صفحة منتج.",
      unknown: "هذا الرابط لم يعد صالحًا: إما أن البريد حُذف من القائمة من قبل أو أن الرابط غير مكتمل. لا حاجة لفعل أي شيء.",
      backToShop: "العودة للتسوق",
    },
    mail: {
      subject: "{{product}} متوفر من جديد",
      heading: "خبر سار: {{product}} متوفر من جديد",
      body: "طلبتِ منا إعلامك عندما يتوفر {{product}} مرة أخرى. وهو متوفر الآن حتى نفاد الكمية:",
      link: "عرض المنتج",
      once: "هذه هي الرسالة الوحيدة التي نرسلها إليك عن هذا المنتج.",
      unsubscribe: "لإيقاف كل رسائل توفر المنتجات إلى هذا البريد:",
    },
  },
};

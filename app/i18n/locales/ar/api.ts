import type { api as en } from "../en/api";
import type { TranslationOf } from "../../types";

export const api: TranslationOf<typeof en> = {
  api: {
    catalogue: {
      productNotFound: "المنتج غير موجود",
      categoryNotFound: "التصنيف غير موجود",
      invalidCategory: "التصنيف غير صالح",
    },
    whatsApp: {
      verificationRefused: "رُفض التحقق من الربط: رمز التحقق غير مطابق.",
      invalidSignature: "توقيع الإشعار غير صالح.",
    },
    creditNote: {
      notFound: "لا يوجد إشعار دائن بهذا الرقم.",
      private: "إشعار الدائن هذا خاص.",
    },
    lateCancel: {
      notFound: "لا يوجد طلب بهذا الرقم.",
      wrongPhone: "رقم الهاتف لا يطابق الطلب.",
      tooEarly: "لا يمكن إلغاء الطلب لتأخره إلا بعد 14 يومًا من موعد التوصيل الموعود.",
      notPaid: "هذا الطلب غير مدفوع، فلا مبلغ لاسترداده.",
      delivered: "تم تسليم هذا الطلب: يمكنك طلب إرجاعه بدلًا من ذلك.",
      cancelled: "هذا الطلب ملغى من قبل.",
      busy: "يجري إلغاء هذا الطلب الآن. يرجى النظر مرة أخرى بعد دقيقة.",
      refundRefused: "رفضت جهة الدفع رد المبلغ، فلم يُلغَ طلبك. يرجى المحاولة لاحقًا أو التواصل معنا.",
      refundUnanswered: "لم تُجب جهة الدفع، فلم يُلغَ طلبك بعد. يرجى المحاولة بعد دقائق: لن يُردّ المبلغ مرتين.",
      done: "تم إلغاء طلبك، ويجري رد كل ما دفعته.",
    },
    methodNotAllowed: "الطريقة غير مسموحة",
    usePost: "استخدم POST لهذا العنوان.",
    invalidJson: "يجب أن يكون محتوى الطلب بصيغة JSON صحيحة.",
    formUnreadable: "تعذرت قراءة النموذج.",
    crossSiteRefused: "تم رفض طلب من موقع آخر.",
    formTooLarge: "الطلب كبير جداً: الحد الأقصى للنماذج وبيانات JSON هو {{limit}} كيلوبايت.",
    uploadTooLarge: "الملف المرفوع كبير جداً: الحد الأقصى {{limit}} ميغابايت في المرة الواحدة.",
    tooLargeTitle: "الطلب كبير جداً",
    invalidPaging: "يجب أن تكون قيمة {{name}} عدداً صحيحاً من {{min}} إلى {{max}}.",
    unreadableAddress: "تعذرت قراءة عنوان هذا الطلب.",
    legacyDataRequest: "لا يجيب هذا المتجر على طلبات ‎?_data=‎.",
    formExpected: "يقبل هذا العنوان نموذجاً فقط: application/x-www-form-urlencoded أو multipart/form-data.",
    feedLanguage: "لغة ملف المنتجات (lang) يجب أن تكون ar أو en.",
    unknownAddress: "هذا العنوان غير موجود في واجهة المتجر البرمجية.",
  },
};

import type { shell as en } from "../../en/admin/shell";
import type { TranslationOf } from "../../../types";

export const shell: TranslationOf<typeof en> = {
  title: "لوحة الإدارة",
  nav: {
    label: "قائمة الإدارة",
    dashboard: "لوحة التحكم",
    orders: "الطلبات",
    groupedOrders: "الطلبات حسب العميل",
    users: "المستخدمون",
    products: "المنتجات",
    categories: "التصنيفات",
    salesReport: "تقرير المبيعات",
    coupons: "رموز الخصم",
    settings: "الإعدادات",
    logout: "تسجيل الخروج",
    signedInAs: "مسجل الدخول باسم {{email}}",
  },
  common: {
    back: "رجوع",
    yes: "نعم",
    no: "لا",
  },
  validation: {
    adminNameEnRequired: "الاسم بالإنجليزية مطلوب.",
    adminNameArRequired: "الاسم بالعربية مطلوب.",
    adminPriceInvalid: "يجب أن يكون السعر رقماً صحيحاً.",
    adminStockInvalid: "يجب أن تكون كمية المخزون رقماً صحيحاً.",
    adminDiscountPriceRequired: "عند تفعيل الخصم يجب إدخال 'السعر قبل الخصم' وأن يكون أكبر من صفر.",
    adminCategoryRequired: "التصنيف مطلوب.",
    adminFilterColorInvalid: "يرجى اختيار لون الفلتر من القائمة.",
    adminTagTitleRequired: "عنوانا الخيار المخصص بالإنجليزية والعربية مطلوبان.",
    adminImagesRequiredCreate: "يرجى رفع صورة واحدة على الأقل.",
    adminImagesRequiredEdit: "مطلوب صورة واحدة على الأقل للمنتج.",
    adminImageInvalid: "لم يتم رفع هذه الصورة هنا.",
    adminCategoryNamesRequired: "يرجى إدخال الاسمين بالإنجليزية والعربية.",
    adminCategoryIconRequired: "يرجى اختيار صورة الأيقونة.",
    adminCategoryEditNamesRequired: "الاسمان بالإنجليزية والعربية مطلوبان.",
    adminAllFieldsRequired: "جميع الحقول مطلوبة",
    adminEmailRequired: "البريد الإلكتروني مطلوب",
    adminPasswordRequired: "كلمة المرور مطلوبة",
  },
};

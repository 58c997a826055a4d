import type { common as en } from "../en/common";
import type { TranslationOf } from "../../types";

export const common: TranslationOf<typeof en> = {
  header: {
    categories: "التصنيفات",
    contact: "تواصل معنا",
    terms: "الشروط والأحكام",
    trackOrder: "تتبع الطلب",
    loginRegister: "تسجيل الدخول / إنشاء حساب",
    myAccount: "حسابي",
    cart: "السلة",
    cartCount_one: "السلة، {{count}} منتج",
    cartCount_other: "السلة، {{count}} منتجات",
    openMenu: "فتح القائمة",
    mainNavigation: "القائمة الرئيسية",
    skipToContent: "انتقل إلى المحتوى",
    search: "بحث",
  },
  language: {
    switchTo: "English",
    switchLabel: "التبديل إلى الإنجليزية",
  },
  footer: {
    social: "إنستغرام",
    linksHeading: "روابط",
    home: "الرئيسية",
    products: "المنتجات",
    trackOrder: "تتبع الطلب",
    terms: "الشروط والأحكام",
    privacy: "سياسة الخصوصية",
    contactHeading: "تواصل معنا",
    email: "البريد الإلكتروني",
    phone: "الهاتف",
    whatsapp: "واتساب",
    commercialRegistration: "رقم السجل التجاري",
    addressLabel: "عنوان المحل",
    copyright: "© {{year}} {{shop}}. جميع الحقوق محفوظة.",
  },
  home: {
    heroHeading: "إكسسوارات جميلة لأيام دراسية مشرقة",
    heroAlt: "فيونكات وبكلات شعر وأدوات مدرسية ملونة",
  },
  errors: {
    notFoundTitle: "الصفحة غير موجودة",
    notFoundBody: "الصفحة التي تبحث عنها غير موجودة أو تم نقلها.",
    errorTitle: "حدث خطأ ما",
    errorBody: "حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى بعد قليل.",
    backHome: "العودة للتسوق",
  },
};

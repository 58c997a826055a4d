import type { admin as en } from "../en/admin";
import type { TranslationOf } from "../../types";
import { shell } from "./admin/shell";
import { login } from "./admin/login";
import { dashboard } from "./admin/dashboard";
import { products } from "./admin/products";
import { categories } from "./admin/categories";
import { orders } from "./admin/orders";
import { report } from "./admin/report";
import { coupons } from "./admin/coupons";
import { returns } from "./admin/returns";

export const admin: TranslationOf<typeof en> = {
  admin: {
    ...shell,
    ...login,
    ...dashboard,
    ...products,
    ...categories,
    ...orders,
    ...report,
    ...coupons,
    ...returns,
    api: {
      methodNotAllowed: "الطريقة غير مسموحة.",
      loginRequired: "يلزم تسجيل دخول المسؤول.",
      adminsOnly: "هذه العملية للمسؤول فقط.",
      loggedIn: "تم تسجيل الدخول.",
      loggedOut: "تم تسجيل الخروج.",
      unknownOrderStatus: "حالة الطلب غير معروفة.",
      invalidProduct: "بيانات المنتج غير صحيحة.",
      invalidStockFilter: 'فلتر المخزون يجب أن يكون "low" أو أن يُترك.',
    },
    upload: {
      uploaded: "تم رفع الصورة.",
      missing: "يرجى اختيار صورة للرفع.",
      type: "تُقبل صور JPEG أو PNG أو WebP فقط.",
      size: "يجب ألا يزيد حجم الصورة عن 5 ميغابايت.",
      dimensions: "يجب ألا تزيد أبعاد الصورة عن 4000 × 4000 بكسل.",
      unreadable: "تعذرت قراءة الصورة.",
    },
  },
};

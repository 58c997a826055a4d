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
import { staff } from "./admin/staff";
import { deliveryAreas } from "./admin/delivery-areas";
import { catalogueSheet } from "./admin/catalogue-sheet";
import { reviews } from "./admin/reviews";

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
    ...staff,
    ...deliveryAreas,
    ...catalogueSheet,
    ...reviews,
    api: {
      methodNotAllowed: "الطريقة غير مسموحة.",
      loginRequired: "يلزم تسجيل دخول المسؤول.",
      adminsOnly: "هذه العملية للمسؤول فقط.",
      loggedIn: "تم تسجيل الدخول.",
      loggedOut: "تم تسجيل الخروج.",
      unknownOrderStatus: "حالة الطلب غير معروفة.",
      invalidProduct: "بيانات المنتج غير صحيحة.",
      invalidStockFilter: 'فلتر المخزون يجب أن يكون "low" أو أن يُترك.',
      invalidDeliveryDateFilter: 'فلتر تاريخ التوصيل ("deliveryDate") يجب أن يكون تاريخاً بالصيغة YYYY-MM-DD أو أن يُترك.',
      notYourRole: "دورك لا يسمح بهذه العملية.",
      invalidStaff: "أدخل بريداً إلكترونياً صحيحاً ودوراً: owner أو orders أو catalogue.",
      invalidStaffUpdate: "أرسل role (owner أو orders أو catalogue) أو disabled (true أو false) أو resetTwoStep (true أو false).",
      staffExists: "هذا البريد الإلكتروني لعضو موجود.",
      staffNotFound: "العضو غير موجود.",
      lastOwner: "لا يمكن إزالة آخر مالك أو تغيير دوره.",
      formerAdminEmail: "هذا حساب المدير السابق، عُطّل حين تغيّر بريد المدير في إعدادات الخادم: لا يمكن تفعيله من جديد من هنا.",
      invalidAuditQuery: "عامل التصفية غير صحيح.",
      codeRequired: "أدخل الرمز من تطبيق المصادقة.",
      codeInvalid: "الرمز غير صحيح أو انتهت صلاحيته.",
    },
    upload: {
      uploaded: "تم رفع الصورة.",
      missing: "يرجى اختيار صورة للرفع.",
      type: "تُقبل صور جيه بي إي جي أو بي إن جي أو ويب بي فقط.",
      size: "يجب ألا يزيد حجم الصورة عن ٥ ميغابايت.",
      dimensions: "يجب ألا تزيد أبعاد الصورة عن ٤٠٠٠ × ٤٠٠٠ بكسل.",
      unreadable: "تعذرت قراءة الصورة.",
    },
  },
};

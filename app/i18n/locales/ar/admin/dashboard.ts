import type { dashboard as en } from "../../en/admin/dashboard";
import type { TranslationOf } from "../../../types";

export const dashboard: TranslationOf<typeof en> = {
  dashboard: {
    title: "لوحة التحكم",
    orders: "الطلبات",
    ordersHint: "متابعة طلبات العملاء وتحديثها",
    products: "المنتجات",
    productsHint: "إضافة المنتجات والتصنيفات وتعديلها",
    salesReport: "تقرير المبيعات",
    salesReportHint: "المبيعات المدفوعة حسب اليوم",
    users: "المستخدمون",
    usersHint: "العملاء المسجلون حسب رقم الهاتف",
  },
};

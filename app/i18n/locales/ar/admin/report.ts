import type { report as en } from "../../en/admin/report";
import type { TranslationOf } from "../../../types";

export const report: TranslationOf<typeof en> = {
  report: {
    title: "تقرير المبيعات",
    dateFrom: "من",
    dateTo: "إلى",
    show: "عرض التقرير",
    csv: "تنزيل CSV",
    day: "اليوم",
    orders: "الطلبات",
    orderNumber: "رقم الطلب",
    amount: "المبلغ",
    productsTotal: "إجمالي المنتجات",
    deliveryTotal: "إجمالي التوصيل",
    total: "الإجمالي",
    summary: "ملخص الفترة",
    orderCount: "الطلبات المدفوعة",
    fullMonth: "هذه الفترة شهر كامل.",
    noSales: "لا توجد طلبات مدفوعة في هذه الفترة.",
    onlyPaid: "تُحتسب الطلبات المدفوعة فقط.",
    invalidDate: "يرجى إدخال تواريخ صحيحة.",
    rangeOrder: "يجب ألا يكون تاريخ البداية بعد تاريخ النهاية.",
    rangeTooLong: "يرجى اختيار فترة لا تزيد عن 366 يوماً.",
  },
};

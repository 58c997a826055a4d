import type { categories as en } from "../../en/admin/categories";
import type { TranslationOf } from "../../../types";

export const categories: TranslationOf<typeof en> = {
  categories: {
    title: "التصنيفات",
    newTitle: "إضافة تصنيف",
    editTitle: "تعديل التصنيف",
    nameEn: "الاسم (بالإنجليزية)",
    nameAr: "الاسم (بالعربية)",
    icon: "صورة الأيقونة",
    currentIcon: "الأيقونة الحالية",
    iconHint: "جيه بي إي جي أو بي إن جي أو ويب بي، حتى ٥ ميغابايت؛ تظهر كمربع صغير.",
    save: "حفظ التصنيف",
    create: "إنشاء التصنيف",
    products: "منتجات هذا التصنيف",
    noProducts: "لا توجد منتجات في هذا التصنيف.",
    productCount_one: "منتج واحد",
    productCount_other: "{{count}} منتجات",
    empty: "لا توجد تصنيفات بعد.",
    created: "تم إنشاء التصنيف بنجاح.",
    createFailed: "فشل إنشاء التصنيف.",
    updated: "تم تحديث التصنيف بنجاح",
    updateFailed: "فشل تحديث التصنيف.",
    deleted: "تم حذف التصنيف بنجاح.",
    deleteFailed: "فشل حذف التصنيف.",
    hasProducts: "ما زال في هذا التصنيف {{count}} منتجات. انقلها أو احذفها أولاً.",
    fetchFailed: "فشل جلب التصنيفات",
    notFound: "التصنيف غير موجود",
    confirmDelete: "هل تريد حذف هذا التصنيف؟",
    slug: "اسم الرابط",
  },
};

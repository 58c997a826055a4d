/** رموز الخصم والتوصيل المجاني: نصوص يقولها الخادم وحده (app/i18n/locales/en/offers.ts). */
export const offers = {
  offers: {
    couponApplied: "تم تطبيق رمز الخصم {{code}}.",
    couponRemoved: "تمت إزالة رمز الخصم.",
    coupon: {
      unknown: "رمز الخصم هذا غير صالح.",
      notStarted: "لا يمكن استخدام رمز الخصم هذا بعد.",
      expired: "انتهت صلاحية رمز الخصم هذا.",
      usedUp: "نفدت استخدامات رمز الخصم هذا.",
      alreadyUsed: "لقد استخدمت رمز الخصم هذا من قبل.",
      belowMinimum: "يتطلب رمز الخصم هذا أن يبلغ مجموع المنتجات {{amount}} على الأقل.",
      tooManyAttempts: "جُرّبت رموز خصم كثيرة من هنا. يرجى الانتظار {{minutes}} دقيقة ثم المحاولة مرة أخرى.",
    },
    missingForFreeDelivery: "أضف {{amount}} للحصول على توصيل مجاني",
    freeDeliveryReached: "التوصيل مجاني لهذا الطلب",
  },
};

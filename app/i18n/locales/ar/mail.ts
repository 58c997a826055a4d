import type { mail as en } from "../en/mail";
import type { TranslationOf } from "../../types";

/** The e-mails the shop sends (issue 29), worded by the server only; values are put in by `wordText`. */
export const mail: TranslationOf<typeof en> = {
  mail: {
    totals: {
      products: "مجموع المنتجات: {{amount}}",
      discount: "الخصم ({{code}}): {{amount}}",
      delivery: "رسوم التوصيل: {{amount}}",
      total: "الإجمالي: {{amount}}",
    },
    paid: {
      subject: "تم تأكيد الطلب {{number}}",
      thanks: "شكرًا لك! تم استلام دفعتك بقيمة {{total}} للطلب {{number}}.",
      invoice: "فاتورتك: {{link}}",
      invoiceLink: "عرض الفاتورة",
    },
    ownerPaid: {
      subject: "طلب مدفوع جديد {{number}}",
      heading: "تم دفع الطلب {{number}}.",
      customer: "العميل: {{name}}، {{phone}}، {{email}}",
      address: "عنوان التوصيل:",
      notes: "ملاحظات: {{notes}}",
      open: "فتح الطلب: {{link}}",
      openLink: "فتح الطلب {{number}}",
    },
    lowStock: {
      subject: "مخزون منخفض: {{products}} منتجات",
      heading: "مخزون منخفض في {{day}}: {{products}} منتجات عند حد التنبيه أو أقل.",
      level: "المتبقي {{left}} (التنبيه عند {{threshold}})",
      all: "عرضها كلها: {{link}}",
      allLink: "كل المنتجات منخفضة المخزون",
    },
    phone: {
      paid: "تمسار: شكرًا لك! تم دفع الطلب {{number}}. {{link}}",
      processing: "تمسار: نجهّز طلبك {{number}}. {{link}}",
      outForDelivery: "تمسار: طلبك {{number}} في الطريق إليك اليوم. {{link}}",
      delivered: "تمسار: تم توصيل طلبك {{number}}. {{link}}",
      cancelled: "تمسار: تم إلغاء طلبك {{number}}. {{link}}",
      refund: "تمسار: تم استرداد مبلغ من طلبك {{number}}. {{link}}",
      delay: "تمسار: نعتذر، يصل طلبك {{number}} يوم {{date}}. {{link}}",
    },
    orderUpdate: {
      subject: "الطلب {{number}}: {{what}}",
      hello: "مرحبًا {{name}}،",
      processing: "نجهّز طلبك {{number}} بكل عناية.",
      outForDelivery: "طلبك {{number}} في الطريق إليك اليوم.",
      delivered: "تم توصيل طلبك {{number}}. نتمنى أن ينال إعجابك!",
      cancelled: "تم إلغاء طلبك {{number}}. إن لم تكن تتوقع ذلك، فقط رُدّ على هذه الرسالة.",
      delay: "تأخر طلبك {{number}} أكثر مما أردنا: سيصل إليك يوم {{date}}. نعتذر عن الانتظار.",
      short: { processing: "قيد التجهيز", outForDelivery: "في الطريق", delivered: "تم التوصيل", cancelled: "ملغى" },
      delayShort: "يصل يوم {{date}}",
      invoice: "طلبك وفاتورتك: {{link}}",
      invoiceLink: "عرض طلبك وفاتورتك",
      thanks: "شكرًا لتسوقك من تمسار للإكسسوارات.",
    },
    creditNote: {
      subject: "إشعار دائن {{number}} للطلب {{order}}",
      refunded: "مرحبًا {{name}}، تم استرداد مبلغ {{amount}} من طلبك {{order}} بتاريخ {{date}}.",
      attached: "مرفق إشعار الدائن {{number}}. المبلغ المدفوع المتبقي للطلب: {{remaining}}.",
      bank: "يعود المبلغ إلى البطاقة أو حساب كي نت الذي دفعت به، وقد يستغرق ظهوره لدى البنك بضعة أيام.",
      link: "إشعار الدائن: {{link}}",
      linkLabel: "عرض إشعار الدائن",
    },
    verificationCode: {
      subject: "رمز التحقق من تمسار للإكسسوارات",
      heading: "تأكيد بريدك الإلكتروني",
      code: "رمز التحقق الخاص بك هو {{code}}.",
      valid: "الرمز صالح لمدة {{minutes}} دقائق ويمكن استخدامه مرة واحدة.",
      ignore: "إذا لم تطلب هذا الرمز يمكنك تجاهل هذه الرسالة.",
    },
    resetCode: {
      subject: "رمز إعادة تعيين كلمة المرور من تمسار للإكسسوارات",
      heading: "إعادة تعيين كلمة المرور",
      code: "رمز إعادة تعيين كلمة المرور هو {{code}}.",
      valid: "الرمز صالح لمدة {{minutes}} دقائق ويمكن استخدامه مرة واحدة.",
      ignore: "إذا لم تطلب إعادة تعيين كلمة المرور تجاهل هذه الرسالة، فكلمة مرورك لم تتغير.",
    },
    alreadyRegistered: {
      subject: "لديك حساب في تمسار للإكسسوارات بالفعل",
      heading: "لديك حساب بالفعل",
      body: "طلب أحدهم التسجيل بهذا البريد، لكن له حساباً بالفعل. سجّل الدخول من {{login}} أو أعد تعيين كلمة المرور من {{reset}}.",
      ignore: "إذا لم تكن أنت فيمكنك تجاهل هذه الرسالة.",
    },
    passwordChanged: {
      subject: "تم تغيير كلمة مرور حسابك في تمسار للإكسسوارات",
      heading: "تم تغيير كلمة المرور",
      body: "تم تغيير كلمة مرور حسابك للتو وتسجيل الخروج من جميع الأجهزة.",
      act: "إذا لم تقم بذلك فأعد تعيين كلمة المرور فوراً وتواصل معنا.",
    },
  },
};

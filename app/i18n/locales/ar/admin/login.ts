import type { login as en } from "../../en/admin/login";
import type { TranslationOf } from "../../../types";

export const login: TranslationOf<typeof en> = {
  login: {
    title: "دخول المسؤول",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    submit: "تسجيل الدخول",
    failed: "فشل تسجيل الدخول",
    invalidCredentials: "بيانات الدخول غير صحيحة",
    code: "الرمز من تطبيق المصادقة، أو رمز استرداد",
    codeIntro: "التحقق بخطوتين مفعّل لهذا الحساب: اكتب الرمز الذي يظهر في تطبيق المصادقة.",
    codeSubmit: "تحقق",
    codeInvalid: "الرمز غير صحيح أو انتهت صلاحيته.",
    tooManyAttempts: "محاولات كثيرة جداً. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.",
  },
};

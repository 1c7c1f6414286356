import type { enServer } from "./en-server.ts";
import type { TwinCatalog } from "./locale.ts";

/**
 * The Arabic twin of en-server.ts (issue 14): what the server says about accounts, addresses and orders
 * and the validation sentences of core/schemas/account.schema.ts, for screens that show them in Arabic
 * (the server's own answers stay English beside a machine `code`). Same keys, same placeholders.
 */
export const arServer: TwinCatalog<keyof typeof enServer> = {
  "field.body": "يجب أن يكون محتوى الطلب كائن JSON.",
  "field.nameRequired": "يرجى إدخال اسمك الكامل.",
  "field.nameTooLong": "يمكن أن يتكون اسمك من 100 حرف كحد أقصى.",
  "field.nameInvalid": "يحتوي اسمك على حرف غير مسموح به.",
  "field.phoneRequired": "يرجى إدخال رقم هاتفك.",
  "field.phoneInvalid": "يرجى إدخال رقم هاتف متحرك إماراتي صحيح، مثل 050 123 4567.",
  "field.emailRequired": "يرجى إدخال بريدك الإلكتروني.",
  "field.emailInvalid": "يرجى إدخال بريد إلكتروني صحيح.",
  "field.identifierRequired": "يرجى إدخال بريدك الإلكتروني أو رقم هاتفك.",
  "field.identifierInvalid": "يرجى إدخال بريد إلكتروني صحيح أو رقم هاتف متحرك إماراتي.",
  "field.passwordRequired": "يرجى إدخال كلمة المرور.",
  "field.passwordTooShort": "يجب أن تتكون كلمة المرور من 8 أحرف على الأقل.",
  "field.passwordTooLong": "يمكن أن تتكون كلمة المرور من 128 حرفًا كحد أقصى.",
  "field.currentPasswordRequired": "يرجى إدخال كلمة المرور الحالية.",
  "field.newPasswordRequired": "يرجى إدخال كلمة مرور جديدة.",
  "field.otpInvalid": "يرجى إدخال الرمز المكون من 6 أرقام.",
  "field.otpEmailOnly": "التحقق بالرمز متاح لحسابات البريد الإلكتروني فقط.",
  "field.credentialRequired": "لم يصل رد تسجيل الدخول عبر Google. يرجى المحاولة مرة أخرى.",
  "field.signupAllowed": "يجب أن تكون قيمة signupAllowed صحيحة أو خاطئة.",
  "field.firstNameRequired": "يرجى إدخال الاسم الأول.",
  "field.firstNameTooLong": "يمكن أن يتكون الاسم الأول من 60 حرفًا كحد أقصى.",
  "field.lastNameTooLong": "يمكن أن يتكون اسم العائلة من 60 حرفًا كحد أقصى.",
  "field.addressRequired": "يرجى إدخال عنوان الشارع.",
  "field.addressTooLong": "يمكن أن يتكون عنوان الشارع من 200 حرف كحد أقصى.",
  "field.landmarkTooLong": "يمكن أن يتكون المعلم القريب من 100 حرف كحد أقصى.",
  "field.cityRequired": "يرجى إدخال المدينة.",
  "field.cityTooLong": "يمكن أن يتكون اسم المدينة من 60 حرفًا كحد أقصى.",
  "field.stateInvalid":
    "يرجى اختيار إمارة: أبوظبي أو دبي أو الشارقة أو عجمان أو أم القيوين أو رأس الخيمة أو الفجيرة.",
  "field.postcodeRequired": "يرجى إدخال الرمز البريدي.",
  "field.postcodeInvalid": "يرجى إدخال رمز بريدي صحيح: حتى 12 حرفًا أو رقمًا أو مسافة أو شرطة.",
  "field.countryInvalid": "نوصل الطلبات داخل دولة الإمارات فقط.",
  "field.addressMissing": "يرجى إرسال العنوان المراد حفظه.",
  "field.addressIndex": "يرجى اختيار أحد عناوينك المحفوظة.",

  "session.required": "يرجى تسجيل الدخول للمتابعة.",
  "session.invalid": "انتهت صلاحية جلستك. يرجى تسجيل الدخول مرة أخرى.",

  "limit.tooMany.zero": "محاولات كثيرة. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.",
  "limit.tooMany.one": "محاولات كثيرة. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
  "limit.tooMany.two": "محاولات كثيرة. يرجى الانتظار دقيقتين ثم المحاولة مرة أخرى.",
  "limit.tooMany.few": "محاولات كثيرة. يرجى الانتظار {count} دقائق ثم المحاولة مرة أخرى.",
  "limit.tooMany.many": "محاولات كثيرة. يرجى الانتظار {count} دقيقة ثم المحاولة مرة أخرى.",
  "limit.tooMany.other": "محاولات كثيرة. يرجى الانتظار {count} دقيقة ثم المحاولة مرة أخرى.",

  "auth.registered":
    "تم إنشاء الحساب. أرسلنا رمزًا من 6 أرقام إلى \u2066{email}\u2069: يرجى إدخاله لتأكيد بريدك الإلكتروني.",
  "auth.registeredNoEmail": "تم إنشاء الحساب. يمكنك الآن تسجيل الدخول برقم هاتفك وكلمة المرور.",
  "auth.emailTaken":
    "يوجد حساب بهذا البريد الإلكتروني بالفعل. يرجى تسجيل الدخول، أو إعادة تعيين كلمة المرور إن نسيتها.",
  "auth.phoneTaken": "يوجد حساب بهذا الرقم بالفعل. يرجى تسجيل الدخول بدلًا من ذلك.",
  "auth.invalidCredentials": "البريد الإلكتروني أو رقم الهاتف أو كلمة المرور غير صحيحة.",
  "auth.unverified":
    "يرجى تأكيد بريدك الإلكتروني قبل تسجيل الدخول. أرسلنا رمزًا من 6 أرقام إلى \u2066{email}\u2069.",
  "auth.unverifiedRecent":
    "يرجى تأكيد بريدك الإلكتروني قبل تسجيل الدخول. يرجى إدخال الرمز المكون من 6 أرقام الذي أرسلناه إلى \u2066{email}\u2069 قبل قليل.",
  "auth.loggedIn": "أهلًا بعودتك، {name}.",
  "auth.otpVerified": "تم تأكيد بريدك الإلكتروني. يمكنك الآن تسجيل الدخول.",
  "auth.otpMissing": "الرمز غير صحيح أو منتهي الصلاحية. يرجى التحقق من الرمز أو طلب رمز جديد.",
  "auth.resetSent":
    "إذا كان هناك حساب مرتبط بـ \u2066{email}\u2069، فقد أرسلنا إليه رمزًا من 6 أرقام. الرمز صالح لمدة 10 دقائق.",
  "auth.resetDone": "تمت إعادة تعيين كلمة المرور. يرجى تسجيل الدخول بكلمة المرور الجديدة.",
  "auth.passwordChanged": "تم تغيير كلمة المرور.",
  "auth.currentPasswordWrong": "كلمة المرور الحالية غير صحيحة.",
  "auth.samePassword": "يجب أن تختلف كلمة المرور الجديدة عن كلمة المرور الحالية.",
  "auth.noPasswordYet":
    "يسجل حسابك الدخول عبر Google وليس له كلمة مرور بعد. يمكنك استخدام «نسيت كلمة المرور» لتعيين واحدة.",

  "auth.google.notConfigured": "تسجيل الدخول عبر Google غير مفعّل في هذا المتجر.",
  "auth.google.unavailable": "تسجيل الدخول عبر Google غير متاح حاليًا. يرجى المحاولة لاحقًا.",
  "auth.google.invalid": "تعذر التحقق من تسجيل دخولك عبر Google. يرجى المحاولة مرة أخرى.",
  "auth.google.emailUnverified": "البريد الإلكتروني لحسابك في Google غير مؤكد، لذا لا يمكن استخدامه هنا.",
  "auth.google.phoneRequired": "رقم الهاتف مطلوب لإنشاء الحساب.",
  "auth.google.noAccount": "لا يوجد حساب مرتبط بحساب Google هذا. يرجى إنشاء حساب أولًا.",
  "auth.google.otherGoogle": "هذا البريد الإلكتروني مرتبط بالفعل بحساب Google آخر.",
  "auth.google.signedIn": "تم تسجيل الدخول عبر Google.",
  "auth.google.signedUp": "تم إنشاء حسابك.",

  "profile.updated": "تم تحديث ملفك الشخصي.",
  "profile.updatedVerify":
    "تم تحديث ملفك الشخصي. أرسلنا رمزًا من 6 أرقام إلى \u2066{email}\u2069: سيُطلب منك عند تسجيل الدخول في المرة القادمة.",
  "profile.emailTaken": "هذا البريد الإلكتروني مستخدم في حساب آخر.",
  "profile.phoneTaken": "رقم الهاتف هذا مستخدم في حساب آخر.",

  "addresses.saved": "تمت إضافة العنوان.",
  "addresses.updated": "تم تحديث العنوان.",
  "addresses.removed": "تم حذف العنوان.",
  "addresses.primarySet": "تم تحديث العنوان الرئيسي.",
  "addresses.notFound": "لم يعد هذا العنوان في قائمتك. يرجى تحديث الصفحة والمحاولة مرة أخرى.",
  "addresses.limit": "يمكنك حفظ {max} عنوانًا كحد أقصى. يرجى حذف عنوان أولًا.",
};

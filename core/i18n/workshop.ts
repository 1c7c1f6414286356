import type { WorkStep } from "../schemas/measurements.ts";

/**
 * The workshop's words (issue 29, part 2; decision 0041) in English and Arabic: a made-to-measure line's
 * steps as the shopper's order page, the printed work order and the ready mail name them.
 */

export const WORK_STEP_NAMES: Record<"en" | "ar", Record<WorkStep, string>> = {
  en: {
    measured: "Measured",
    cutting: "Cutting",
    stitching: "Stitching",
    finishing: "Finishing",
    ready: "Ready",
  },
  ar: {
    measured: "تم أخذ المقاسات",
    cutting: "القص",
    stitching: "الخياطة",
    finishing: "التشطيب",
    ready: "جاهز",
  },
};

export const WORKSHOP_TEXT = {
  en: {
    madeToMeasure: "Made to measure",
    style: "Style",
    readyBy: "Ready by",
    step: "Workshop step",
    steps: "Tailoring steps",
    current: "current step",
    done: "done",
    mailSubject: "Your made-to-measure order {number} is ready",
    mailIntro: "Good news: the tailoring of your order {number} is finished.",
    mailLines: "Ready:",
    mailNext: "We will now pack it and send it to you; you will get another e-mail when it ships.",
    mailThanks: "Thank you for shopping with {shop}.",
  },
  ar: {
    madeToMeasure: "تفصيل حسب المقاس",
    style: "التصميم",
    readyBy: "جاهز بحلول",
    step: "مرحلة التفصيل",
    steps: "مراحل التفصيل",
    current: "المرحلة الحالية",
    done: "تمت",
    mailSubject: "طلبك المفصّل {number} جاهز",
    mailIntro: "خبر سعيد: انتهى تفصيل طلبك رقم {number}.",
    mailLines: "الجاهز:",
    mailNext: "سنقوم الآن بتغليفه وإرساله إليكِ، وستصلك رسالة أخرى عند شحنه.",
    mailThanks: "شكراً لتسوقك من {shop}.",
  },
} as const;

export type WorkshopText = (typeof WORKSHOP_TEXT)["en"];

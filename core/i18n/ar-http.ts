import type { enHttp } from "./en-http.ts";

/** The Arabic twin of en-http.ts (issue 14): answers to requests refused before they reach a route. */
export const arHttp: Record<keyof typeof enHttp, string> = {
  "http.headersTooLarge":
    "ترويسات الطلب كبيرة جدًا. يرجى مسح ملفات تعريف الارتباط لهذا الموقع والمحاولة مرة أخرى.",
  "http.requestTimeout": "استغرق وصول الطلب وقتًا طويلًا. يرجى المحاولة مرة أخرى.",
  "http.badRequest": "تعذرت قراءة الطلب. يرجى المحاولة مرة أخرى.",
  "http.busy": "المتجر مشغول الآن. يرجى المحاولة مرة أخرى بعد قليل.",
};

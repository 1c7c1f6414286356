import type { enSizeGuide } from "./en-size-guide.ts";

/** Arabic twin of en-size-guide.ts: filled in by the product page's loader, like the English one. */
export const arSizeGuide = {
  "sizeGuide.units": "قياسات الجسم بالسنتيمتر والبوصة.",
  "sizeGuide.cm": "{value} سم",
  "sizeGuide.in": "{value} بوصة",
  "sizeGuide.cmRange": "{from}–{to} سم",
  "sizeGuide.howTo": "طريقة أخذ المقاسات",
  "sizeGuide.diagram":
    "رسم يوضح مواضع القياس: 1 الطول من أعلى الرأس إلى الأرض، 2 الصدر، 3 الخصر، 4 الورك حول الجسم.",
  "sizeGuide.height": "الطول: قفي باستقامة دون حذاء وقيسي من أعلى رأسك إلى الأرض.",
  "sizeGuide.bust": "الصدر: حول أعرض جزء من الصدر، مع إبقاء شريط القياس مستويًا تحت الإبطين.",
  "sizeGuide.waist": "الخصر: حول خط الخصر الطبيعي، وهو أنحف جزء من الجذع.",
  "sizeGuide.hip": "الورك: حول أعرض جزء من الوركين، مع ضم القدمين.",
  "sizeGuide.between":
    "بين مقاسين؟ اختاري المقاس المناسب لصدرك ووركيك والطول الذي يناسب قامتك، أو اطلبي خدمة الخياطة لعباية مفصّلة على مقاسك.",
} as const satisfies Record<keyof typeof enSizeGuide, string>;

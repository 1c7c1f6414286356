/** Demo customer reviews: mostly happy, some mixed, a couple of honest complaints. */

export interface DemoReview {
  productSlug: string;
  userName: string;
  rating: 1 | 2 | 3 | 4 | 5;
  /** 10 to 1000 characters. */
  comment: string;
  isVerifiedPurchase: boolean;
  /** ISO date-time in 2026, after the product appeared. */
  date: string;
}

export const DEMO_REVIEWS: DemoReview[] = [
  // Noor Crepe Abaya
  {
    productSlug: "noor-crepe-abaya",
    userName: "Aisha K.",
    rating: 5,
    comment:
      "The crepe has a lovely weight and falls straight without clinging. I wear it to work three days a week and it still looks new. The gold piping on the cuffs is subtle and classy.",
    isVerifiedPurchase: true,
    date: "2026-02-04T10:12:00.000Z",
  },
  {
    productSlug: "noor-crepe-abaya",
    userName: "Fatima R.",
    rating: 5,
    comment:
      "Perfect everyday abaya. True to size, I took my usual M/54 and the length is exactly right with flats.",
    isVerifiedPurchase: true,
    date: "2026-03-11T18:40:00.000Z",
  },
  {
    productSlug: "noor-crepe-abaya",
    userName: "Latifa M.",
    rating: 4,
    comment:
      "Beautiful quality and very comfortable. Only four stars because I wish it had pockets, but otherwise it is my favourite black abaya.",
    isVerifiedPurchase: true,
    date: "2026-05-02T09:05:00.000Z",
  },
  // Layla Embroidered Nida Abaya
  {
    productSlug: "layla-embroidered-nida-abaya",
    userName: "Mariam A.",
    rating: 5,
    comment:
      "The embroidery is even prettier in person. It is fine and neat, not bulky at all, and the nida is so light I forgot I was wearing it at a long lunch.",
    isVerifiedPurchase: true,
    date: "2026-02-27T13:22:00.000Z",
  },
  {
    productSlug: "layla-embroidered-nida-abaya",
    userName: "Noura S.",
    rating: 4,
    comment:
      "Lovely abaya, arrived the next day in Dubai. The sleeves are a little long for me but the shop offered a free alteration, which was kind.",
    isVerifiedPurchase: true,
    date: "2026-04-15T16:48:00.000Z",
  },
  {
    productSlug: "layla-embroidered-nida-abaya",
    userName: "Hessa B.",
    rating: 3,
    comment:
      "The fabric and embroidery are nice, but the navy I received was darker than the photos. Still wearable, just not the shade I expected.",
    isVerifiedPurchase: false,
    date: "2026-06-03T20:10:00.000Z",
  },
  // Maha Everyday Nida Abaya
  {
    productSlug: "maha-everyday-nida-abaya",
    userName: "Shamma J.",
    rating: 5,
    comment:
      "Bought one in black and came back for grey. Washes well, dries in an hour and the pockets are deep enough for my phone.",
    isVerifiedPurchase: true,
    date: "2026-01-30T08:15:00.000Z",
  },
  {
    productSlug: "maha-everyday-nida-abaya",
    userName: "Rukhsana P.",
    rating: 5,
    comment: "Great value for the price. Simple, modest and comfortable for the school run.",
    isVerifiedPurchase: true,
    date: "2026-03-19T07:55:00.000Z",
  },
  {
    productSlug: "maha-everyday-nida-abaya",
    userName: "Alya H.",
    rating: 4,
    comment:
      "Good basic abaya. The fabric is thinner than my other nida abayas but that makes it nice and cool in the heat.",
    isVerifiedPurchase: true,
    date: "2026-07-08T12:30:00.000Z",
  },
  {
    productSlug: "maha-everyday-nida-abaya",
    userName: "Meera V.",
    rating: 2,
    comment:
      "The stitching on one side seam came loose after the second wash. Customer service replaced it quickly, but I expected better from the start.",
    isVerifiedPurchase: true,
    date: "2026-08-21T17:05:00.000Z",
  },
  // Hessa Lace-Trim Abaya
  {
    productSlug: "hessa-lace-trim-abaya",
    userName: "Reem T.",
    rating: 5,
    comment:
      "The champagne lace against the black nida is so elegant. I wore it to a wedding and received so many compliments. The lace does not scratch at all.",
    isVerifiedPurchase: true,
    date: "2026-02-19T21:00:00.000Z",
  },
  {
    productSlug: "hessa-lace-trim-abaya",
    userName: "Dana F.",
    rating: 4,
    comment:
      "Very beautiful abaya. I was waiting for L/56 to come back in stock, so I am glad I ordered the M early.",
    isVerifiedPurchase: true,
    date: "2026-05-27T14:35:00.000Z",
  },
  // Safa Kimono Abaya
  {
    productSlug: "safa-kimono-abaya",
    userName: "Khadija N.",
    rating: 5,
    comment:
      "The star print is so subtle, you only see it up close. The kimono cut is very flattering and easy to move in.",
    isVerifiedPurchase: true,
    date: "2026-03-14T11:11:00.000Z",
  },
  {
    productSlug: "safa-kimono-abaya",
    userName: "Sumaya L.",
    rating: 4,
    comment: "Lovely colour and drape. It creases a little in the car but a quick steam fixes it.",
    isVerifiedPurchase: false,
    date: "2026-06-29T09:45:00.000Z",
  },
  // Rawda Linen Kimono Abaya
  {
    productSlug: "rawda-linen-kimono-abaya",
    userName: "Zainab Q.",
    rating: 5,
    comment:
      "Finally an abaya I can wear in August. The linen is soft, not stiff, and the ivory colour is gorgeous. I get asked where it is from every time.",
    isVerifiedPurchase: true,
    date: "2026-07-16T10:20:00.000Z",
  },
  {
    productSlug: "rawda-linen-kimono-abaya",
    userName: "Amna Y.",
    rating: 4,
    comment: "Very cool and comfortable. Slightly see-through in bright sun, so I wear a slip underneath.",
    isVerifiedPurchase: true,
    date: "2026-08-05T15:00:00.000Z",
  },
  // Mira Butterfly Abaya
  {
    productSlug: "mira-butterfly-abaya",
    userName: "Lubna G.",
    rating: 5,
    comment:
      "It really does look like wings when you move. The lace edging is delicate and well finished. Got it on sale, great deal.",
    isVerifiedPurchase: true,
    date: "2026-05-13T19:25:00.000Z",
  },
  {
    productSlug: "mira-butterfly-abaya",
    userName: "Huda E.",
    rating: 3,
    comment:
      "Pretty abaya but the chiffon catches on my bag strap easily. I now save it for evenings out rather than daily wear.",
    isVerifiedPurchase: true,
    date: "2026-07-22T20:40:00.000Z",
  },
  // Ghalia Pearl-Cuff Abaya
  {
    productSlug: "ghalia-pearl-cuff-abaya",
    userName: "Moza A.",
    rating: 5,
    comment:
      "The pearl cuffs are exquisite and firmly sewn. The heavy crepe makes it look very expensive. Worth every dirham.",
    isVerifiedPurchase: true,
    date: "2026-10-25T12:00:00.000Z",
  },
  {
    productSlug: "ghalia-pearl-cuff-abaya",
    userName: "Sara W.",
    rating: 5,
    comment: "Ordered for my sister's engagement and it arrived the same day. Beautifully packed too.",
    isVerifiedPurchase: true,
    date: "2026-11-03T17:30:00.000Z",
  },
  // Dana Velvet Evening Abaya
  {
    productSlug: "dana-velvet-evening-abaya",
    userName: "Maitha K.",
    rating: 5,
    comment:
      "Rich colour, soft velvet and the gold embroidery is stunning under evening light. Perfect for winter weddings.",
    isVerifiedPurchase: true,
    date: "2026-11-08T22:10:00.000Z",
  },
  // Nadia Embellished Bisht Abaya
  {
    productSlug: "nadia-embellished-bisht-abaya",
    userName: "Sheikha R.",
    rating: 5,
    comment:
      "A true statement piece. The zari work is dense and even, and the georgette layers move beautifully. I felt like a bride at my cousin's wedding.",
    isVerifiedPurchase: true,
    date: "2026-11-17T19:50:00.000Z",
  },
  // Zareen Embroidered Lawn Suit
  {
    productSlug: "zareen-embroidered-lawn-suit",
    userName: "Ayesha M.",
    rating: 5,
    comment:
      "The lawn is so soft and breathable, exactly like the suits I buy in Lahore. The maroon embroidery on the mustard is beautiful and the stitching is neat.",
    isVerifiedPurchase: true,
    date: "2026-04-09T11:40:00.000Z",
  },
  {
    productSlug: "zareen-embroidered-lawn-suit",
    userName: "Sadia I.",
    rating: 4,
    comment: "Lovely suit. The trousers run slightly long, but the dupatta is gorgeous and light.",
    isVerifiedPurchase: true,
    date: "2026-05-18T16:05:00.000Z",
  },
  {
    productSlug: "zareen-embroidered-lawn-suit",
    userName: "Nimra S.",
    rating: 5,
    comment:
      "Washed it three times already and the colours have not faded at all. Ordering the teal one next.",
    isVerifiedPurchase: true,
    date: "2026-07-01T09:30:00.000Z",
  },
  // Mehr Chikankari Kurta Set
  {
    productSlug: "mehr-chikankari-kurta-set",
    userName: "Priya D.",
    rating: 5,
    comment: "Delicate shadow work and very soft cotton. It is my go-to outfit for Friday lunches now.",
    isVerifiedPurchase: true,
    date: "2026-10-28T13:15:00.000Z",
  },
  {
    productSlug: "mehr-chikankari-kurta-set",
    userName: "Hafsa Z.",
    rating: 4,
    comment:
      "Beautiful and comfortable. The ivory is slightly sheer, so a camisole underneath is a good idea.",
    isVerifiedPurchase: false,
    date: "2026-11-09T10:00:00.000Z",
  },
  // Rania Gota Sharara Set
  {
    productSlug: "rania-gota-sharara-set",
    userName: "Mahnoor A.",
    rating: 5,
    comment:
      "Wore this for my mehndi and it was perfect. The shararas are so full and the gota work sparkles without being too much.",
    isVerifiedPurchase: true,
    date: "2026-11-15T21:20:00.000Z",
  },
  // Ayesha Flared Anarkali
  {
    productSlug: "ayesha-flared-anarkali",
    userName: "Rabia H.",
    rating: 5,
    comment:
      "The flare is incredible and the lining makes it comfortable even for a long evening. The maroon is rich and deep.",
    isVerifiedPurchase: true,
    date: "2026-09-30T20:00:00.000Z",
  },
  {
    productSlug: "ayesha-flared-anarkali",
    userName: "Iqra B.",
    rating: 3,
    comment:
      "Beautiful dress but it is quite heavy. The bodice fit was tight for me, so I would suggest sizing up.",
    isVerifiedPurchase: true,
    date: "2026-10-17T18:45:00.000Z",
  },
  // Sana Printed Lawn Suit
  {
    productSlug: "sana-printed-lawn-suit",
    userName: "Farzana K.",
    rating: 4,
    comment:
      "Pretty print and cool fabric. Great price during the sale. The dupatta is a little thin but fine for summer.",
    isVerifiedPurchase: true,
    date: "2026-06-07T12:25:00.000Z",
  },
  {
    productSlug: "sana-printed-lawn-suit",
    userName: "Anam R.",
    rating: 5,
    comment: "Lilac is such a fresh colour. Fits perfectly, I ordered S/52 and the length was just right.",
    isVerifiedPurchase: true,
    date: "2026-07-12T08:50:00.000Z",
  },
  // Kiran Velvet Kurta Set
  {
    productSlug: "kiran-velvet-kurta-set",
    userName: "Uzma F.",
    rating: 4,
    comment:
      "Gorgeous velvet and the silver tilla work is beautiful. Warm enough for a December wedding in Al Ain.",
    isVerifiedPurchase: true,
    date: "2026-03-02T19:10:00.000Z",
  },
  // Gulnaz Unstitched Lawn 3-Piece
  {
    productSlug: "gulnaz-unstitched-lawn-3-piece",
    userName: "Shazia N.",
    rating: 5,
    comment:
      "Beautiful print and generous fabric lengths. I used the stitching service and the suit came back in ten days, fitting perfectly.",
    isVerifiedPurchase: true,
    date: "2026-04-25T10:35:00.000Z",
  },
  {
    productSlug: "gulnaz-unstitched-lawn-3-piece",
    userName: "Tahira L.",
    rating: 4,
    comment:
      "Good quality lawn. The chiffon dupatta is lovely. Shrank very slightly after pre-washing, as expected.",
    isVerifiedPurchase: true,
    date: "2026-05-30T14:00:00.000Z",
  },
  {
    productSlug: "gulnaz-unstitched-lawn-3-piece",
    userName: "Bushra S.",
    rating: 5,
    comment: "Third lawn set I have bought here. Consistent quality every time and fast delivery to Sharjah.",
    isVerifiedPurchase: true,
    date: "2026-08-14T11:20:00.000Z",
  },
  // Mahnoor Unstitched Khaddar 3-Piece
  {
    productSlug: "mahnoor-unstitched-khaddar-3-piece",
    userName: "Samina J.",
    rating: 4,
    comment:
      "Warm, soft khaddar with a lovely paisley. At this sale price it is a bargain. The shawl is my favourite part.",
    isVerifiedPurchase: true,
    date: "2026-02-08T16:30:00.000Z",
  },
  {
    productSlug: "mahnoor-unstitched-khaddar-3-piece",
    userName: "Kulsoom A.",
    rating: 1,
    comment:
      "The colour of the shirt fabric bled onto the trousers fabric in the first cold wash. Very disappointed, although the refund was processed.",
    isVerifiedPurchase: true,
    date: "2026-03-03T09:00:00.000Z",
  },
  // Shireen Unstitched Chiffon 3-Piece
  {
    productSlug: "shireen-unstitched-chiffon-3-piece",
    userName: "Mehwish T.",
    rating: 5,
    comment:
      "The embroidery panels are beautiful and clearly marked. My tailor was impressed with the quality of the chiffon.",
    isVerifiedPurchase: true,
    date: "2026-11-12T13:40:00.000Z",
  },
  // Jameela Embroidered Jalabiya
  {
    productSlug: "jameela-embroidered-jalabiya",
    userName: "Asma H.",
    rating: 5,
    comment:
      "I wore this every evening in Ramadan. Comfortable for taraweeh, and the gold neckline looks elegant for iftar guests. The emerald is beautiful.",
    isVerifiedPurchase: true,
    date: "2026-03-22T22:15:00.000Z",
  },
  {
    productSlug: "jameela-embroidered-jalabiya",
    userName: "Nadia O.",
    rating: 4,
    comment:
      "Roomy and well made. The buttons at the neck are a bit small to fasten quickly, but it looks lovely.",
    isVerifiedPurchase: true,
    date: "2026-04-05T10:50:00.000Z",
  },
  // Farah Silk Kaftan
  {
    productSlug: "farah-silk-kaftan",
    userName: "Wadha S.",
    rating: 5,
    comment:
      "Pure silk that feels wonderful on the skin. The teal and gold together are stunning. My favourite Eid outfit this year.",
    isVerifiedPurchase: true,
    date: "2026-03-24T12:05:00.000Z",
  },
  // Lulwa Linen Jalabiya
  {
    productSlug: "lulwa-linen-jalabiya",
    userName: "Fatma Y.",
    rating: 5,
    comment:
      "Simple and elegant, cool in the heat. The embroidery at the neckline is hand finished and very neat.",
    isVerifiedPurchase: true,
    date: "2026-06-11T17:20:00.000Z",
  },
  {
    productSlug: "lulwa-linen-jalabiya",
    userName: "Ruba M.",
    rating: 4,
    comment:
      "Lovely jalabiya for home. Linen creases a lot, so it is not one for sitting in the car all day.",
    isVerifiedPurchase: false,
    date: "2026-07-27T08:40:00.000Z",
  },
  // Wafa Cotton Day Jalabiya
  {
    productSlug: "wafa-cotton-day-jalabiya",
    userName: "Salwa K.",
    rating: 4,
    comment: "Comfortable cotton, nice stripes and pockets. Excellent for this price on sale. Bought two.",
    isVerifiedPurchase: true,
    date: "2026-07-19T15:30:00.000Z",
  },
  {
    productSlug: "wafa-cotton-day-jalabiya",
    userName: "Roza P.",
    rating: 3,
    comment:
      "Good for lounging at home. The fabric is thinner than I expected, but it is soft and washes well.",
    isVerifiedPurchase: true,
    date: "2026-09-02T10:10:00.000Z",
  },
  // Shaikha Velvet Jalabiya
  {
    productSlug: "shaikha-velvet-jalabiya",
    userName: "Mouza H.",
    rating: 5,
    comment:
      "Regal. The yoke embroidery is heavy and beautiful and the velvet drapes perfectly. Ideal for a henna night.",
    isVerifiedPurchase: true,
    date: "2026-11-05T20:30:00.000Z",
  },
  // Bashayer Beaded Kaftan
  {
    productSlug: "bashayer-beaded-kaftan",
    userName: "Abeer D.",
    rating: 5,
    comment:
      "The beadwork is stunning and nothing came loose even after a long evening of hugging relatives. Flattering cut.",
    isVerifiedPurchase: true,
    date: "2026-09-26T23:05:00.000Z",
  },
  {
    productSlug: "bashayer-beaded-kaftan",
    userName: "Rasha N.",
    rating: 4,
    comment:
      "Beautiful kaftan, but the beaded neckline is a little heavy on the shoulders. Still gorgeous in photographs.",
    isVerifiedPurchase: true,
    date: "2026-10-11T19:00:00.000Z",
  },
  // Salma Silk Eid Jalabiya
  {
    productSlug: "salma-silk-eid-jalabiya",
    userName: "Lamya A.",
    rating: 5,
    comment:
      "Soft blush silk with delicate rose-gold embroidery. It looks so elegant and photographs beautifully.",
    isVerifiedPurchase: true,
    date: "2026-10-20T11:45:00.000Z",
  },
];

import "./zod-setup.ts";
import { z } from "zod";
import type { CartData, CartQuoteLine, WishlistItem } from "../cart.ts";
import type { BlogPostDto, ProductDto, ReviewDto, ReviewSummaryDto } from "../catalog.ts";
import { LOCALES } from "../locale.ts";
import type { AddressDto, UserDto } from "./account.schema.ts";
import type { OwnReviewDto } from "./review.schema.ts";
import { StitchingChoiceSchema, StitchingQuoteSchema } from "./stitched-line.ts";

/**
 * The answers' data as zod schemas (issue 23; decision 0028): each names every field its core/ type has,
 * and `satisfies` ties the two, so a field added to a DTO without its schema fails the type check, and
 * one sent without being declared fails the server's contract check (server/contract.ts). Each has an
 * `id`: the OpenAPI document lists it once under `components.schemas` and refers to it (decision 0028).
 */

const enFields = z.array(z.string()).optional();

export const ProductDtoSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    image: z.array(z.string()),
    images: z.array(z.object({ url: z.string(), alt: z.string(), width: z.number(), height: z.number() })),
    type: z.string(),
    category: z.string(),
    filter_name: z.string(),
    colors: z.array(z.string()),
    popularity: z.number(),
    sizes: z.array(z.string()),
    bestseller: z.boolean(),
    isNew: z.boolean(),
    isSale: z.boolean(),
    date: z.string(),
    createdAt: z.string(),
    variants: z.array(
      z.object({
        _id: z.string(),
        filter_value: z.string(),
        retail_price: z.number(),
        discount: z.number(),
        stock: z.number().nullable(),
        sku: z.string(),
      }),
    ),
    price: z.number(),
    salePrice: z.number().optional(),
    labels: z.object({ type: z.string(), fabric: z.string(), colors: z.array(z.string()) }).optional(),
    enFields,
  })
  .meta({ id: "ProductDto", description: "ProductDto (core/catalog.ts)" }) satisfies z.ZodType<ProductDto>;

export const BlogPostDtoSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    excerpt: z.string(),
    content: z.string(),
    image: z.string(),
    date: z.string(),
    author: z.string(),
    readTime: z.string(),
    category: z.string(),
    slug: z.string(),
    enFields,
  })
  .meta({ id: "BlogPostDto", description: "BlogPostDto (core/catalog.ts)" }) satisfies z.ZodType<BlogPostDto>;

export const ReviewDtoSchema = z
  .object({
    _id: z.string(),
    userName: z.string(),
    rating: z.number(),
    comment: z.string(),
    isVerifiedPurchase: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "ReviewDto", description: "ReviewDto (core/catalog.ts)" }) satisfies z.ZodType<ReviewDto>;

export const AddressDtoSchema = z
  .object({
    _id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    address: z.string(),
    landmark: z.string(),
    city: z.string(),
    state: z.string(),
    postcode: z.string(),
    country: z.string(),
    email: z.string(),
    phone: z.string(),
  })
  .meta({
    id: "AddressDto",
    description: "AddressDto (core/schemas/account.schema.ts)",
  }) satisfies z.ZodType<AddressDto>;

export const UserDtoSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string(),
    emailVerified: z.boolean(),
    hasPassword: z.boolean(),
    googleLinked: z.boolean(),
    language: z.enum(LOCALES),
    createdAt: z.string(),
  })
  .meta({
    id: "UserDto",
    description: "UserDto (core/schemas/account.schema.ts)",
  }) satisfies z.ZodType<UserDto>;

export const WishlistItemSchema = z
  .object({
    _id: z.string(),
    slug: z.string(),
    name: z.string(),
    image: z.string(),
    price: z.number(),
    salePrice: z.number().optional(),
  })
  .meta({ id: "WishlistItem", description: "WishlistItem (core/cart.ts)" }) satisfies z.ZodType<WishlistItem>;

export const CartQuoteLineSchema = z
  .object({
    productId: z.string(),
    slug: z.string(),
    name: z.string(),
    image: z.string(),
    size: z.string(),
    color: z.string(),
    colorLabel: z.string().optional(),
    sku: z.string(),
    quantity: z.number(),
    price: z.number(),
    salePrice: z.number().optional(),
    unitPriceFils: z.number(),
    lineTotalFils: z.number(),
    available: z.number().nullable(),
    problem: z.string().nullable(),
    stitching: StitchingQuoteSchema.optional(),
  })
  .meta({
    id: "CartQuoteLine",
    description: "CartQuoteLine (core/cart.ts)",
  }) satisfies z.ZodType<CartQuoteLine>;

export const CartDataSchema = z
  .record(
    z.string(),
    z.object({
      quantity: z.number(),
      lines: z.array(
        z.object({
          size: z.string(),
          color: z.string(),
          quantity: z.number(),
          stitching: StitchingChoiceSchema.optional(),
        }),
      ),
    }),
  )
  .meta({
    id: "CartData",
    description: "CartData (core/cart.ts): the shopper's server cart, keyed by product then size",
  }) satisfies z.ZodType<CartData>;

export const ReviewSummaryDtoSchema = z
  .object({
    averageRating: z.number(),
    totalReviews: z.number(),
    ratingDistribution: z.object({
      "1": z.number(),
      "2": z.number(),
      "3": z.number(),
      "4": z.number(),
      "5": z.number(),
    }),
  })
  .meta({
    id: "ReviewSummaryDto",
    description: "ReviewSummaryDto (core/catalog.ts)",
  }) satisfies z.ZodType<ReviewSummaryDto>;

export const OwnReviewDtoSchema = ReviewDtoSchema.extend({
  status: z.enum(["pending", "published", "rejected"]),
}).meta({
  id: "OwnReviewDto",
  description: "OwnReviewDto (core/schemas/review.schema.ts): the shopper's own review with its status",
}) satisfies z.ZodType<OwnReviewDto>;

/**
 * The shapes the back-office screens read from `/api/admin/*`. Money is integer fils, times ISO-8601.
 */
export type OrderStatus =
  | "Order Placed"
  | "Packing"
  | "Shipped"
  | "Out for Delivery"
  | "Delivered"
  | "Cancelled";

export const ORDER_FLOW: OrderStatus[] = [
  "Order Placed",
  "Packing",
  "Shipped",
  "Out for Delivery",
  "Delivered",
];

export interface Paged {
  page: number;
  pages: number;
  total: number;
}

export interface DashboardDto {
  today: { orders: number; revenueFils: number };
  month: { orders: number; revenueFils: number };
  toPack: number;
  newRequests: number;
  newMessages: number;
  lowStockThreshold: number;
  lowStock: {
    variantId: string;
    productId: string;
    productName: string;
    size: string;
    sku: string;
    stock: number;
  }[];
}

export interface AdminProductRow {
  _id: string;
  name: string;
  slug: string;
  category: string;
  type: string;
  image: string | null;
  priceFils: number;
  stock: number;
  variants: number;
  archived: boolean;
}

export interface AdminVariant {
  _id: string;
  size: string;
  sku: string;
  priceFils: number;
  discount: number;
  stock: number;
}

export interface AdminImage {
  _id: string;
  url: string;
  alt: string;
}

export interface AdminProduct {
  _id: string;
  name: string;
  slug: string;
  description: string;
  category: string;
  type: string;
  fabric: string;
  colors: string[];
  bestseller: boolean;
  isNew: boolean;
  isSale: boolean;
  archived: boolean;
  variants: AdminVariant[];
  images: AdminImage[];
}

export interface AdminOrderRow {
  _id: string;
  orderNumber: string;
  createdAt: string;
  customerName: string;
  phone: string;
  status: string;
  paymentStatus: "paid" | "unpaid" | "refunded";
  paymentMode: "online" | "cod";
  totalFils: number;
  itemCount: number;
}

export interface AdminOrderEvent {
  _id: string;
  at: string;
  kind: string;
  message: string;
  actorName: string | null;
}

export const REQUEST_STATUS_LABELS = { new: "New", in_progress: "In progress", done: "Done" } as const;

export interface AdminRequestRow {
  _id: string;
  kind: "stitching" | "contact";
  reference: string;
  name: string;
  email: string | null;
  phone: string | null;
  subject: string;
  status: "new" | "in_progress" | "done";
  createdAt: string;
}

export interface AdminRequest extends AdminRequestRow {
  fields: { label: string; value: string }[];
  notes: { _id: string; at: string; actorName: string; text: string }[];
}

export interface AdminReviewRow {
  _id: string;
  productName: string;
  productSlug: string;
  userName: string;
  rating: number;
  comment: string;
  isVerifiedPurchase: boolean;
  createdAt: string;
}

export interface AdminPostRow {
  _id: string;
  title: string;
  slug: string;
  author: string;
  published: boolean;
  date: string;
}

export interface AdminPost extends AdminPostRow {
  excerpt: string;
  content: string;
  category: string;
  image: string | null;
}

export interface ShopSettings {
  shopName: string;
  phone: string;
  email: string;
  officeAddress: string;
  warehouseAddress: string;
  legalAddress: string;
  trn: string;
  vatRatePercent: number;
  codEnabled: boolean;
  announcement: string[];
  lowStockThreshold: number;
}

export interface StaffMember {
  _id: string;
  name: string;
  email: string;
  role: "staff" | "owner";
}

export interface AuditEntry {
  _id: string;
  at: string;
  actorName: string;
  action: string;
  entity: string;
  entityId: string;
  summary: string;
}

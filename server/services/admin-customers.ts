import type { Kysely } from "kysely";
import type {
  AdminCustomerDetail,
  AdminCustomerQuery,
  AdminCustomerSummary,
  AdminOrderSummary,
} from "#core/admin.ts";
import { listAddressRows } from "../db/repositories/addresses.ts";
import {
  type AdminCustomerRow,
  customerMessages,
  customerReviews,
  customerStitchingRequests,
  findCustomerRow,
  listCustomerRows,
} from "../db/repositories/admin-customers.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "./admin-errors.ts";
import type { AdminOrders } from "./admin-orders.ts";

function summary(row: AdminCustomerRow): AdminCustomerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    createdAt: row.created_at,
    ordersCount: row.orders_count,
    totalSpentFils: row.total_spent_fils,
    lastOrderAt: row.last_order_at,
    codRefusals: row.cod_refusals,
  };
}

/** A phone's links: `tel:` keeps the E.164 plus, WhatsApp's wa.me wants the digits alone. */
export function phoneLinks(phone: string): { telHref: string; whatsappHref: string } {
  const digits = phone.replace(/\D/g, "");
  return { telHref: `tel:+${digits}`, whatsappHref: `https://wa.me/${digits}` };
}

/**
 * The shop's customers (issue 26; decision 0026): shoppers' accounts found by name, e-mail or phone with
 * their order figures, and one person's orders, addresses, messages, stitching requests and reviews.
 */
export function createAdminCustomers(options: { db: Kysely<Database>; orders: AdminOrders }) {
  const { db, orders } = options;
  return {
    async list(query: AdminCustomerQuery): Promise<{ customers: AdminCustomerSummary[]; total: number }> {
      const { rows, total } = await listCustomerRows(db, query);
      return { customers: rows.map(summary), total };
    },

    async detail(id: string): Promise<AdminCustomerDetail> {
      const row = await findCustomerRow(db, id);
      if (!row) throw notFound("Customer");
      const [placed, addresses, messages, requests, reviews] = await Promise.all([
        orders.list({ customer: id, sort: "-placed", page: 1, limit: 100 }),
        listAddressRows(db, id),
        customerMessages(db, id, row.email),
        customerStitchingRequests(db, id, row.email, row.phone),
        customerReviews(db, id),
      ]);
      return {
        customer: { ...summary(row), language: row.language, ...phoneLinks(row.phone) },
        orders: placed.orders satisfies AdminOrderSummary[],
        addresses: addresses.map((a) => ({
          id: a.id,
          name: `${a.first_name} ${a.last_name ?? ""}`.trim(),
          address: [a.address, a.landmark].filter(Boolean).join(", "),
          city: a.city,
          state: a.state,
          country: a.country,
          phone: a.phone,
          isPrimary: Boolean(a.is_primary),
        })),
        messages: messages.map((m) => ({
          id: m.id,
          reference: m.reference,
          status: m.status,
          createdAt: m.created_at,
          subject: m.subject,
        })),
        stitchingRequests: requests.map((r) => ({
          id: r.id,
          reference: r.reference,
          status: r.status,
          createdAt: r.created_at,
          serviceType: r.service_type,
          itemCount: Number(r.item_count),
        })),
        reviews: reviews.map((r) => ({
          id: r.id,
          productId: r.product_id,
          productName: r.product_name,
          rating: Number(r.rating),
          comment: r.comment,
          status: r.status,
          createdAt: r.created_at,
        })),
      };
    },
  };
}

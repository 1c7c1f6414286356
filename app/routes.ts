import { index, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every storefront page, once per language (docs/decisions/0012-arabic.md): English at SPEC's URLs, Arabic
 * under `/ar`. The same route module serves both; the Arabic twin only gets its own id. A page's locale
 * is read from its URL (app/lib/i18n.ts), so a new page added here is bilingual without more work.
 */
const PAGES: [path: string | null, file: string][] = [
  [null, "routes/home.tsx"],
  ["about", "routes/about.tsx"],
  ["terms", "routes/terms.tsx"],
  ["privacy", "routes/privacy.tsx"],
  ["shipping", "routes/shipping.tsx"],
  ["returns", "routes/returns.tsx"],
  ["contact", "routes/contact.tsx"],
  ["stitching-service", "routes/stitching-service.tsx"],
  ["shop", "routes/shop.tsx"],
  ["product/:slug", "routes/product.tsx"],
  ["cart", "routes/cart.tsx"],
  ["wishlist", "routes/wishlist.tsx"],
  ["blog", "routes/blog.tsx"],
  ["blog/:slug", "routes/blog-post.tsx"],
  ["login", "routes/login.tsx"],
  ["signup", "routes/signup.tsx"],
  ["forgot-password", "routes/forgot-password.tsx"],
  ["account", "routes/account.tsx"],
  ["checkout", "routes/checkout.tsx"],
  ["payment-redirect", "routes/payment-redirect.tsx"],
  ["*", "routes/not-found.tsx"],
];

const english = PAGES.map(([path, file]) => (path === null ? index(file) : route(path, file)));
const arabic = PAGES.map(([path, file]) => {
  const id = `ar/${file.replace(/^routes\/|\.tsx$/g, "")}`;
  return route(path === null ? "ar" : `ar/${path}`, file, { id });
});

// The back office (/admin, issue 15): its own layout and chrome; nothing of it loads on storefront pages.
const admin = [
  route("admin/login", "routes/admin/login.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("orders/:id", "routes/admin/order.tsx"),
    route("orders/:id/print/:document", "routes/admin/order-print.tsx"),
    route("returns", "routes/admin/returns.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("customers/:id", "routes/admin/customer.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("products/new", "routes/admin/product-edit.tsx", { id: "admin-product-new" }),
    route("products/:id", "routes/admin/product-edit.tsx", { id: "admin-product-edit" }),
    route("promotions", "routes/admin/promotions.tsx"),
    route("inbox", "routes/admin/inbox.tsx"),
    route("inbox/:kind/:id", "routes/admin/inbox-item.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("blog", "routes/admin/blog.tsx"),
    route("blog/new", "routes/admin/blog-edit.tsx", { id: "admin-blog-new" }),
    route("blog/:id", "routes/admin/blog-edit.tsx", { id: "admin-blog-edit" }),
    route("settings", "routes/admin/settings.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("mail", "routes/admin/mail.tsx"),
    route("exports", "routes/admin/exports.tsx"),
  ]),
];

export default [...english, ...admin, ...arabic] satisfies RouteConfig;

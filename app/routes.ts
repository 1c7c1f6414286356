import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The back office (/admin, issue 15): its own layout and chrome; nothing of it loads on storefront pages.
const admin = [
  route("admin/login", "routes/admin/login.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("orders/:id", "routes/admin/order.tsx"),
    route("orders/:id/print/:document", "routes/admin/order-print.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("products/new", "routes/admin/product-edit.tsx", { id: "admin-product-new" }),
    route("products/:id", "routes/admin/product-edit.tsx", { id: "admin-product-edit" }),
    route("inbox", "routes/admin/inbox.tsx"),
    route("inbox/:kind/:id", "routes/admin/inbox-item.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("blog", "routes/admin/blog.tsx"),
    route("blog/new", "routes/admin/blog-edit.tsx", { id: "admin-blog-new" }),
    route("blog/:id", "routes/admin/blog-edit.tsx", { id: "admin-blog-edit" }),
    route("settings", "routes/admin/settings.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("audit", "routes/admin/audit.tsx"),
  ]),
];

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("shipping", "routes/shipping.tsx"),
  route("returns", "routes/returns.tsx"),
  route("contact", "routes/contact.tsx"),
  route("stitching-service", "routes/stitching-service.tsx"),
  route("shop", "routes/shop.tsx"),
  route("product/:slug", "routes/product.tsx"),
  route("cart", "routes/cart.tsx"),
  route("wishlist", "routes/wishlist.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("account", "routes/account.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("payment-redirect", "routes/payment-redirect.tsx"),
  ...admin,
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

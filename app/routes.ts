import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("shipping", "routes/shipping.tsx"),
  route("returns", "routes/returns.tsx"),
  route("contact", "routes/contact.tsx"),
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
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

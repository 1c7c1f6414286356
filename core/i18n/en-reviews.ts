/**
 * Shoppers' reviews (SPEC §5 Review, §8 Reviews): the product page's review panel and dialog, and what the
 * server says about a review. Spread into `en` in en.ts. Quoted exactly from SPEC: `review.loginRequired`,
 * `review.ratingRequired`, `review.commentTooShort`, `review.failed`, `review.error`, `review.tryLater`.
 */
export const enReviews = {
  "review.write": "Write a Review",
  "review.loginRequired": "Please login to submit a review",
  "review.loginLink": "Log in to write a review",
  "review.rating": "Your rating",
  "review.comment": "Your review",
  "review.counter": "{n}/{max}",
  "review.submit": "Submit Review",
  "review.submitting": "Submitting...",
  "review.failed": "Failed to submit review",
  "review.error": "Error submitting review",
  "review.tryLater": "Please try again later.",
  "review.submitted": "Review submitted",
  "review.awaiting": "Your review is awaiting approval",

  "review.productRequired": "Please choose a product to review.",
  "review.ratingRequired": "Please select a rating",
  "review.ratingRange": "Rating must be a whole number from 1 to 5.",
  "review.commentTooShort": "Please write a review with at least 10 characters",
  "review.commentTooLong": "Your review can be at most {max} characters.",
  "review.duplicate": "You have already reviewed this product.",
  "review.published": "Thank you! Your review is now live.",
  "review.pending": "Thank you! Your review will appear once the shop approves it.",
} as const;

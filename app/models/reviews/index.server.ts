export { isValidReviewToken, REVIEW_LINK_DAYS, reviewLinkPath, reviewPagePath, reviewToken } from "./review-link.server";
export { inviteReviews, reviewInviteAtFor, type ReviewInviteParams, startReviewInvites } from "./review-invites.server";
export { replyToReview, setReviewsStatus } from "./review-moderation.server";
export { ADMIN_REVIEWS_PAGE_SIZE, type AdminReview, getAdminReview, getPublishedReviews, listAdminReviews, type PublishedReviews, type ReviewRow } from "./review-read.server";
export { type ReviewAsker, ReviewError, type ReviewFailure, type ReviewOrder, orderForShopperReview, writeReview, type WriteReviewInput } from "./review-write.server";
export { reviewPageView } from "./review-page.server";

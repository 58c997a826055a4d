import { shell } from "./admin/shell";
import { login } from "./admin/login";
import { dashboard } from "./admin/dashboard";
import { products } from "./admin/products";
import { categories } from "./admin/categories";
import { orders } from "./admin/orders";
import { report } from "./admin/report";
import { coupons } from "./admin/coupons";
import { returns } from "./admin/returns";
import { staff } from "./admin/staff";
import { deliveryAreas } from "./admin/delivery-areas";
import { catalogueSheet } from "./admin/catalogue-sheet";
import { reviews } from "./admin/reviews";

/**
 * Every administration text: the groups the browser loads by page (app/i18n/browser/areas/admin/), and the API's
 * and the uploads' answers, which only the server puts into words.
 */
export const admin = {
  admin: {
    ...shell,
    ...login,
    ...dashboard,
    ...products,
    ...categories,
    ...orders,
    ...report,
    ...coupons,
    ...returns,
    ...staff,
    ...deliveryAreas,
    ...catalogueSheet,
    ...reviews,
    api: {
      methodNotAllowed: "Method not allowed.",
      loginRequired: "Admin login required.",
      adminsOnly: "Administrators only.",
      loggedIn: "Logged in.",
      loggedOut: "Logged out.",
      unknownOrderStatus: "Unknown order status.",
      invalidProduct: "Invalid product.",
      invalidStockFilter: 'The stock filter must be "low" or left out.',
      invalidDeliveryDateFilter: 'The delivery date filter ("deliveryDate") must be a date, YYYY-MM-DD, or left out.',
      notYourRole: "Your role does not allow this.",
      invalidStaff: "Give a valid e-mail and a role: owner, orders or catalogue.",
      invalidStaffUpdate: "Give role (owner, orders or catalogue), disabled (true or false) or resetTwoStep (true or false).",
      staffExists: "This e-mail already belongs to a member.",
      staffNotFound: "No such member.",
      lastOwner: "The last owner cannot be removed or demoted.",
      formerAdminEmail: "This is the former administrator account, disabled when the server's administrator e-mail changed: it cannot be enabled again here.",
      invalidAuditQuery: "Invalid filter.",
      codeRequired: "Enter the code from your authenticator app.",
      codeInvalid: "The code is wrong or has expired.",
    },
    upload: {
      uploaded: "Image uploaded.",
      missing: "Please choose an image to upload.",
      type: "Only JPEG, PNG or WebP images are accepted.",
      size: "The image must be at most 5 MB.",
      dimensions: "The image must be at most 4000 × 4000 pixels.",
      unreadable: "The image could not be read.",
    },
  },
};

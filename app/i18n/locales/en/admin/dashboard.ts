/** The dashboard. */
export const dashboard = {
  dashboard: {
    title: "Dashboard",
    orders: "Orders",
    ordersHint: "Follow and update customers' orders",
    products: "Products",
    productsHint: "Add and edit products and categories",
    salesReport: "Sales Report",
    salesReportHint: "Paid sales by day",
    users: "Users",
    usersHint: "Registered customers by phone",
  },
};

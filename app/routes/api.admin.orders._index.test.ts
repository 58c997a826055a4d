import { describe, expect, it } from "vitest";
import { adminCookie, request } from "../../tests/support/admin-requests";
import { loader } from "./api.admin.orders._index";

describe("GET /api/admin/orders", () => {
  it("refuses a delivery date filter that is not a date with a message naming that filter", async () => {
    const { cookie } = await adminCookie();
    for (const deliveryDate of ["2026-02-30", "2026-13-02", "tomorrow"]) {
      const answer = await loader({ request: request(`/api/admin/orders?status=pending&deliveryDate=${deliveryDate}`, { cookie }), params: {}, context: { cspNonce: "" } });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        message: 'The delivery date filter ("deliveryDate") must be a date, YYYY-MM-DD, or left out. / فلتر تاريخ التوصيل ("deliveryDate") يجب أن يكون تاريخاً بالصيغة YYYY-MM-DD أو أن يُترك.',
      });
    }
  });
});

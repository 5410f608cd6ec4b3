import { sharedKeys } from "@/api/keys";

/** The landing page's public reads: its figures and the register of licensed institutions. */
export const landingKeys = {
  summary: ["/api/public/summary"] as const,
  register: sharedKeys.publicRegister,
};

/** True for the roles that review applications and see every institution (spec README, decision 6). */
export function isRegulator(role: string | null | undefined): boolean {
  return role === "cbsl_admin" || role === "cbsl_officer";
}

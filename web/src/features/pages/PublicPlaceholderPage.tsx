import { PublicFrame } from "@/features/shell/PublicFrame";
import { PlaceholderPage, type PlaceholderName } from "@/features/pages/PlaceholderPage";

/** A signed-out placeholder page with the public header (tour, apply). */
export function PublicPlaceholderPage({ page }: { page: PlaceholderName }) {
  return (
    <PublicFrame mainClassName="px-4 py-8 sm:px-6">
      <PlaceholderPage page={page} />
    </PublicFrame>
  );
}

export default PublicPlaceholderPage;

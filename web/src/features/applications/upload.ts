import { storeLogo } from "@/features/applications/api";
import { uploadImage, type UploadKeys } from "@/lib/imageUpload";

const LOGO_KEYS: UploadKeys = { badType: "apply.logo.badType", tooLarge: "apply.logo.tooLarge", failed: "apply.logo.failed" };

/** Uploads an institution logo and answers the stable path stored as logoUrl. */
export function uploadLogo(file: File, onProgress: (percent: number) => void = () => {}): Promise<string> {
  return uploadImage(
    file,
    LOGO_KEYS,
    storeLogo,
    onProgress,
  );
}
